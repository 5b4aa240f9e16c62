import { Suspense } from 'react';
import type { Gender, ProfileUpdateRequest } from '@dating/shared';
import { useOptionLabels } from '@dating/shared/option-labels';
import { OPTION_VALUES } from '@dating/shared/option-labels/values';
import { SelectField } from './select-field';
import styles from './profile-fields.module.scss';
import { useSignupTranslation } from '../lib/i18n';

/** The personal details of docs/product/member-model.md (signup step 3 and /profile). Empty string means "not answered". */
export interface ProfileDetails {
  hair_color: string;
  eye_color: string;
  body_type: string;
  relationship_status: string;
  tattoos: string;
  reason: string;
}

export function detailsFromProfile(profile: {
  hair_color: string | null;
  eye_color: string | null;
  body_type: string | null;
  relationship_status: string | null;
  tattoos: boolean | null;
  reason: string | null;
}): ProfileDetails {
  return {
    hair_color: profile.hair_color ?? '',
    eye_color: profile.eye_color ?? '',
    body_type: profile.body_type ?? '',
    relationship_status: profile.relationship_status ?? '',
    tattoos: profile.tattoos === null ? '' : profile.tattoos ? 'yes' : 'no',
    reason: profile.reason ?? '',
  };
}

export function detailsToRequest(details: ProfileDetails): ProfileUpdateRequest {
  return {
    hair_color: (details.hair_color || null) as ProfileUpdateRequest['hair_color'],
    eye_color: (details.eye_color || null) as ProfileUpdateRequest['eye_color'],
    body_type: (details.body_type || null) as ProfileUpdateRequest['body_type'],
    relationship_status: (details.relationship_status || null) as ProfileUpdateRequest['relationship_status'],
    tattoos: details.tattoos === '' ? null : details.tattoos === 'yes',
    reason: details.reason || null,
  };
}

const FIELDS: (keyof ProfileDetails)[] = [
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'reason',
];

/**
 * The selects of the details, labelled from the one option catalogue (`@dating/shared/option-labels`) in the
 * member's own `gender`, as every display shows them.
 */
function ProfileDetailsFieldsWithLabels({
  value,
  onChange,
  idPrefix,
  gender,
}: {
  value: ProfileDetails;
  onChange(value: ProfileDetails): void;
  idPrefix: string;
  gender: Gender;
}) {
  const { t } = useSignupTranslation();
  const { label } = useOptionLabels();
  return (
    <div className={styles.fieldGrid}>
      {FIELDS.map((field) => (
        <SelectField
          key={field}
          id={`${idPrefix}-${field}`}
          label={t(`fields.${field}`)}
          value={value[field]}
          emptyLabel={t('options.unanswered')}
          options={OPTION_VALUES[field].map((option) => ({
            value: option,
            label: label(field, option as never, gender),
          }))}
          onChange={(next) => onChange({ ...value, [field]: next })}
        />
      ))}
    </div>
  );
}

/**
 * Its own Suspense boundary: the option labels' namespace (`@dating/shared/option-labels`) loads when the first
 * of these mounts, and that wait must not hide what the page already shows (a signup step, the profile's photos).
 */
export function ProfileDetailsFields(props: Parameters<typeof ProfileDetailsFieldsWithLabels>[0]) {
  return (
    <Suspense fallback={<div aria-busy="true" />}>
      <ProfileDetailsFieldsWithLabels {...props} />
    </Suspense>
  );
}
