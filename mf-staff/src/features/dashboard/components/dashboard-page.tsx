import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorAlert, Spinner, type ExperimentReport } from '@dating/shared';
import type { StaffSignInFailures } from '@dating/shared/contract/staff';
import { useDashboardQuery } from '../../../api/dashboard';
import { useFormat } from '../../../lib/format';
import { NS } from '../../../lib/i18n';
import { useStaff } from '../../../lib/staff-context';
import { PageTitle } from '../../../components/page-title';

const DASHBOARD_POLL_MS = 60_000;

/**
 * Today per site: signups, activations, first purchases, revenue, open queues; and the lander experiments. Admins
 * see the failed staff sign-ins first (an alert once they reach the mail threshold).
 */
export default function DashboardPage() {
  const { t } = useTranslation(NS);
  const { base } = useStaff();
  const format = useFormat();
  const dashboard = useDashboardQuery(undefined, { pollingInterval: DASHBOARD_POLL_MS });
  return (
    <>
      <PageTitle>{t('dashboard.title')}</PageTitle>
      <ErrorAlert error={dashboard.error} />
      {dashboard.isLoading ? <Spinner block label={t('common.loading')} /> : null}
      {dashboard.data ? (
        <>
          {dashboard.data.sign_in_failures ? (
            <SignInFailures failures={dashboard.data.sign_in_failures} />
          ) : null}
          <section aria-labelledby="today-heading" className="mb-4">
            <h2 id="today-heading" className="h5">
              {t('dashboard.today')}
            </h2>
            <div className="table-responsive">
              <table className="table table-sm align-middle bg-body">
                <caption className="visually-hidden">{t('dashboard.today')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('common.site')}</th>
                    <th scope="col" className="text-end">
                      {t('dashboard.signups')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('dashboard.activations')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('dashboard.firstPurchases')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('dashboard.revenue')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('dashboard.openReplies')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('dashboard.openPhotos')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('dashboard.openReports')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('dashboard.openComplaints')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {dashboard.data.sites.map((day) => (
                    <tr key={day.site.id} data-testid="dashboard-site">
                      <th scope="row">{day.site.name}</th>
                      <td className="text-end">{format.number(day.signups)}</td>
                      <td className="text-end">{format.number(day.activations)}</td>
                      <td className="text-end">{format.number(day.first_purchases)}</td>
                      <td className="text-end">
                        {day.revenue.length ? day.revenue.map(format.money).join(' + ') : format.number(0)}
                      </td>
                      <td className="text-end">
                        <Link to={`${base}/queue`}>{day.open.replies}</Link>
                      </td>
                      <td className="text-end">
                        <Link to={`${base}/photos`}>{day.open.photos}</Link>
                      </td>
                      <td className="text-end">
                        <Link to={`${base}/reports`}>{day.open.reports}</Link>
                      </td>
                      <td className="text-end">
                        <Link to={`${base}/complaints`}>{day.open.complaints}</Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <Experiments report={dashboard.data.experiments} />
        </>
      ) : null}
    </>
  );
}

function SignInFailures({ failures }: { failures: StaffSignInFailures }) {
  const { t } = useTranslation(NS);
  const { base } = useStaff();
  const format = useFormat();
  const alarm = failures.last_hour >= failures.alert_threshold;
  return (
    <section aria-labelledby="sign-in-heading" className="mb-4" data-testid="sign-in-failures">
      <h2 id="sign-in-heading" className="h5">
        {t('dashboard.signIn.title')}
      </h2>
      {alarm ? (
        <div className="alert alert-danger" role="alert">
          {t('dashboard.signIn.alert', { count: failures.last_hour, threshold: failures.alert_threshold })}
        </div>
      ) : null}
      <p className="mb-2">
        {t('dashboard.signIn.counts', {
          hour: format.number(failures.last_hour),
          day: format.number(failures.last_day),
          limited: format.number(failures.rate_limited_day),
        })}
      </p>
      {failures.addresses.length ? (
        <div className="table-responsive">
          <table className="table table-sm bg-body">
            <caption className="visually-hidden">{t('dashboard.signIn.addresses')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.signIn.address')}</th>
                <th scope="col" className="text-end">
                  {t('dashboard.signIn.attempts')}
                </th>
              </tr>
            </thead>
            <tbody>
              {failures.addresses.map((a) => (
                <tr key={a.ip}>
                  <td className="text-break">{a.ip}</td>
                  <td className="text-end">{format.number(a.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="mt-2 mb-0">
        <Link to={`${base}/audit`}>{t('dashboard.signIn.auditLink')}</Link>
      </p>
    </section>
  );
}

function Experiments({ report }: { report: ExperimentReport }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const rate = (value: { value: number; low: number; high: number }) =>
    `${format.percent(value.value)} (${format.percent(value.low)}–${format.percent(value.high)})`;
  return (
    <section aria-labelledby="experiments-heading">
      <h2 id="experiments-heading" className="h5">
        {t('dashboard.experiments', { app: report.app })}
      </h2>
      <p className="small text-body-secondary">
        {t('dashboard.stable', { version: report.stable ?? '–' })}
        {report.canary
          ? ` · ${t('dashboard.canary', { version: report.canary.version, weight: report.canary.weight })}`
          : ''}
      </p>
      {report.versions.length === 0 ? (
        <p>{t('dashboard.noExperiments')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm bg-body">
            <caption className="visually-hidden">{t('dashboard.experiments', { app: report.app })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.version')}</th>
                <th scope="col" className="text-end">
                  {t('dashboard.visits')}
                </th>
                <th scope="col" className="text-end">
                  {t('dashboard.signups')}
                </th>
                <th scope="col" className="text-end">
                  {t('dashboard.signupRate')}
                </th>
                <th scope="col" className="text-end">
                  {t('dashboard.activationRate')}
                </th>
                <th scope="col" className="text-end">
                  {t('dashboard.purchaseRate')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.versions.map((version) => (
                <tr key={version.version}>
                  <th scope="row">
                    {version.version}{' '}
                    <span className="badge text-bg-light">{t(`dashboard.roles.${version.role}`)}</span>
                  </th>
                  <td className="text-end">{format.number(version.visits)}</td>
                  <td className="text-end">{format.number(version.signups)}</td>
                  <td className="text-end">{rate(version.rates.signup)}</td>
                  <td className="text-end">{rate(version.rates.activation)}</td>
                  <td className="text-end">{rate(version.rates.first_purchase)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
