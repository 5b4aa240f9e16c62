import '../lib/i18n';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PASSWORD_MAX_LENGTH } from '@dating/shared';
import { Page } from '../components/page';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { TextField } from '../components/text-field';
import { serverErrorField, useErrorTexts } from '../lib/errors';
import { validatePassword, type FieldError } from '../lib/validation';
import { useAccountResetPasswordMutation } from '../features/password/api/password';
import type { RemoteComponent } from '@dating/shared/remotes';

function ResetPasswordDoPage() {
  const { t } = useTranslation('account');
  const errorTexts = useErrorTexts();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset, { isLoading, isSuccess, error }] = useAccountResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [checked, setChecked] = useState(false);

  const passwordError: FieldError | null = checked ? validatePassword(password) : null;
  const repeatError: FieldError | null = checked && repeat !== password ? { code: 'passwords_differ' } : null;
  const field = serverErrorField(error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (validatePassword(password) || password !== repeat) return;
    await reset({ token, password, password_repeat: repeat });
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
        <form onSubmit={submit} noValidate>
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
            value={password}
            onChange={setPassword}
            error={
              errorTexts.field(passwordError) ?? (field === 'password' ? errorTexts.server(error) : null)
            }
          />
          <TextField
            id="reset-password-repeat"
            label={t('fields.passwordRepeat')}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            required
            value={repeat}
            onChange={setRepeat}
            error={
              errorTexts.field(repeatError) ?? (field === 'password_repeat' ? errorTexts.server(error) : null)
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
