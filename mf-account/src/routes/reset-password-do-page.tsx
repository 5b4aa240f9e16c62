import { useAccountTranslation } from '../lib/i18n';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { PASSWORD_MAX_LENGTH, type PasswordResetDoRequest } from '@dating/shared';
import { PasswordResetDoSchema, passwordsDifferError } from '@dating/shared/forms/account';
import { schemaResolver } from '@dating/shared/forms/resolver';
import { Page } from '../components/page';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { TextField } from '../components/text-field';
import { serverErrorField, useErrorTexts } from '../lib/errors';
import { fieldText } from '../lib/form-errors';
import { useAccountResetPasswordMutation } from '../features/password/api/password';
import type { RemoteComponent } from '@dating/shared/remotes';

type Values = Omit<PasswordResetDoRequest, 'token'>;
const resolver = schemaResolver<Values>(PasswordResetDoSchema, (values) => ({
  password_repeat: passwordsDifferError(values.password, values.password_repeat),
}));

function ResetPasswordDoPage() {
  const { t } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset, { isLoading, isSuccess, error }] = useAccountResetPasswordMutation();
  const form = useForm<Values>({ resolver, defaultValues: { password: '', password_repeat: '' } });
  const errors = form.formState.errors;
  const field = serverErrorField(error);

  async function submit(values: Values) {
    await reset({ token, ...values });
  }

  if (!token) {
    return (
      <Page title={t('resetPassword.doTitle')}>
        <FormAlert>{t('errors.link_invalid')}</FormAlert>
        <Link to="/reset-password">{t('resetPassword.requestNew')}</Link>
      </Page>
    );
  }

  return (
    <Page title={t('resetPassword.doTitle')}>
      {isSuccess ? (
        <>
          <FormAlert kind="success">{t('resetPassword.done')}</FormAlert>
          <Link to="/login" className="btn btn-primary">
            {t('login.submit')}
          </Link>
        </>
      ) : (
        <form onSubmit={form.handleSubmit(submit)} noValidate>
          {error && !field ? (
            <FormAlert>
              {errorTexts.server(error)} <Link to="/reset-password">{t('resetPassword.requestNew')}</Link>
            </FormAlert>
          ) : null}
          <TextField
            id="reset-password"
            label={t('fields.newPassword')}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            required
            registration={form.register('password')}
            error={
              fieldText(errorTexts, errors.password) ??
              (field === 'password' ? errorTexts.server(error) : null)
            }
          />
          <TextField
            id="reset-password-repeat"
            label={t('fields.passwordRepeat')}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            required
            registration={form.register('password_repeat')}
            error={
              fieldText(errorTexts, errors.password_repeat) ??
              (field === 'password_repeat' ? errorTexts.server(error) : null)
            }
          />
          <SubmitButton pending={isLoading} className="w-100">
            {t('resetPassword.save')}
          </SubmitButton>
        </form>
      )}
    </Page>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default ResetPasswordDoPage satisfies RemoteComponent<'mf_account/ResetPasswordDoPage'>;
