import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loggedIn, coreApi, useAppDispatch, useLoginMutation, type LoginRequest } from '@dating/shared';
import { LoginSchema } from '@dating/shared/forms/login';
import { checkForm, type FormError } from '@dating/shared/forms/check';
import { takeSubmitBeforeHydration } from '@dating/shared/ssr-page-script';
import { TextField } from '../../../components/text-field';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useErrorTexts } from '../../../lib/errors';

type Field = keyof LoginRequest;
type Findings = Partial<Record<Field, FormError>>;
const FIELDS = Object.keys(LoginSchema.properties) as Field[];

/** What the form's inputs hold, and each field's first finding of the login schema (`checkForm`, as the server's). */
function read(form: HTMLFormElement): { values: LoginRequest; findings: Findings } {
  const data = new FormData(form);
  const values = Object.fromEntries(
    FIELDS.map((name) => [name, String(data.get(name) ?? '')]),
  ) as LoginRequest;
  const findings: Findings = {};
  for (const [name, error] of checkForm(LoginSchema, values, FIELDS)) findings[name as Field] ??= error;
  return { values, findings };
}

export interface LoginFormProps {
  onLoggedIn(): void;
}

export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation('account');
  const errors = useErrorTexts();
  const dispatch = useAppDispatch();
  const [login, { isLoading, error }] = useLoginMutation();
  // The inputs keep their own values (no react-hook-form: 13 KB of the first load of /login, ADR 0016): what was
  // typed into the server-rendered form before it was hydrated is simply there, and the form is read when sent.
  // As react-hook-form did: checked when sent (the first field with a finding gets the focus), then again on every
  // change of a field once it has been sent.
  const [findings, setFindings] = useState<Findings>({});
  const sent = useRef(false);

  async function send(form: HTMLFormElement) {
    sent.current = true;
    const { values, findings: found } = read(form);
    setFindings(found);
    const first = FIELDS.find((name) => found[name]);
    if (first) {
      (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    const { email, password } = values;
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
        if (element && takeSubmitBeforeHydration(element)) void send(element);
      }}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void send(event.currentTarget);
      }}
      onChange={(event) => {
        const input: EventTarget = event.target;
        const name = (input instanceof HTMLInputElement ? input.name : '') as Field;
        if (!sent.current || !FIELDS.includes(name)) return;
        const found = read(event.currentTarget).findings[name];
        setFindings((current) => (current[name] === found ? current : { ...current, [name]: found }));
      }}
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
        name="email"
        error={errors.field(findings.email)}
      />
      <TextField
        id="login-password"
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        required
        name="password"
        error={errors.field(findings.password)}
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
