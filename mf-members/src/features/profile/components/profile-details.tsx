import { Suspense } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_VISIBLE_PROFILE_FIELDS, useGetSettingsQuery, type Profile } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { INTEREST_ICONS } from '@dating/shared/interest-icons';
import { useOptionLabels } from '@dating/shared/option-labels';
import { reasonLabel } from '@dating/shared/option-labels/values';
import styles from './profile-details.module.scss';

const PLACE_FIELDS = ['city', 'region', 'country'];

/**
 * The profile fields of docs/product/member-model.md with the option labels of `@dating/shared/option-labels` (the
 * editor's, in the profile's gender) and interest icons, chosen and ordered by the site's
 * `visible_profile_fields` (country, region and city next to each other form one place row; age is in the
 * heading). With `visible_profile_notes` a chosen field the member left empty says so instead of being left out.
 */
function ProfileDetailsWithLabels({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation(NS);
  const { label } = useOptionLabels();
  const { data: settings } = useGetSettingsQuery();
  const fields = settings?.visible_profile_fields?.length
    ? settings.visible_profile_fields
    : DEFAULT_VISIBLE_PROFILE_FIELDS;
  const notes = settings?.visible_profile_notes === true;
  const countryNames = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'region' }),
    [i18n.language],
  );

  const value = (field: string): string | null => {
    switch (field) {
      case 'gender':
        return label('gender', profile.gender);
      case 'sexuality':
        return profile.sexuality && label('sexuality', profile.sexuality, profile.gender);
      case 'reason':
        return reasonLabel(label, profile.reason);
      case 'hair_color':
        return profile.hair_color && label('hair_color', profile.hair_color, profile.gender);
      case 'eye_color':
        return profile.eye_color && label('eye_color', profile.eye_color);
      case 'body_type':
        return profile.body_type && label('body_type', profile.body_type, profile.gender);
      case 'relationship_status':
        return (
          profile.relationship_status &&
          label('relationship_status', profile.relationship_status, profile.gender)
        );
      case 'tattoos':
        return profile.tattoos === null ? null : label('tattoos', profile.tattoos ? 'yes' : 'no');
      default:
        return null;
    }
  };

  const rows: [string, string | null][] = [];
  let placeDone = false;
  for (const field of fields) {
    if (PLACE_FIELDS.includes(field)) {
      if (placeDone) continue;
      placeDone = true;
      const parts = PLACE_FIELDS.filter((part) => fields.includes(part)).map((part) =>
        part === 'country'
          ? profile.country
            ? (countryNames.of(profile.country) ?? null)
            : null
          : profile[part as 'city' | 'region'],
      );
      rows.push(['location', parts.filter(Boolean).join(', ') || null]);
    } else if (field !== 'age' && field !== 'interests' && t(`fields.${field}`, { defaultValue: '' })) {
      rows.push([field, value(field)]);
    }
  }
  const showInterests = fields.includes('interests');
  const shown = rows
    .map(([field, text]): [string, string | null] => [field, text || (notes ? t('fields.notFilled') : null)])
    .filter((row): row is [string, string] => Boolean(row[1]));

  return (
    <>
      {profile.about && <p className={styles.about}>{profile.about}</p>}
      <dl className={styles.fields}>
        {shown.map(([field, text]) => (
          <div key={field} className={styles.row} data-field={field}>
            <dt>{t(`fields.${field}`)}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      {showInterests && profile.interests.length > 0 && (
        <>
          <h2 className="h6 mt-3">{t('fields.interests')}</h2>
          <ul className={styles.interests}>
            {profile.interests.map((interest) => (
              <li key={interest}>
                <span aria-hidden="true">{INTEREST_ICONS[interest] ?? '•'}</span>{' '}
                {label('interests', interest)}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/**
 * Its own Suspense boundary: the option labels' namespace (`@dating/shared/option-labels`) loads when the first
 * of these mounts, and that wait must not hide what the page already shows (a signup step, the profile's photos).
 */
export function ProfileDetails(props: Parameters<typeof ProfileDetailsWithLabels>[0]) {
  return (
    <Suspense fallback={<div aria-busy="true" />}>
      <ProfileDetailsWithLabels {...props} />
    </Suspense>
  );
}
