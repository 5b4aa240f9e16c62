import { useOptionLabels } from '@dating/shared/option-labels';
import { pageTexts, useLanderTranslation } from '../lib/page-texts';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { ProfilePhoto } from '../features/lander/components/profile-photo';
import { SignupCta } from '../features/lander/components/signup-cta';
import type { VariantProps } from './variant-props';
import { useFeaturedMember } from './use-featured-member';
import styles from './profile-landers.module.scss';

/** This lander's own texts (`landers-profile-card`), registered here so the map of their locale files is in this chunk. */
const TEXTS = pageTexts('profile-card', 'profileLanding', {
  da: () => import('../locales/profile-card/da.json'),
  de: () => import('../locales/profile-card/de.json'),
  en: () => import('../locales/profile-card/en.json'),
  es: () => import('../locales/profile-card/es.json'),
  fi: () => import('../locales/profile-card/fi.json'),
  fr: () => import('../locales/profile-card/fr.json'),
  it: () => import('../locales/profile-card/it.json'),
  nb: () => import('../locales/profile-card/nb.json'),
  nl: () => import('../locales/profile-card/nl.json'),
  pl: () => import('../locales/profile-card/pl.json'),
  sv: () => import('../locales/profile-card/sv.json'),
});

/** `/members/{id}/landing`: the member's profile card, big photo, about and interests, and "send a message". */
export default function ProfileCard({ source, memberId }: VariantProps) {
  const { t } = useLanderTranslation(TEXTS);
  const { label } = useOptionLabels();
  const { profile, settled } = useFeaturedMember(memberId);
  const name = profile?.name ?? '';
  // The texts (about, interests) decide where the call to action and the closing sit: they are drawn once the
  // member is known, all at once, while the photo's box holds the top of the page (no layout shift, CLS).
  return (
    <LanderFrame page="landing" source={source} closing={settled}>
      <section className={styles.card}>
        <ProfilePhoto profile={profile} size="full" lazy={false} priority className={styles.bigPhoto} />
        <div className={styles.cardBody}>
          {settled && (
            <>
              <h1 className={styles.title} data-testid="lander-title">
                {profile ? t('profileLanding.title', { name }) : t('profileLanding.titleAnonymous')}
              </h1>
              {profile && (
                <p className={styles.facts}>
                  {profile.age} · {[profile.city, profile.region].filter(Boolean).join(', ')}
                </p>
              )}
              {profile?.about && (
                <>
                  <h2>{t('profileLanding.about', { name })}</h2>
                  <p>{profile.about}</p>
                </>
              )}
              {profile && profile.interests.length > 0 && (
                <>
                  <h2>{t('profileLanding.interests')}</h2>
                  <ul className={styles.chips}>
                    {profile.interests.slice(0, 6).map((interest) => (
                      <li key={interest}>{label('interests', interest)}</li>
                    ))}
                  </ul>
                </>
              )}
              <SignupCta source={source} label={profile ? t('profileLanding.cta', { name }) : undefined} />
            </>
          )}
        </div>
      </section>
    </LanderFrame>
  );
}
