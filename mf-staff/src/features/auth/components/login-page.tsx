import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, Spinner } from '@dating/shared';
import type { StaffLoginResponse, StaffMe } from '@dating/shared/contract/staff';
import { useStaffLoginMutation, useStaffTotpMutation } from '../api/auth';
import { useStaffLogoutMutation } from '../../../api/session';
import { NS } from '../../../lib/i18n';
import { PageTitle } from '../../../components/page-title';

type Enrolment = Extract<StaffLoginResponse, { stage: 'totp_enrol' }>;

/**
 * Staff sign-in in two steps: email and password, then the 6-digit code of the authenticator app. On the first
 * sign-in (or after an admin reset the second factor) the second step first shows the QR code to scan.
 */
export function LoginPage({ pending }: { pending?: StaffMe }) {
  const { t } = useTranslation(NS);
  const [step, setStep] = useState<StaffLoginResponse | null>(pending ? { stage: 'totp' } : null);
  return (
    <main className="container py-5" style={{ maxWidth: '28rem' }}>
      {step ? (
        <CodeStep
          enrolment={step.stage === 'totp_enrol' ? step : undefined}
          onRestart={() => setStep(null)}
        />
      ) : (
        <PasswordStep onDone={setStep} />
      )}
      <p className="text-body-secondary small mt-4">{t('login.staffOnly')}</p>
    </main>
  );
}

function PasswordStep({ onDone }: { onDone(step: StaffLoginResponse): void }) {
  const { t } = useTranslation(NS);
  const [login, { isLoading, error }] = useStaffLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await login({ email: email.trim(), password });
    if (result.data) onDone(result.data);
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <PageTitle>{t('login.title')}</PageTitle>
      <ErrorAlert error={error} />
      <div className="mb-3">
        <label htmlFor="staff-email" className="form-label">
          {t('login.email')}
        </label>
        <input
          id="staff-email"
          type="email"
          className="form-control"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="mb-3">
        <label htmlFor="staff-password" className="form-label">
          {t('login.password')}
        </label>
        <input
          id="staff-password"
          type="password"
          className="form-control"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={isLoading || !email || !password}>
        {isLoading ? <Spinner small /> : null} {t('login.next')}
      </button>
    </form>
  );
}

function CodeStep({ enrolment, onRestart }: { enrolment?: Enrolment; onRestart(): void }) {
  const { t } = useTranslation(NS);
  const [verify, { isLoading, error }] = useStaffTotpMutation();
  const [logout] = useStaffLogoutMutation();
  const [code, setCode] = useState('');
  const valid = /^\d{6}$/.test(code);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (valid) await verify({ code });
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <PageTitle>{enrolment ? t('login.enrolTitle') : t('login.codeTitle')}</PageTitle>
      {enrolment ? (
        <section aria-labelledby="staff-enrol-help" className="mb-3">
          <p id="staff-enrol-help">{t('login.enrolHelp')}</p>
          <img
            src={enrolment.qr_svg_data_url}
            alt={t('login.qrAlt')}
            className="d-block mx-auto mb-2 bg-white p-2"
            width={200}
            height={200}
            data-testid="staff-qr"
          />
          <p className="small mb-1">{t('login.secretHelp')}</p>
          <code className="d-block text-break user-select-all" data-testid="staff-secret">
            {enrolment.secret}
          </code>
        </section>
      ) : (
        <p>{t('login.codeHelp')}</p>
      )}
      <ErrorAlert error={error} />
      <div className="mb-3">
        <label htmlFor="staff-code" className="form-label">
          {t('login.code')}
        </label>
        <input
          id="staff-code"
          className="form-control form-control-lg text-center"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          autoFocus
          aria-describedby="staff-code-hint"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        <div id="staff-code-hint" className="form-text">
          {t('login.codeHint')}
        </div>
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={isLoading || !valid}>
        {isLoading ? <Spinner small /> : null} {t('login.verify')}
      </button>
      <button
        type="button"
        className="btn btn-link w-100 mt-2"
        onClick={() => {
          void logout();
          onRestart();
        }}
      >
        {t('login.restart')}
      </button>
    </form>
  );
}
