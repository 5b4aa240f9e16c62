import { Suspense } from 'react';
import { INTERESTS, type Interest } from '@dating/shared';
import { INTEREST_ICONS } from '@dating/shared/interest-icons';
import { useOptionLabels } from '@dating/shared/option-labels';
import styles from './profile-fields.module.scss';
import { useSignupTranslation } from '../lib/i18n';

export interface InterestsPickerProps {
  value: Interest[];
  onChange(value: Interest[]): void;
  idPrefix?: string;
  /**
   * Folded to one line (the legend and the chosen interests) that opens the chips: on the profile page, where the
   * fifty chips would otherwise be a third of a phone's scroll through the form.
   */
  folded?: boolean;
}

function InterestsPickerWithLabels({
  value,
  onChange,
  idPrefix = 'interest',
  folded = false,
}: InterestsPickerProps) {
  const { t } = useSignupTranslation();
  const { label } = useOptionLabels();
  function toggle(interest: Interest) {
    onChange(value.includes(interest) ? value.filter((item) => item !== interest) : [...value, interest]);
  }
  const picker = (
    <fieldset className={folded ? 'mt-2' : 'mb-3'}>
      <legend className={folded ? 'visually-hidden' : 'form-label fs-6'}>{t('fields.interests')}</legend>
      <div className={styles.interests}>
        {INTERESTS.map((interest) => (
          <div key={interest} className={styles.interest}>
            <input
              type="checkbox"
              id={`${idPrefix}-${interest}`}
              className={styles.interestInput}
              checked={value.includes(interest)}
              onChange={() => toggle(interest)}
            />
            <label htmlFor={`${idPrefix}-${interest}`} className={styles.interestLabel}>
              <span className={styles.icon} aria-hidden="true">
                {INTEREST_ICONS[interest]}
              </span>
              {label('interests', interest)}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
  if (!folded) return picker;
  return (
    <details className={`mb-3 ${styles.interestsFold}`}>
      <summary className={styles.interestsSummary}>
        <span className="form-label fs-6 mb-0">{t('fields.interests')}</span>
        {value.length > 0 ? (
          <span className={styles.chosen}>
            {value.map((interest) => (
              <span key={interest} className={styles.chosenChip}>
                <span aria-hidden="true">{INTEREST_ICONS[interest]}</span> {label('interests', interest)}
              </span>
            ))}
          </span>
        ) : null}
      </summary>
      {picker}
    </details>
  );
}

/**
 * Its own Suspense boundary: the option labels' namespace (`@dating/shared/option-labels`) loads when the first
 * of these mounts, and that wait must not hide what the page already shows (a signup step, the profile's photos).
 */
export function InterestsPicker(props: Parameters<typeof InterestsPickerWithLabels>[0]) {
  return (
    <Suspense fallback={<div aria-busy="true" />}>
      <InterestsPickerWithLabels {...props} />
    </Suspense>
  );
}
