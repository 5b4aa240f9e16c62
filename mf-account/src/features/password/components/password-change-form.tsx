import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH } from '@dating/shared';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { serverErrorField, useErrorTexts } from '../../../lib/errors';
import { validatePassword } from '../../../lib/validation';
import { useAccountChangePasswordMutation } from '../api/password';

export function PasswordChangeForm() {
  const { t } = useTranslation('account');
  const errorTexts = useErrorTexts();
  const [change, { isLoading, isSuccess, error }] = useAccountChangePasswordMutation();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const field = serverErrorField(error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (validatePassword(password) || !oldPassword) return;
    const result = await change({ old_password: oldPassword, password });
    if ('data' in result) {
      setOldPassword('');
      setPassword('');
      setChecked(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      {isSuccess ? <FormAlert kind="success">{t('password.changed')}</FormAlert> : null}
      {error && field !== 'old_password' && field !== 'password' ? (
        <FormAlert>{errorTexts.server(error)}</FormAlert>
      ) : null}
      <TextField
        id="password-old"
        label={t('fields.oldPassword')}
        type="password"
        autoComplete="current-password"
        value={oldPassword}
        onChange={setOldPassword}
        error={field === 'old_password' ? errorTexts.server(error) : null}
      />
      <TextField
        id="password-new"
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={password}
        onChange={setPassword}
        error={
          (checked ? errorTexts.field(validatePassword(password)) : null) ??
          (field === 'password' ? errorTexts.server(error) : null)
        }
      />
      <SubmitButton pending={isLoading}>{t('password.submit')}</SubmitButton>
    </form>
  );
}
