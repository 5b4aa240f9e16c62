import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, Spinner } from '@dating/shared';
import { STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLES } from '@dating/shared/contract/values/staff';
import type { StaffRole } from '@dating/shared/contract/staff';
import {
  useAccountCreateMutation,
  useAccountDisableMutation,
  useAccountReset2faMutation,
  useAccountsQuery,
} from '../api/accounts';
import { useFormat } from '../../../lib/format';
import { NS } from '../../../lib/i18n';
import { useStaff } from '../../../lib/staff-context';
import { ConfirmButton } from '../../../components/confirm-button';
import { fieldError } from '../../../lib/field-error';
import { PageTitle } from '../../../components/page-title';

/** Staff accounts (admins): create an operator or admin, disable, reset the second factor. */
export default function AccountsPage() {
  const { t } = useTranslation(NS);
  const { me } = useStaff();
  const format = useFormat();
  const accounts = useAccountsQuery();
  const [disable, disabling] = useAccountDisableMutation();
  const [reset, resetting] = useAccountReset2faMutation();
  return (
    <>
      <PageTitle>{t('accounts.title')}</PageTitle>
      <div className="row g-4">
        <section className="col-lg-8" aria-labelledby="accounts-list-heading">
          <h2 id="accounts-list-heading" className="h5">
            {t('accounts.list')}
          </h2>
          <ErrorAlert error={accounts.error ?? disabling.error ?? resetting.error} />
          {accounts.isLoading ? <Spinner block label={t('common.loading')} /> : null}
          <div className="table-responsive">
            <table className="table table-sm align-middle bg-body">
              <caption className="visually-hidden">{t('accounts.list')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('fields.name')}</th>
                  <th scope="col">{t('fields.email')}</th>
                  <th scope="col">{t('accounts.role')}</th>
                  <th scope="col">{t('accounts.twoFactor')}</th>
                  <th scope="col">{t('fields.lastSeen')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('members.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {accounts.data?.accounts.map((account) => (
                  <tr key={account.id} data-testid="staff-account">
                    <td>
                      {account.name}
                      {account.disabled ? (
                        <span className="badge text-bg-secondary ms-1">{t('accounts.disabled')}</span>
                      ) : null}
                    </td>
                    <td className="text-break">{account.email}</td>
                    <td>{t(`roles.${account.role}`)}</td>
                    <td>{account.totp_enrolled ? t('accounts.enrolled') : t('accounts.notEnrolled')}</td>
                    <td>{format.dateTime(account.last_login_at)}</td>
                    <td className="text-nowrap">
                      {account.id !== me.id && !account.disabled ? (
                        <span className="d-inline-flex flex-wrap gap-1">
                          <ConfirmButton
                            label={t('accounts.reset2fa')}
                            question={t('accounts.reset2faConfirm', { name: account.name })}
                            variant="outline-secondary"
                            onConfirm={() => void reset(account.id)}
                          />
                          <ConfirmButton
                            label={t('accounts.disable')}
                            question={t('accounts.disableConfirm', { name: account.name })}
                            onConfirm={() => void disable(account.id)}
                          />
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="col-lg-4" aria-labelledby="accounts-new-heading">
          <CreateAccount />
        </section>
      </div>
    </>
  );
}

function CreateAccount() {
  const { t } = useTranslation(NS);
  const [create, { isLoading, error, data, reset }] = useAccountCreateMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<StaffRole>('operator');
  const shortPassword = password.length > 0 && password.length < STAFF_PASSWORD_MIN_LENGTH;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ name: name.trim(), email: email.trim(), password, role });
    if (result.data) {
      setName('');
      setEmail('');
      setPassword('');
    }
  };
  const passwordError = shortPassword
    ? t('accounts.passwordShort', { min: STAFF_PASSWORD_MIN_LENGTH })
    : fieldError(error, 'password');
  const known = ['name', 'email', 'password', 'role'];
  const serverField = known.find((f) => fieldError(error, f));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate onChange={() => data && reset()}>
      <h2 id="accounts-new-heading" className="h5">
        {t('accounts.create')}
      </h2>
      {data ? (
        <div className="alert alert-success" role="status">
          {t('accounts.created', { name: data.name })}
        </div>
      ) : null}
      {error && !serverField ? <ErrorAlert error={error} /> : null}
      <div className="mb-2">
        <label htmlFor="account-name" className="form-label">
          {t('fields.name')}
        </label>
        <input
          id="account-name"
          className={`form-control ${fieldError(error, 'name') ? 'is-invalid' : ''}`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-describedby="account-name-error"
        />
        <div id="account-name-error" className="invalid-feedback">
          {fieldError(error, 'name')}
        </div>
      </div>
      <div className="mb-2">
        <label htmlFor="account-email" className="form-label">
          {t('fields.email')}
        </label>
        <input
          id="account-email"
          type="email"
          className={`form-control ${fieldError(error, 'email') ? 'is-invalid' : ''}`}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-describedby="account-email-error"
        />
        <div id="account-email-error" className="invalid-feedback">
          {fieldError(error, 'email')}
        </div>
      </div>
      <div className="mb-2">
        <label htmlFor="account-password" className="form-label">
          {t('accounts.password')}
        </label>
        <input
          id="account-password"
          type="password"
          autoComplete="new-password"
          className={`form-control ${passwordError ? 'is-invalid' : ''}`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby="account-password-error account-password-help"
        />
        <div id="account-password-error" className="invalid-feedback">
          {passwordError}
        </div>
        <div id="account-password-help" className="form-text">
          {t('accounts.passwordHelp', { min: STAFF_PASSWORD_MIN_LENGTH })}
        </div>
      </div>
      <div className="mb-3">
        <label htmlFor="account-role" className="form-label">
          {t('accounts.role')}
        </label>
        <select
          id="account-role"
          className="form-select"
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
        >
          {STAFF_ROLES.map((value) => (
            <option key={value} value={value}>
              {t(`roles.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={isLoading || !name.trim() || !email.trim() || password.length < STAFF_PASSWORD_MIN_LENGTH}
      >
        {t('accounts.createButton')}
      </button>
    </form>
  );
}
