import type { PreviewProfile } from '../features/lander/hooks/use-lander-profiles';
import { pageTexts, useLanderTranslation } from '../lib/page-texts';
import { useSite } from '../lib/site';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { ProfilePhoto } from '../features/lander/components/profile-photo';
import { SignupCta } from '../features/lander/components/signup-cta';
import { SignupButton } from '../lib/signup-button';
import { useLanderProfiles } from '../features/lander/hooks/use-lander-profiles';
import type { VariantProps } from './variant-props';
import styles from './social-network.module.scss';

/** This lander's own texts (`landers-social`), registered here so the map of their locale files is in this chunk. */
const TEXTS = pageTexts('social', 'social', {
  da: () => import('../locales/social/da.json'),
  de: () => import('../locales/social/de.json'),
  en: () => import('../locales/social/en.json'),
  es: () => import('../locales/social/es.json'),
  fi: () => import('../locales/social/fi.json'),
  fr: () => import('../locales/social/fr.json'),
  it: () => import('../locales/social/it.json'),
  nb: () => import('../locales/social/nb.json'),
  nl: () => import('../locales/social/nl.json'),
  pl: () => import('../locales/social/pl.json'),
  sv: () => import('../locales/social/sv.json'),
});

const POSTS = 5;
const POST_TEXTS = 6;
const SUGGESTIONS = 3;

/**
 * One post. Without a profile (the members are still loading) it is its own placeholder: the same boxes, lines
 * and picture, so the feed and the suggestions beside or below it do not move when the members arrive (CLS).
 */
function Post({ profile, index, source }: { profile: PreviewProfile | null; index: number; source: string }) {
  const { t } = useLanderTranslation(TEXTS);
  if (!profile) {
    return (
      <div className={`${styles.post} ${styles.placeholder}`} aria-hidden="true">
        <div className={styles.postHeader}>
          <ProfilePhoto profile={null} className={styles.avatar} />
          <div>
            <strong>{'\u00a0'}</strong>
            <small>{'\u00a0'}</small>
          </div>
        </div>
        <p className={styles.text}>{t(`social.posts.${index % POST_TEXTS}`)}</p>
        {index % 2 === 0 && (
          <span className={styles.picture}>
            <ProfilePhoto profile={null} size="full" />
          </span>
        )}
        <div className={styles.actions}>
          <span>{'\u00a0'}</span>
        </div>
      </div>
    );
  }
  return (
    <article className={styles.post}>
      <header className={styles.postHeader}>
        <ProfilePhoto profile={profile} lazy={index > 0} className={styles.avatar} />
        <div>
          <strong>{profile.name}</strong>
          <small>
            {t('social.ago', { count: 4 + index * 11 })} · {profile.city ?? profile.region}
          </small>
        </div>
      </header>
      <p className={styles.text}>{t(`social.posts.${index % POST_TEXTS}`)}</p>
      {index % 2 === 0 && (
        <SignupButton
          source={source}
          className={styles.picture}
          aria-label={t('photoOf', { name: profile.name })}
        >
          <ProfilePhoto profile={profile} size="full" lazy={index > 0} priority={index === 0} />
        </SignupButton>
      )}
      <footer className={styles.actions}>
        <SignupButton source={source}>
          <span aria-hidden="true">♥</span> {t('social.like')} · {12 + index * 7}
        </SignupButton>
        <SignupButton source={source}>
          <span aria-hidden="true">💬</span> {t('social.comment')}
        </SignupButton>
      </footer>
    </article>
  );
}

/** `/landers/socialnetwork`: a social feed of members' posts, a composer and suggestions; all lead to signup. */
export default function SocialNetwork({ source }: VariantProps) {
  const { t } = useLanderTranslation(TEXTS);
  const { settings } = useSite();
  const { profiles } = useLanderProfiles(POSTS + SUGGESTIONS);
  // A slot without a member is a placeholder of the same size: while the members load (no layout shift), and for
  // good where a visitor may not see members (docs/product/member-model.md) or there are too few, as the other landers show silhouettes.
  const posts = Array.from({ length: POSTS }, (_, index) => profiles[index] ?? null);
  const suggestions = Array.from({ length: SUGGESTIONS }, (_, index) => profiles[POSTS + index] ?? null);
  return (
    <LanderFrame page="socialnetwork" source={source} className={styles.page}>
      <div className={styles.layout}>
        <div className={styles.feed}>
          <h1 className={styles.title} data-testid="lander-title">
            {t('social.title', { site: settings?.name ?? '' })}
          </h1>
          <SignupButton source={source} className={styles.composer}>
            {t('social.composer')}
          </SignupButton>
          {posts.map((profile, index) => (
            <Post
              key={profile?.id ?? `placeholder-${index}`}
              profile={profile}
              index={index}
              source={source}
            />
          ))}
        </div>
        <aside className={styles.side}>
          <h2>{t('social.suggested')}</h2>
          <ul>
            {suggestions.map((profile, index) =>
              profile ? (
                <li key={profile.id}>
                  <ProfilePhoto profile={profile} className={styles.avatar} />
                  <span className={styles.suggestionName}>
                    {profile.name}, {profile.age}
                  </span>
                  <SignupButton source={source}>{t('social.follow')}</SignupButton>
                </li>
              ) : (
                <li key={`placeholder-${index}`} className={styles.placeholder} aria-hidden="true">
                  <ProfilePhoto profile={null} className={styles.avatar} />
                  <span className={styles.suggestionName}>{'\u00a0'}</span>
                </li>
              ),
            )}
          </ul>
          <SignupCta source={source} />
        </aside>
      </div>
    </LanderFrame>
  );
}
