import { useTranslation } from 'react-i18next';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  PROFILE_REASONS,
  RELATIONSHIP_STATUSES,
  type ProfileUpdateRequest,
} from '@dating/shared';
import { SelectField } from '../../../components/select-field';
import styles from './profile.module.scss';

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

const LISTS = {
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: ['yes', 'no'],
  reason: PROFILE_REASONS,
} as const;

export function ProfileDetailsFields({
  value,
  onChange,
  idPrefix,
}: {
  value: ProfileDetails;
  onChange(value: ProfileDetails): void;
  idPrefix: string;
}) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.fieldGrid}>
      {(Object.keys(LISTS) as (keyof ProfileDetails)[]).map((field) => (
        <SelectField
          key={field}
          id={`${idPrefix}-${field}`}
          label={t(`fields.${field}`)}
          value={value[field]}
          emptyLabel={t('options.unanswered')}
          options={LISTS[field].map((option) => ({ value: option, label: t(`options.${field}.${option}`) }))}
          onChange={(next) => onChange({ ...value, [field]: next })}
        />
      ))}
    </div>
  );
}
