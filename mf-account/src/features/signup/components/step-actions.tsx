import { SubmitButton } from '../../../components/submit-button';
import styles from './signup.module.scss';
import { useSignupTranslation } from '../../../lib/i18n';

/** Skip (profile steps are optional) and continue, the same on every step. */
export function StepActions({ pending, onSkip }: { pending: boolean; onSkip(): void }) {
  const { t } = useSignupTranslation();
  return (
    <div className={styles.actions}>
      <button type="button" className="btn btn-link" onClick={onSkip} disabled={pending}>
        {t('signup.skip')}
      </button>
      <SubmitButton pending={pending}>{t('signup.next')}</SubmitButton>
    </div>
  );
}
