import { pageTexts, useLanderTranslation } from '../lib/page-texts';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { ProfilePhoto } from '../features/lander/components/profile-photo';
import { SignupCta } from '../features/lander/components/signup-cta';
import type { VariantProps } from './variant-props';
import { useFeaturedMember } from './use-featured-member';
import styles from './profile-landers.module.scss';

/** This lander's own texts (`landers-profile-match`), registered here so the map of their locale files is in this chunk. */
const TEXTS = pageTexts('profile-match', 'profileMatch', {
  da: () => import('../locales/profile-match/da.json'),
  de: () => import('../locales/profile-match/de.json'),
  en: () => import('../locales/profile-match/en.json'),
  es: () => import('../locales/profile-match/es.json'),
  fi: () => import('../locales/profile-match/fi.json'),
  fr: () => import('../locales/profile-match/fr.json'),
  it: () => import('../locales/profile-match/it.json'),
  nb: () => import('../locales/profile-match/nb.json'),
  nl: () => import('../locales/profile-match/nl.json'),
  pl: () => import('../locales/profile-match/pl.json'),
  sv: () => import('../locales/profile-match/sv.json'),
});

/** `/members/{id}/landing3/{slug?}`: "it's a match" with the member: two pictures, a heart, say hello. */
export default function ProfileMatch({ source, memberId }: VariantProps) {
  const { t } = useLanderTranslation(TEXTS);
  const { profile, settled } = useFeaturedMember(memberId);
  const name = profile?.name ?? t('profileChat.someone');
  // The text carries the member's name, so its lines (and the pictures and button below) are known only once the
  // member is: they are drawn then, all at once, under the title (no layout shift, CLS).
  return (
    <LanderFrame page="landing3" source={source} closing={settled}>
      <section className={styles.match}>
        <h1 className={styles.matchTitle} data-testid="lander-title">
          {t('profileMatch.title')}
        </h1>
        {settled && (
          <>
            <p>{t('profileMatch.text', { name })}</p>
            <div className={styles.pair}>
              <span className={styles.you}>{t('map.you')}</span>
              <span className={styles.heart} aria-hidden="true">
                ♥
              </span>
              <ProfilePhoto profile={profile} lazy={false} priority className={styles.pairPhoto} />
            </div>
            <SignupCta source={source} label={t('profileMatch.cta', { name })} />
          </>
        )}
      </section>
    </LanderFrame>
  );
}
