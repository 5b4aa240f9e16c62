import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert, Spinner } from '@dating/shared';
import { useMemberQuery } from '../api/members';
import { useFormat } from '../../../lib/format';
import { NS } from '../../../lib/i18n';
import { useStaff } from '../../../lib/staff-context';
import { PageTitle } from '../../../components/page-title';
import { MemberActions } from './member-actions';
import { OrderRow } from './order-row';

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
