import { useTranslation } from 'react-i18next';
import { signupModalOpened, useAppDispatch, type Profile } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { useGetLanderProfilesQuery } from '../api/get-lander-profiles';
import styles from './lander.module.scss';

const TEASER_COUNT = 6;

function Teaser({ profile, onOpen }: { profile: Profile; onOpen: () => void }) {
  const image = profile.main_image?.status === 'active' ? profile.main_image : null;
  return (
    <li>
      <button type="button" className={styles.teaser} onClick={onOpen}>
        {image ? (
          <img src={image.thumb_filename} alt="" width={240} height={240} loading="lazy" decoding="async" />
        ) : (
          <span className={styles.teaserBlank} aria-hidden="true" />
        )}
        <span className={styles.teaserText}>
          {profile.name}, {profile.age}
          {profile.city && <small>{profile.city}</small>}
        </span>
      </button>
    </li>
  );
}

/** A few real profiles where the visitor may see them (SPEC §6), otherwise decorative silhouettes. */
export function ProfileTeasers({ source }: { source: string }) {
  const { t } = useTranslation(NS);
  const dispatch = useAppDispatch();
  const { settings, mayBrowse, source: traffic } = useSite();
  const { data } = useGetLanderProfilesQuery({ numResults: TEASER_COUNT, ...traffic }, { skip: !mayBrowse });
  const profiles = data ? data.profiles.slice(0, TEASER_COUNT) : [];
  const open = () => dispatch(signupModalOpened({ source }));

  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('teasers.title', { site: settings?.name ?? '' })}</h2>
      <ul className={styles.teasers}>
        {profiles.length > 0
          ? profiles.map((profile) => <Teaser key={profile.id} profile={profile} onOpen={open} />)
          : Array.from({ length: TEASER_COUNT }, (_, index) => (
              <li key={index} aria-hidden="true">
                <span className={`${styles.teaser} ${styles.decorative}`} />
              </li>
            ))}
      </ul>
    </section>
  );
}
