import { useForm } from 'react-hook-form';
import type { MailChangeRequest } from '@dating/shared';
import { MailChangeSchema, newEmailError } from '@dating/shared/forms/account';
import { schemaResolver } from '@dating/shared/forms/resolver';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { serverErrorField, useErrorTexts } from '../../../lib/errors';
import { fieldText } from '../../../lib/form-errors';
import { useAccountRequestMailChangeMutation } from '../api/mail-change';
import { useAccountTranslation } from '../../../lib/i18n';

const resolver = schemaResolver<MailChangeRequest, { currentEmail: string }>(
  MailChangeSchema,
  ({ email }, { currentEmail }) => ({ email: newEmailError(email, currentEmail) }),
);

export function MailChangeForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const [request, { isLoading, isSuccess, error, originalArgs }] = useAccountRequestMailChangeMutation();
  const form = useForm<MailChangeRequest, { currentEmail: string }>({
    resolver,
    context: { currentEmail },
    defaultValues: { email: '', password: '' },
  });
  const errors = form.formState.errors;
  const field = serverErrorField(error);

  async function submit({ email, password }: MailChangeRequest) {
    await request({ email: email.trim(), password });
  }

  if (isSuccess)
    return <FormAlert kind="success">{t('mailChange.sent', { email: originalArgs?.email ?? '' })}</FormAlert>;

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate>
      <p className="small text-muted">{t('mailChange.current', { email: currentEmail })}</p>
      {error && field !== 'email' && field !== 'password' ? (
        <FormAlert>{errorTexts.server(error)}</FormAlert>
      ) : null}
      <TextField
        id="mail-change-email"
        label={t('fields.newEmail')}
        type="email"
        autoComplete="email"
        registration={form.register('email')}
        error={fieldText(errorTexts, errors.email) ?? (field === 'email' ? errorTexts.server(error) : null)}
      />
      <TextField
        id="mail-change-password"
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        registration={form.register('password')}
        error={
          fieldText(errorTexts, errors.password) ?? (field === 'password' ? errorTexts.server(error) : null)
        }
      />
      <SubmitButton pending={isLoading}>{t('mailChange.submit')}</SubmitButton>
    </form>
  );
}
