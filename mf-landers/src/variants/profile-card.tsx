import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { ProfilePhoto } from '../features/lander/components/profile-photo';
import { SignupCta } from '../features/lander/components/signup-cta';
import type { VariantProps } from './variant-props';
import { useFeaturedMember } from './use-featured-member';
import styles from './profile-landers.module.scss';

/** `/members/{id}/landing`: the member's profile card, big photo, about and interests, and "send a message". */
export default function ProfileCard({ source, memberId }: VariantProps) {
  const { t } = useTranslation(NS);
  const profile = useFeaturedMember(memberId);
  const name = profile?.name ?? '';
  return (
    <LanderFrame page="landing" source={source}>
      <section className={styles.card}>
        <ProfilePhoto profile={profile} size="full" lazy={false} className={styles.bigPhoto} />
        <div className={styles.cardBody}>
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
                  <li key={interest}>{t(`interests.${interest}`, { defaultValue: interest })}</li>
                ))}
              </ul>
            </>
          )}
          <SignupCta source={source} label={profile ? t('profileLanding.cta', { name }) : undefined} />
        </div>
      </section>
    </LanderFrame>
  );
}
