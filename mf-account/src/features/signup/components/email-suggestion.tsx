import { suggestEmail } from '../../../lib/email-suggestion';
import styles from './signup.module.scss';
import { useSignupTranslation } from '../../../lib/i18n';

/** "Did you mean …?" under the email field for a likely typo in a common domain. */
export function EmailSuggestion({ email, onAccept }: { email: string; onAccept(email: string): void }) {
  const { t } = useSignupTranslation();
  const suggestion = suggestEmail(email);
  if (!suggestion) return null;
  return (
    <span aria-live="polite">
      {t('signup.didYouMean')}{' '}
      <button type="button" className={styles.suggestion} onClick={() => onAccept(suggestion)}>
        {suggestion}
      </button>
      ?
    </span>
  );
}
