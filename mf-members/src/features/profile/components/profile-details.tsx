import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { INTEREST_ICONS } from '@dating/shared/interest-icons';
import styles from './profile-details.module.scss';

/** The profile fields of SPEC §3 with translated option labels and interest icons. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation(NS);
  const countryNames = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const place = [profile.city, profile.region, profile.country ? countryNames.of(profile.country) : null]
    .filter(Boolean)
    .join(', ');

  const rows: [string, string | null][] = [
    ['gender', t(`options.gender.${profile.gender}`)],
    ['sexuality', t(`options.sexuality.${profile.sexuality}`)],
    ['location', place || null],
    ['reason', profile.reason],
    ['hair_color', profile.hair_color && t(`options.hair_color.${profile.hair_color}`)],
    ['eye_color', profile.eye_color && t(`options.eye_color.${profile.eye_color}`)],
    ['body_type', profile.body_type && t(`options.body_type.${profile.body_type}`)],
    [
      'relationship_status',
      profile.relationship_status && t(`options.relationship_status.${profile.relationship_status}`),
    ],
    ['tattoos', profile.tattoos === null ? null : t(profile.tattoos ? 'options.yes' : 'options.no')],
  ];

  return (
    <>
      {profile.about && <p className={styles.about}>{profile.about}</p>}
      <dl className={styles.fields}>
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([field, value]) => (
            <div key={field} className={styles.row}>
              <dt>{t(`fields.${field}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {profile.interests.length > 0 && (
        <>
          <h2 className="h6 mt-3">{t('fields.interests')}</h2>
          <ul className={styles.interests}>
            {profile.interests.map((interest) => (
              <li key={interest}>
                <span aria-hidden="true">{INTEREST_ICONS[interest] ?? '•'}</span> {t(`options.interests.${interest}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
