import '../lib/i18n';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Page } from '../components/page';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { TextField } from '../components/text-field';
import { useErrorTexts } from '../lib/errors';
import { validateEmail } from '../lib/validation';
import { useAccountRequestPasswordResetMutation } from '../features/password/api/password';
import type { RemoteComponent } from '@dating/shared/remotes';

function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const errorTexts = useErrorTexts();
  const [request, { isLoading, isSuccess, error }] = useAccountRequestPasswordResetMutation();
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState(false);
  const emailError = checked ? errorTexts.field(validateEmail(email)) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (validateEmail(email)) return;
    await request({ email: email.trim() });
  }

  return (
    <Page title={t('resetPassword.title')}>
      {isSuccess ? (
        <FormAlert kind="success">{t('resetPassword.sent', { email: email.trim() })}</FormAlert>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{t('resetPassword.intro')}</p>
          {error ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
          <TextField
            id="reset-email"
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={setEmail}
            error={emailError}
          />
          <SubmitButton pending={isLoading} className="w-100">
            {t('resetPassword.submit')}
          </SubmitButton>
        </form>
      )}
      <p className="mt-3">
        <Link to="/login">{t('resetPassword.backToLogin')}</Link>
      </p>
    </Page>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default ResetPasswordPage satisfies RemoteComponent<'mf_account/ResetPasswordPage'>;
