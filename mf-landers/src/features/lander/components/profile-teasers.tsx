import { useTranslation } from 'react-i18next';
import type { PreviewProfile } from '../hooks/use-lander-profiles';
import { NS } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { useLanderProfiles } from '../hooks/use-lander-profiles';
import { ProfilePhoto } from './profile-photo';
import { SignupButton } from '../../../lib/signup-button';
import styles from './lander.module.scss';

const TEASER_COUNT = 6;

/** The first row of tiles (3 on a phone) is above the fold: fetched first. */
const PRIORITY = 3;

function Teaser({
  profile,
  priority,
  source,
}: {
  profile: PreviewProfile | null;
  priority: boolean;
  source: string;
}) {
  const { t } = useTranslation(NS);
  if (!profile) {
    return (
      <li aria-hidden="true">
        <span className={styles.teaser}>
          <ProfilePhoto profile={null} />
        </span>
      </li>
    );
  }
  return (
    <li>
      {/* Named by what it shows (WCAG 2.5.3 label in name): the photo's description, then name, age and city. */}
      <SignupButton source={source} className={styles.teaser}>
        <span className="visually-hidden">{t('photoOf', { name: profile.name })}</span>
        <ProfilePhoto profile={profile} priority={priority} />
        <span className={styles.teaserText}>
          {profile.name}, {profile.age}
          {profile.city && <small>{profile.city}</small>}
        </span>
      </SignupButton>
    </li>
  );
}

/** A few members of the niche where the visitor may see them (docs/product/member-model.md), otherwise silhouettes of the same size. */
export function ProfileTeasers({ source }: { source: string }) {
  const { t } = useTranslation(NS);
  const { settings } = useSite();
  const { profiles } = useLanderProfiles(TEASER_COUNT);
  const slots = Array.from({ length: TEASER_COUNT }, (_, index) => profiles[index] ?? null);
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('teasers.title', { site: settings?.name ?? '' })}</h2>
      <ul className={styles.teasers}>
        {slots.map((profile, index) => (
          <Teaser
            key={profile?.id ?? `blank-${index}`}
            profile={profile}
            priority={index < PRIORITY}
            source={source}
          />
        ))}
      </ul>
    </section>
  );
}
