import { useAccountTranslation } from '../lib/i18n';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { PasswordResetRequest } from '@dating/shared';
import { PasswordResetSchema } from '@dating/shared/forms/account';
import { schemaResolver } from '@dating/shared/forms/resolver';
import { Page } from '../components/page';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { TextField } from '../components/text-field';
import { useErrorTexts } from '../lib/errors';
import { fieldText } from '../lib/form-errors';
import { useAccountRequestPasswordResetMutation } from '../features/password/api/password';
import type { RemoteComponent } from '@dating/shared/remotes';

const resolver = schemaResolver<PasswordResetRequest>(PasswordResetSchema);

function ResetPasswordPage() {
  const { t } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const [request, { isLoading, isSuccess, error, originalArgs }] = useAccountRequestPasswordResetMutation();
  const form = useForm<PasswordResetRequest>({ resolver, defaultValues: { email: '' } });

  async function submit({ email }: PasswordResetRequest) {
    await request({ email: email.trim() });
  }

  return (
    <Page title={t('resetPassword.title')}>
      {isSuccess ? (
        <FormAlert kind="success">{t('resetPassword.sent', { email: originalArgs?.email ?? '' })}</FormAlert>
      ) : (
        <form onSubmit={form.handleSubmit(submit)} noValidate>
          <p>{t('resetPassword.intro')}</p>
          {error ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
          <TextField
            id="reset-email"
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            registration={form.register('email')}
            error={fieldText(errorTexts, form.formState.errors.email)}
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
