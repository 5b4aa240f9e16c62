import { pageTexts, useLanderTranslation } from '../lib/page-texts';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { ProfilePhoto } from '../features/lander/components/profile-photo';
import { SignupButton, useOpenSignup } from '../lib/signup-button';
import type { VariantProps } from './variant-props';
import { useFeaturedMember } from './use-featured-member';
import styles from './profile-landers.module.scss';

/** This lander's own texts (`landers-profile-chat`), registered here so the map of their locale files is in this chunk. */
const TEXTS = pageTexts('profile-chat', 'profileChat', {
  da: () => import('../locales/profile-chat/da.json'),
  de: () => import('../locales/profile-chat/de.json'),
  en: () => import('../locales/profile-chat/en.json'),
  es: () => import('../locales/profile-chat/es.json'),
  fi: () => import('../locales/profile-chat/fi.json'),
  fr: () => import('../locales/profile-chat/fr.json'),
  it: () => import('../locales/profile-chat/it.json'),
  nb: () => import('../locales/profile-chat/nb.json'),
  nl: () => import('../locales/profile-chat/nl.json'),
  pl: () => import('../locales/profile-chat/pl.json'),
  sv: () => import('../locales/profile-chat/sv.json'),
});

/** `/members/{id}/landing2/{slug?}`: a chat the member has opened with the visitor; answering means signing up. */
export default function ProfileChat({ source, memberId }: VariantProps) {
  const { t } = useLanderTranslation(TEXTS);
  const open = useOpenSignup(source);
  const { profile } = useFeaturedMember(memberId);
  const name = profile?.name ?? t('profileChat.someone');
  return (
    <LanderFrame page="landing2" source={source}>
      <section className={styles.chat}>
        <header className={styles.chatHeader}>
          <ProfilePhoto profile={profile} lazy={false} priority className={styles.chatAvatar} />
          <div>
            <h1 className={styles.chatTitle} data-testid="lander-title">
              {t('profileChat.title', { name })}
            </h1>
            <small>{t('onlineNow')}</small>
          </div>
        </header>
        <ol className={styles.messages}>
          <li>{t('profileChat.first')}</li>
          <li>{t('profileChat.second')}</li>
          <li className={styles.typing}>{t('profileChat.typing', { name })}</li>
        </ol>
        <form
          className={styles.reply}
          onSubmit={(event) => {
            event.preventDefault();
            open();
          }}
        >
          <label className="visually-hidden" htmlFor="lander-reply">
            {t('profileChat.placeholder')}
          </label>
          <input id="lander-reply" placeholder={t('profileChat.placeholder')} onFocus={open} readOnly />
          {/* Not a submit button: tapped before hydration, it would submit the form (a reload) instead of being kept. */}
          <SignupButton source={source} data-testid="lander-cta">
            {t('profileChat.send')}
          </SignupButton>
        </form>
      </section>
    </LanderFrame>
  );
}
