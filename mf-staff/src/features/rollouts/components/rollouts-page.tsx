import { useTranslation } from 'react-i18next';
import { ErrorAlert, Spinner } from '@dating/shared';
import type {
  StaffRollout,
  StaffRolloutArm,
  StaffRolloutDecision,
  StaffRolloutMetric,
  StaffRolloutReason,
} from '@dating/shared/contract/staff';
import { useRolloutsQuery } from '../api/rollouts';
import { useFormat } from '../../../lib/format';
import { NS } from '../../../lib/i18n';
import { PageTitle } from '../../../components/page-title';

/** The guard decides every 30 s by default; the page follows it. */
const ROLLOUTS_POLL_MS = 15_000;

const STATUS_BADGE: Record<StaffRollout['status'], string> = {
  running: 'text-bg-primary',
  promoted: 'text-bg-success',
  rolled_back: 'text-bg-danger',
  stopped: 'text-bg-secondary',
};

const ACTION_BADGE: Record<string, string> = {
  advance: 'text-bg-info',
  promote: 'text-bg-success',
  rollback: 'text-bg-danger',
  stop: 'text-bg-secondary',
  wait: 'text-bg-light',
};

/**
 * Canary rollouts (docs/adr/0032-canary-guard.md): each running and recent rollout with both arms' numbers
 * from the guard's last evaluation, every decision with its reason (told in the reader's language from the reason's
 * data), and the canary's top errors with their stacks mapped to source.
 */
export default function RolloutsPage() {
  const { t } = useTranslation(NS);
  const rollouts = useRolloutsQuery(undefined, { pollingInterval: ROLLOUTS_POLL_MS });
  return (
    <>
      <PageTitle>{t('rollouts.title')}</PageTitle>
      <p className="text-body-secondary small">{t('rollouts.intro')}</p>
      <ErrorAlert error={rollouts.error} />
      {rollouts.isLoading ? <Spinner block label={t('common.loading')} /> : null}
      {rollouts.data && rollouts.data.rollouts.length === 0 ? <p>{t('rollouts.empty')}</p> : null}
      {rollouts.data?.rollouts.map((rollout) => (
        <Rollout key={rollout.id} rollout={rollout} />
      ))}
    </>
  );
}

/** A decision's reason in the reader's language, from its data (older records: from the action and metrics). */
function useReason() {
  const { t } = useTranslation(NS);
  const metricNames = (names: StaffRolloutMetric['name'][]) =>
    names.map((name) => t(`rollouts.metrics.${name}`)).join(', ');
  return (
    why: StaffRolloutReason | undefined,
    fallback: { action: string; metrics?: StaffRolloutMetric[]; from?: number; to?: number | null },
  ): string => {
    const reason: StaffRolloutReason | undefined =
      why ??
      (fallback.action === 'rollback'
        ? {
            code: 'worse',
            metrics: (fallback.metrics ?? []).filter((m) => m.verdict === 'worse').map((m) => m.name),
          }
        : fallback.action === 'promote'
          ? { code: 'promote' }
          : fallback.action === 'advance' && fallback.from !== undefined && fallback.to != null
            ? { code: 'advance', from: fallback.from, to: fallback.to }
            : fallback.action === 'stop'
              ? { code: 'by_hand' }
              : undefined);
    if (!reason) return t('rollouts.reasons.waiting');
    switch (reason.code) {
      case 'worse':
        return t('rollouts.reasons.worse', { metrics: metricNames(reason.metrics) });
      case 'undecided':
        return t('rollouts.reasons.undecided', { metrics: metricNames(reason.metrics) });
      case 'too_few_views':
        return t('rollouts.reasons.tooFewViews', { views: reason.views, min: reason.min });
      case 'step_time':
        return t('rollouts.reasons.stepTime', { seconds: reason.seconds });
      case 'too_few_visits':
        return t('rollouts.reasons.tooFewVisits', { min: reason.min });
      case 'promote':
        return t('rollouts.reasons.promote');
      case 'advance':
        return t('rollouts.reasons.advance', { from: reason.from, to: reason.to });
      case 'by_hand':
        return t('rollouts.reasons.byHand');
    }
  };
}

function Rollout({ rollout }: { rollout: StaffRollout }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const reason = useReason();
  const last = rollout.last_decision;
  const headingId = `rollout-${rollout.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="card mb-4"
      data-testid="rollout"
      data-app={rollout.app}
      data-status={rollout.status}
    >
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 id={headingId} className="h5 mb-0 text-break">
            {t('rollouts.heading', { app: rollout.app, version: rollout.canary_version })}
          </h2>
          <span className={`badge ${STATUS_BADGE[rollout.status]}`}>
            {t(`rollouts.status.${rollout.status}`)}
          </span>
        </div>
        <dl className="row small mb-3">
          <dt className="col-5 col-md-2">{t('rollouts.stable')}</dt>
          <dd className="col-7 col-md-10 text-break">{rollout.stable_version}</dd>
          <dt className="col-5 col-md-2">{t('rollouts.canary')}</dt>
          <dd className="col-7 col-md-10 text-break">{rollout.canary_version}</dd>
          <dt className="col-5 col-md-2">{t('rollouts.weight')}</dt>
          <dd className="col-7 col-md-10" data-testid="rollout-weight">
            {t('rollouts.percent', { value: rollout.weight })}
          </dd>
          <dt className="col-5 col-md-2">{t('rollouts.steps')}</dt>
          <dd className="col-7 col-md-10">
            {rollout.steps.map((w) => t('rollouts.percent', { value: w })).join(' → ')}
          </dd>
          <dt className="col-5 col-md-2">{t('rollouts.started')}</dt>
          <dd className="col-7 col-md-10">{format.dateTime(rollout.started_at)}</dd>
          {rollout.ended_at ? (
            <>
              <dt className="col-5 col-md-2">{t('rollouts.ended')}</dt>
              <dd className="col-7 col-md-10">{format.dateTime(rollout.ended_at)}</dd>
            </>
          ) : null}
        </dl>

        {last ? (
          <>
            <h3 className="h6">{t('rollouts.lastCheck', { at: format.dateTime(last.at) })}</h3>
            <p className="mb-2" data-testid="rollout-last-reason">
              <span className={`badge ${ACTION_BADGE[last.action] ?? 'text-bg-light'} me-2`}>
                {t(`rollouts.actions.${last.action}`)}
              </span>
              {reason(last.why, { action: last.action, metrics: last.metrics })}
            </p>
            <Arms app={rollout.app} stable={last.stable} canary={last.canary} metrics={last.metrics ?? []} />
          </>
        ) : (
          <p className="text-body-secondary">{t('rollouts.notChecked')}</p>
        )}

        <h3 className="h6 mt-3">{t('rollouts.decisions')}</h3>
        {rollout.decisions.length === 0 ? (
          <p className="text-body-secondary small">{t('rollouts.noDecisions')}</p>
        ) : (
          <ol className="list-unstyled small mb-0" data-testid="rollout-decisions">
            {rollout.decisions.map((d, i) => (
              <Decision key={i} decision={d} />
            ))}
          </ol>
        )}

        <h3 className="h6 mt-3">{t('rollouts.topErrors')}</h3>
        {rollout.topErrors.length === 0 ? (
          <p className="text-body-secondary small mb-0">{t('rollouts.noErrors')}</p>
        ) : (
          <ul className="list-unstyled mb-0" data-testid="rollout-errors">
            {rollout.topErrors.map((e, i) => (
              <li key={i} className="mb-2">
                <p className="mb-1 small">
                  <span className="badge text-bg-warning me-2">{t(`rollouts.errorKinds.${e.kind}`)}</span>
                  <code className="text-break">{e.message}</code>{' '}
                  <span className="text-body-secondary">
                    {t('rollouts.errorCount', {
                      times: format.number(e.count),
                      at: format.dateTime(e.last_seen),
                    })}
                  </span>
                </p>
                {e.frames.length ? (
                  <figure className="mb-0" aria-label={t('rollouts.stack')}>
                    <pre className="staff-stack bg-body-tertiary border rounded p-2 mb-0">
                      {e.frames.map((f) => f.source ?? f.raw).join('\n')}
                    </pre>
                  </figure>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Decision({ decision }: { decision: StaffRolloutDecision }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const reason = useReason();
  const weights =
    decision.weight_after === null
      ? t('rollouts.percent', { value: decision.weight_before })
      : `${t('rollouts.percent', { value: decision.weight_before })} → ${t('rollouts.percent', { value: decision.weight_after })}`;
  return (
    <li className="mb-1" data-testid="rollout-decision" data-action={decision.action}>
      <span className="text-body-secondary me-2">{format.dateTime(decision.at)}</span>
      <span className={`badge ${ACTION_BADGE[decision.action] ?? 'text-bg-light'} me-2`}>
        {t(`rollouts.actions.${decision.action}`)}
      </span>
      <span className="me-2">{weights}</span>
      {reason(decision.evidence?.why, {
        action: decision.action,
        metrics: decision.evidence?.metrics,
        from: decision.weight_before,
        to: decision.weight_after,
      })}
    </li>
  );
}

/** Both arms' numbers side by side, one row per metric, with the guard's verdict on the canary. */
function Arms({
  app,
  stable,
  canary,
  metrics,
}: {
  app: string;
  stable: StaffRolloutArm;
  canary: StaffRolloutArm;
  metrics: StaffRolloutMetric[];
}) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const verdict = (name: StaffRolloutMetric['name']) => {
    const m = metrics.find((x) => x.name === name);
    return m ? t(`rollouts.verdicts.${m.verdict}`) : '–';
  };
  const share = (k: number, n: number) =>
    n ? `${format.number(k)} (${format.percent(k / n)})` : format.number(k);
  const lcp = (arm: StaffRolloutArm) =>
    arm.lcp_p75 === null
      ? t('rollouts.noSamples')
      : t('rollouts.ms', { value: format.number(arm.lcp_p75), samples: arm.lcp_samples });
  // Decisions of the earlier rule recorded no INP.
  const inp = (arm: StaffRolloutArm) =>
    arm.inp_p75 == null
      ? t('rollouts.noSamples')
      : t('rollouts.ms', { value: format.number(arm.inp_p75), samples: arm.inp_samples ?? 0 });
  const rows: { key: string; label: string; stable: string; canary: string; verdict: string }[] = [
    {
      key: 'views',
      label: t('rollouts.pageViews'),
      stable: format.number(stable.pageViews),
      canary: format.number(canary.pageViews),
      verdict: '',
    },
    {
      key: 'errors',
      label: t('rollouts.metrics.errors'),
      stable: share(stable.errorViews, stable.pageViews),
      canary: share(canary.errorViews, canary.pageViews),
      verdict: verdict('errors'),
    },
    {
      key: 'load',
      label: t('rollouts.metrics.load_failures'),
      stable: share(stable.loadFailureViews, stable.pageViews),
      canary: share(canary.loadFailureViews, canary.pageViews),
      verdict: verdict('load_failures'),
    },
    {
      key: 'lcp',
      label: t('rollouts.metrics.lcp'),
      stable: lcp(stable),
      canary: lcp(canary),
      verdict: verdict('lcp'),
    },
    {
      key: 'inp',
      label: t('rollouts.metrics.inp'),
      stable: inp(stable),
      canary: inp(canary),
      verdict: verdict('inp'),
    },
  ];
  if (stable.visits !== undefined || canary.visits !== undefined || app === 'mf-landers') {
    rows.push(
      {
        key: 'visits',
        label: t('rollouts.visits'),
        stable: format.number(stable.visits ?? 0),
        canary: format.number(canary.visits ?? 0),
        verdict: '',
      },
      {
        key: 'signups',
        label: t('rollouts.metrics.signups'),
        stable: share(stable.signups ?? 0, stable.visits ?? 0),
        canary: share(canary.signups ?? 0, canary.visits ?? 0),
        verdict: verdict('signups'),
      },
    );
  }
  return (
    <div className="staff-scroll">
      <table className="staff-arms bg-body" data-testid="rollout-arms">
        <caption className="visually-hidden">{t('rollouts.arms')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rollouts.metric')}</th>
            <th scope="col" className="text-end">
              {t('rollouts.stable')}
            </th>
            <th scope="col" className="text-end">
              {t('rollouts.canary')}
            </th>
            <th scope="col">{t('rollouts.verdict')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-metric={row.key}>
              <th scope="row" className="fw-normal">
                {row.label}
              </th>
              <td className="text-end">{row.stable}</td>
              <td className="text-end">{row.canary}</td>
              <td>{row.verdict}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
