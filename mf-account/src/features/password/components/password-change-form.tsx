import { useForm } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH, type PasswordChangeRequest } from '@dating/shared';
import { PasswordChangeSchema } from '@dating/shared/forms/account';
import { schemaResolver } from '@dating/shared/forms/resolver';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { serverErrorField, useErrorTexts } from '../../../lib/errors';
import { fieldText } from '../../../lib/form-errors';
import { useAccountChangePasswordMutation } from '../api/password';
import { useAccountTranslation } from '../../../lib/i18n';

const resolver = schemaResolver<PasswordChangeRequest>(PasswordChangeSchema);

export function PasswordChangeForm() {
  const { t } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const [change, { isLoading, isSuccess, error }] = useAccountChangePasswordMutation();
  const form = useForm<PasswordChangeRequest>({
    resolver,
    defaultValues: { old_password: '', password: '' },
  });
  const errors = form.formState.errors;
  const field = serverErrorField(error);

  async function submit(values: PasswordChangeRequest) {
    const result = await change(values);
    if ('data' in result) form.reset();
  }

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate>
      {isSuccess ? <FormAlert kind="success">{t('password.changed')}</FormAlert> : null}
      {error && field !== 'old_password' && field !== 'password' ? (
        <FormAlert>{errorTexts.server(error)}</FormAlert>
      ) : null}
      <TextField
        id="password-old"
        label={t('fields.oldPassword')}
        type="password"
        autoComplete="current-password"
        registration={form.register('old_password')}
        error={
          fieldText(errorTexts, errors.old_password) ??
          (field === 'old_password' ? errorTexts.server(error) : null)
        }
      />
      <TextField
        id="password-new"
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        registration={form.register('password')}
        error={
          fieldText(errorTexts, errors.password) ?? (field === 'password' ? errorTexts.server(error) : null)
        }
      />
      <SubmitButton pending={isLoading}>{t('password.submit')}</SubmitButton>
    </form>
  );
}
