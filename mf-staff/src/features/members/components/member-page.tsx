import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert, Spinner } from '@dating/shared';
import { STAFF_REASON_MAX_LENGTH } from '@dating/shared/contract/values/staff';
import type { StaffMemberAccount, StaffOrder } from '@dating/shared/contract/staff';
import {
  useMemberActivationMutation,
  useMemberBanMutation,
  useMemberCreditsMutation,
  useMemberDeleteMutation,
  useMemberQuery,
  useMemberUnbanMutation,
  useRefundMutation,
} from '../api/members';
import { useFormat } from '../../../lib/format';
import { NS } from '../../../lib/i18n';
import { useStaff } from '../../../lib/staff-context';
import { ConfirmButton } from '../../../components/confirm-button';
import { fieldError } from '../../../lib/field-error';
import { PageTitle } from '../../../components/page-title';

/** One member (admins): account, actions, credits ledger, payments with refund, reports. */
export default function MemberPage() {
  const { t } = useTranslation(NS);
  const { base } = useStaff();
  const format = useFormat();
  const id = Number(useParams().id);
  const member = useMemberQuery(id);
  if (member.isLoading) return <Spinner block label={t('common.loading')} />;
  if (!member.data) return <ErrorAlert error={member.error} />;
  const { account, ledger, orders, reports } = member.data;
  return (
    <>
      <PageTitle
        actions={
          <Link to={`${base}/members`} className="btn btn-sm btn-outline-secondary">
            {t('members.back')}
          </Link>
        }
      >
        {t('members.detailTitle', { name: account.name, id: account.id })}
      </PageTitle>
      <div className="row g-3">
        <section className="col-lg-5" aria-labelledby="account-heading">
          <div className="card">
            <div className="card-body">
              <h2 id="account-heading" className="h5">
                {t('members.account')}
              </h2>
              <dl className="row small mb-0">
                <dt className="col-5">{t('fields.email')}</dt>
                <dd className="col-7 text-break">{account.email ?? '–'}</dd>
                <dt className="col-5">{t('common.site')}</dt>
                <dd className="col-7">{account.site.name}</dd>
                <dt className="col-5">{t('fields.status')}</dt>
                <dd className="col-7">{t(`members.status.${account.status}`)}</dd>
                <dt className="col-5">{t('common.locale')}</dt>
                <dd className="col-7">{account.locale}</dd>
                <dt className="col-5">{t('fields.credits')}</dt>
                <dd className="col-7" data-testid="member-credits">
                  {account.credits}
                </dd>
                <dt className="col-5">{t('fields.paid')}</dt>
                <dd className="col-7">{account.paid_user ? t('common.yes') : t('common.no')}</dd>
                <dt className="col-5">{t('fields.signup')}</dt>
                <dd className="col-7">{format.dateTime(account.signup_date)}</dd>
                <dt className="col-5">{t('fields.confirmed')}</dt>
                <dd className="col-7">{format.dateTime(account.confirmed_at)}</dd>
                <dt className="col-5">{t('fields.lastSeen')}</dt>
                <dd className="col-7">{format.dateTime(account.last_seen_at)}</dd>
                {account.banned ? (
                  <>
                    <dt className="col-5">{t('members.banned')}</dt>
                    <dd className="col-7 text-danger text-break">
                      {t('members.bannedBy', {
                        by: account.banned.by,
                        at: format.dateTime(account.banned.at),
                        reason: account.banned.reason,
                      })}
                    </dd>
                  </>
                ) : null}
              </dl>
            </div>
          </div>
          <MemberActions account={account} />
        </section>
        <div className="col-lg-7">
          <section aria-labelledby="orders-heading" className="mb-4">
            <h2 id="orders-heading" className="h5">
              {t('members.orders')}
            </h2>
            {orders.length === 0 ? <p className="small">{t('members.noOrders')}</p> : null}
            <ul className="list-group">
              {orders.map((order) => (
                <li key={order.id} className="list-group-item" data-testid="member-order">
                  <OrderRow order={order} />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="ledger-heading" className="mb-4">
            <h2 id="ledger-heading" className="h5">
              {t('members.ledger')}
            </h2>
            <div className="table-responsive">
              <table className="table table-sm bg-body">
                <caption className="visually-hidden">{t('members.ledger')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('fields.when')}</th>
                    <th scope="col" className="text-end">
                      {t('fields.amount')}
                    </th>
                    <th scope="col">{t('fields.kind')}</th>
                    <th scope="col">{t('fields.note')}</th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.map((row) => (
                    <tr key={row.id} data-testid="ledger-row">
                      <td>{format.dateTime(row.created_at)}</td>
                      <td className={`text-end ${row.amount < 0 ? 'text-danger' : 'text-success'}`}>
                        {row.amount > 0 ? `+${row.amount}` : row.amount}
                      </td>
                      <td>
                        {row.kind}
                        {row.staff ? ` · ${row.staff}` : ''}
                      </td>
                      <td className="text-break">{row.note ?? row.ref ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section aria-labelledby="reports-heading">
            <h2 id="reports-heading" className="h5">
              {t('members.reports')}
            </h2>
            {reports.length === 0 ? <p className="small">{t('members.noReports')}</p> : null}
            <ul className="small">
              {reports.map((report) => (
                <li key={report.id}>
                  {format.dateTime(report.created_at)} · {t(`reasons.${report.reason}`)} ·{' '}
                  {t(`cases.states.${report.state}`)} ·{' '}
                  {report.reporter?.id === account.id ? t('members.reportBy') : t('members.reportAbout')}
                  {report.text ? `: ${report.text}` : ''}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}

function MemberActions({ account }: { account: StaffMemberAccount }) {
  const { t } = useTranslation(NS);
  const { base } = useStaff();
  const navigate = useNavigate();
  const [ban, banning] = useMemberBanMutation();
  const [unban, unbanning] = useMemberUnbanMutation();
  const [grant, granting] = useMemberCreditsMutation();
  const [activation, activating] = useMemberActivationMutation();
  const [remove, removing] = useMemberDeleteMutation();
  const [banReason, setBanReason] = useState('');
  const [amount, setAmount] = useState('');
  const [grantReason, setGrantReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const deleted = account.status === 'deleted';

  const submitBan = async (event: FormEvent) => {
    event.preventDefault();
    const result = await ban({ id: account.id, reason: banReason.trim() });
    if (result.data) setBanReason('');
  };
  const submitGrant = async (event: FormEvent) => {
    event.preventDefault();
    const result = await grant({ id: account.id, amount: Number(amount), reason: grantReason.trim() });
    if (result.data) {
      setAmount('');
      setGrantReason('');
      setNotice(t('members.granted', { credits: result.data.credits }));
    }
  };

  return (
    <div className="card mt-3">
      <div className="card-body">
        <h2 className="h5">{t('members.actions')}</h2>
        <div aria-live="polite">
          {notice ? <div className="alert alert-success py-2">{notice}</div> : null}
        </div>
        <ErrorAlert error={unbanning.error ?? activating.error ?? removing.error} />
        {account.banned ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-success mb-3"
            disabled={unbanning.isLoading || deleted}
            onClick={() => void unban(account.id)}
          >
            {t('members.unban')}
          </button>
        ) : (
          <form className="mb-3" onSubmit={(event) => void submitBan(event)}>
            <label htmlFor="ban-reason" className="form-label small mb-0">
              {t('members.banReason')}
            </label>
            <div className="d-flex gap-2">
              <input
                id="ban-reason"
                className="form-control form-control-sm"
                maxLength={STAFF_REASON_MAX_LENGTH}
                value={banReason}
                onChange={(e) => setBanReason(e.target.value)}
                aria-describedby={fieldError(banning.error, 'reason') ? 'ban-reason-error' : undefined}
              />
              <button
                type="submit"
                className="btn btn-sm btn-danger"
                disabled={banning.isLoading || !banReason.trim() || deleted}
              >
                {t('members.ban')}
              </button>
            </div>
            {fieldError(banning.error, 'reason') ? (
              <div id="ban-reason-error" className="text-danger small">
                {fieldError(banning.error, 'reason')}
              </div>
            ) : (
              <ErrorAlert error={banning.error} className="mt-2 py-2" />
            )}
          </form>
        )}
        <form className="mb-3" onSubmit={(event) => void submitGrant(event)}>
          <fieldset>
            <legend className="fs-6">{t('members.grant')}</legend>
            <div className="row g-2">
              <div className="col-4">
                <label htmlFor="grant-amount" className="form-label small mb-0">
                  {t('fields.credits')}
                </label>
                <input
                  id="grant-amount"
                  type="number"
                  min={1}
                  max={10000}
                  className={`form-control form-control-sm ${fieldError(granting.error, 'amount') ? 'is-invalid' : ''}`}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  aria-describedby="grant-amount-error"
                />
                <div id="grant-amount-error" className="invalid-feedback">
                  {fieldError(granting.error, 'amount')}
                </div>
              </div>
              <div className="col-8">
                <label htmlFor="grant-reason" className="form-label small mb-0">
                  {t('members.grantReason')}
                </label>
                <input
                  id="grant-reason"
                  className={`form-control form-control-sm ${fieldError(granting.error, 'reason') ? 'is-invalid' : ''}`}
                  maxLength={STAFF_REASON_MAX_LENGTH}
                  value={grantReason}
                  onChange={(e) => setGrantReason(e.target.value)}
                  aria-describedby="grant-reason-error"
                />
                <div id="grant-reason-error" className="invalid-feedback">
                  {fieldError(granting.error, 'reason')}
                </div>
              </div>
            </div>
            {granting.error &&
            !fieldError(granting.error, 'amount') &&
            !fieldError(granting.error, 'reason') ? (
              <ErrorAlert error={granting.error} className="mt-2 py-2" />
            ) : null}
            <button
              type="submit"
              className="btn btn-sm btn-primary mt-2"
              disabled={granting.isLoading || !amount || !grantReason.trim() || deleted}
            >
              {t('members.grantButton')}
            </button>
          </fieldset>
        </form>
        <div className="d-flex flex-wrap gap-2">
          {account.status === 'not_confirmed' ? (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={activating.isLoading}
              onClick={() =>
                void activation(account.id).then((result) => {
                  if ('data' in result && result.data) setNotice(t('members.activationSent'));
                })
              }
            >
              {t('members.resendActivation')}
            </button>
          ) : null}
          {!deleted ? (
            <ConfirmButton
              label={t('members.delete')}
              question={t('members.deleteConfirm', { name: account.name })}
              disabled={removing.isLoading}
              onConfirm={() =>
                void remove(account.id).then((result) => {
                  if ('data' in result && result.data) navigate(`${base}/members`);
                })
              }
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}

function OrderRow({ order }: { order: StaffOrder }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const [refund, { isLoading, error, data }] = useRefundMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await refund({ id: order.id, reason: reason.trim() });
    if (result.data) setOpen(false);
  };
  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <span>
          #{order.id} · {format.money(order.price)} · {t('members.orderCredits', { credits: order.credits })}{' '}
          · {order.method ?? order.provider ?? ''}
        </span>
        <span className="small">
          {t(`members.orderStatus.${order.status}`, { defaultValue: order.status })} ·{' '}
          {format.dateTime(order.completed_at ?? order.created_at)}
          {order.refunded_at
            ? ` · ${t('members.refundedAt', { at: format.dateTime(order.refunded_at) })}`
            : ''}
        </span>
      </div>
      {data ? (
        <div className="alert alert-success py-1 mt-2 small" role="status">
          {t('members.refunded', { taken: data.taken, shortfall: data.shortfall })}
        </div>
      ) : null}
      <ErrorAlert error={error} className="mt-2 py-2" />
      {order.refundable && !order.refunded_at ? (
        open ? (
          <form className="mt-2" onSubmit={(event) => void submit(event)}>
            <label htmlFor={`refund-reason-${order.id}`} className="form-label small mb-0">
              {t('members.refundReason')}
            </label>
            <div className="d-flex gap-2">
              <input
                id={`refund-reason-${order.id}`}
                className="form-control form-control-sm"
                autoFocus
                maxLength={STAFF_REASON_MAX_LENGTH}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <button type="submit" className="btn btn-sm btn-danger" disabled={isLoading || !reason.trim()}>
                {t('members.refundConfirm')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => setOpen(false)}
              >
                {t('common.cancel')}
              </button>
            </div>
          </form>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger mt-2"
            onClick={() => setOpen(true)}
            aria-label={t('members.refundLabel', { id: order.id })}
          >
            {t('members.refund')}
          </button>
        )
      ) : null}
    </div>
  );
}
