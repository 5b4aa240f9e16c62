import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { serverErrorField, useErrorTexts } from '../../../lib/errors';
import { isValidEmail } from '../../../lib/validation';
import { useAccountRequestMailChangeMutation } from '../api/mail-change';

export function MailChangeForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation('account');
  const errorTexts = useErrorTexts();
  const [request, { isLoading, isSuccess, error }] = useAccountRequestMailChangeMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const field = serverErrorField(error);
  const emailError = checked && !isValidEmail(email) ? errorTexts.field({ code: 'new_email_invalid' }) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (!isValidEmail(email)) return;
    await request({ email: email.trim(), password });
  }

  if (isSuccess) return <FormAlert kind="success">{t('mailChange.sent', { email: email.trim() })}</FormAlert>;

  return (
    <form onSubmit={submit} noValidate>
      <p className="small text-muted">{t('mailChange.current', { email: currentEmail })}</p>
      {error && field !== 'email' && field !== 'password' ? (
        <FormAlert>{errorTexts.server(error)}</FormAlert>
      ) : null}
      <TextField
        id="mail-change-email"
        label={t('fields.newEmail')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={emailError ?? (field === 'email' ? errorTexts.server(error) : null)}
      />
      <TextField
        id="mail-change-password"
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={field === 'password' ? errorTexts.server(error) : null}
      />
      <SubmitButton pending={isLoading}>{t('mailChange.submit')}</SubmitButton>
    </form>
  );
}
