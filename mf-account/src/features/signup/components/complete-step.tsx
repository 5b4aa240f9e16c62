import { useCurrentUser } from '@dating/shared';
import { useResendActivationMutation } from '@dating/shared';
import { FormAlert } from '../../../components/form-alert';
import { useErrorTexts } from '../../../lib/errors';
import styles from './signup.module.scss';
import { useSignupTranslation } from '../../../lib/i18n';

/** The last step: the account works, but the email address still has to be confirmed (docs/product/member-model.md). */
export function CompleteStep({ onDone }: { onDone(): void }) {
  const { t } = useSignupTranslation();
  const errorTexts = useErrorTexts();
  const email = useCurrentUser()?.email ?? '';
  const [resend, { isLoading, isSuccess, error }] = useResendActivationMutation();
  return (
    <div className={styles.complete}>
      <div className={styles.completeIcon} aria-hidden="true">
        ✉️
      </div>
      <h2 className="h4">{t('signup.complete.title')}</h2>
      <p>{t('signup.complete.text', { email })}</p>
      {isSuccess ? <FormAlert kind="success">{t('activation.resent')}</FormAlert> : null}
      {error ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-link"
          disabled={isLoading || isSuccess}
          onClick={() => void resend()}
        >
          {t('activation.resend')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('signup.complete.start')}
        </button>
      </div>
    </div>
  );
}
