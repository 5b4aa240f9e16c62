import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loggedIn, coreApi, useAppDispatch, useLoginMutation, type LoginRequest } from '@dating/shared';
import { LoginSchema } from '@dating/shared/forms/account';
import { schemaResolver } from '@dating/shared/forms/resolver';
import { takeSubmitBeforeHydration } from '@dating/shared/ssr-page-script';
import { TextField } from '../../../components/text-field';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useErrorTexts } from '../../../lib/errors';
import { fieldText } from '../../../lib/form-errors';

const resolver = schemaResolver<LoginRequest>(LoginSchema);

export interface LoginFormProps {
  onLoggedIn(): void;
}

export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation('account');
  const errors = useErrorTexts();
  const dispatch = useAppDispatch();
  const [login, { isLoading, error }] = useLoginMutation();
  // No default values: react-hook-form then takes each input's value when it registers it, so what was typed into
  // the server-rendered form before it was hydrated is kept (with defaults it would write them into the inputs).
  const form = useForm<LoginRequest>({ resolver });
  const fieldErrors = form.formState.errors;

  async function submit({ email, password }: LoginRequest) {
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
    <form
      // The server-rendered form (docs/adr/0030) may have been filled in and sent before it was hydrated: a submit
      // the page's inline script kept is sent once the form is attached (after its fields, with what was typed).
      // Taken once: later calls of this ref find no record.
      ref={(element) => {
        if (takeSubmitBeforeHydration(element)) void form.handleSubmit(submit)();
      }}
      onSubmit={form.handleSubmit(submit)}
      noValidate
      aria-label={t('login.title')}
      // Never sent by the browser itself (the password in the address): before hydration the page's script keeps
      // the submit (SUBMIT_BEFORE_HYDRATION of shared/src/ssr-page-script.ts).
      method="post"
      data-submit-before-hydration=""
    >
      {message ? <FormAlert>{message}</FormAlert> : null}
      <TextField
        id="login-email"
        label={t('fields.email')}
        type="email"
        autoComplete="username"
        required
        registration={form.register('email')}
        error={fieldText(errors, fieldErrors.email)}
      />
      <TextField
        id="login-password"
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        required
        registration={form.register('password')}
        error={fieldText(errors, fieldErrors.password)}
      />
      <SubmitButton pending={isLoading} className="w-100 mb-3">
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
