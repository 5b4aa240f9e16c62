import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loggedIn, coreApi, useAppDispatch, useLoginMutation } from '@dating/shared';
import { TextField } from '../../../components/text-field';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useErrorTexts } from '../../../lib/errors';

export interface LoginFormProps {
  onLoggedIn(): void;
}

export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation('account');
  const errors = useErrorTexts();
  const dispatch = useAppDispatch();
  const [login, { isLoading, error }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await login({ email: email.trim(), password });
    if ('data' in result && result.data) {
      await dispatch(coreApi.util.upsertQueryData('getUser', undefined, { user: result.data.user }));
      dispatch(loggedIn());
      onLoggedIn();
    }
  }

  // The server words both the plain failure and the lockout with its minutes ('Te veel foute pogingen, …').
  const message = error ? (errors.server(error) ?? t('login.failed')) : null;

  return (
    <form onSubmit={submit} noValidate aria-label={t('login.title')}>
      {message ? <FormAlert>{message}</FormAlert> : null}
      <TextField
        id="login-email"
        label={t('fields.email')}
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={setEmail}
      />
      <TextField
        id="login-password"
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
      />
      <SubmitButton pending={isLoading} disabled={!email || !password} className="w-100 mb-3">
        {t('login.submit')}
      </SubmitButton>
      <p className="mb-1">
        <Link to="/reset-password">{t('login.forgot')}</Link>
      </p>
      <p className="mb-0">
        {t('login.noAccount')} <Link to="/signup">{t('login.signup')}</Link>
      </p>
    </form>
  );
}
