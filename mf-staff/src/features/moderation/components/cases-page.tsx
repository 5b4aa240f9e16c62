import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, Spinner } from '@dating/shared';
import { CASE_STATES, STAFF_REPLY_MAIL_MAX_LENGTH } from '@dating/shared/contract/values/staff';
import type { CaseState, StaffCaseReply, StaffComplaint, StaffReport } from '@dating/shared/contract/staff';
import {
  useComplaintsQuery,
  useComplaintUpdateMutation,
  useReportsQuery,
  useReportUpdateMutation,
} from '../api/moderation';
import { useFormat } from '../../../lib/format';
import { NS } from '../../../lib/i18n';
import { PageTitle } from '../../../components/page-title';
import { SiteFilter } from '../../../components/site-filter';

type Kind = 'reports' | 'complaints';

/** Reports from members, or complaints: each with its state (open, in progress, done) and a reply by mail. */
export default function CasesPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation(NS);
  const [state, setState] = useState<CaseState | undefined>('open');
  const [site, setSite] = useState<number | undefined>();
  const [cursor, setCursor] = useState<string | undefined>();
  const query = { state, site, cursor };
  const reports = useReportsQuery(query, { skip: kind !== 'reports' });
  const complaints = useComplaintsQuery(query, { skip: kind !== 'complaints' });
  const result = kind === 'reports' ? reports : complaints;
  const rows: (StaffReport | StaffComplaint)[] =
    kind === 'reports' ? (reports.data?.reports ?? []) : (complaints.data?.complaints ?? []);
  return (
    <>
      <PageTitle>{t(`cases.${kind}Title`)}</PageTitle>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <div>
          <label htmlFor={`${kind}-state`} className="form-label small mb-0">
            {t('cases.state')}
          </label>
          <select
            id={`${kind}-state`}
            className="form-select form-select-sm"
            value={state ?? ''}
            onChange={(e) => {
              setCursor(undefined);
              setState((e.target.value || undefined) as CaseState | undefined);
            }}
          >
            <option value="">{t('cases.allStates')}</option>
            {CASE_STATES.map((value) => (
              <option key={value} value={value}>
                {t(`cases.states.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <SiteFilter
          id={`${kind}-site`}
          value={site}
          onChange={(value) => {
            setCursor(undefined);
            setSite(value);
          }}
        />
      </div>
      <ErrorAlert error={result.error} />
      {result.isLoading ? <Spinner block label={t('common.loading')} /> : null}
      {result.data && rows.length === 0 ? <p>{t('cases.empty')}</p> : null}
      <ul className="list-unstyled">
        {rows.map((row) => (
          <li key={row.id} className="mb-3">
            {'reason' in row ? <ReportCase report={row} /> : <ComplaintCase complaint={row} />}
          </li>
        ))}
      </ul>
      <div className="d-flex gap-2">
        {cursor ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => setCursor(undefined)}
          >
            {t('common.first')}
          </button>
        ) : null}
        {result.data?.next_cursor ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => setCursor(result.data?.next_cursor ?? undefined)}
          >
            {t('common.older')}
          </button>
        ) : null}
      </div>
    </>
  );
}

function ReportCase({ report }: { report: StaffReport }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const [update, status] = useReportUpdateMutation();
  return (
    <article className="card" aria-labelledby={`case-${report.id}`} data-testid="staff-case">
      <div className="card-body">
        <h2 id={`case-${report.id}`} className="h6">
          {t('cases.reportHeading', { id: report.id, reason: t(`reasons.${report.reason}`) })}
          <span className="badge text-bg-secondary ms-2">{t(`cases.states.${report.state}`)}</span>
        </h2>
        <p className="small text-body-secondary mb-1">
          {report.site.name} · {format.dateTime(report.created_at)}
        </p>
        <p className="mb-1">
          {t('cases.reporter')}: {report.reporter ? `${report.reporter.name} (#${report.reporter.id})` : '–'}{' '}
          · {t('cases.reported')}:{' '}
          {report.reported
            ? `${report.reported.name} (#${report.reported.id})${report.reported.fictional ? ` · ${t('cases.fictional')}` : ''}`
            : '–'}
        </p>
        {report.text ? <blockquote className="border-start ps-2 text-break">{report.text}</blockquote> : null}
        <Replies replies={report.replies} />
        <CaseForm
          id={report.id}
          state={report.state}
          canReply={!!report.reporter?.email}
          error={status.error}
          busy={status.isLoading}
          onSave={(body) => update({ id: report.id, ...body })}
        />
      </div>
    </article>
  );
}

function ComplaintCase({ complaint }: { complaint: StaffComplaint }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const [update, status] = useComplaintUpdateMutation();
  return (
    <article className="card" aria-labelledby={`case-${complaint.id}`} data-testid="staff-case">
      <div className="card-body">
        <h2 id={`case-${complaint.id}`} className="h6">
          {t('cases.complaintHeading', { id: complaint.id, subject: complaint.subject ?? '' })}
          <span className="badge text-bg-secondary ms-2">{t(`cases.states.${complaint.state}`)}</span>
        </h2>
        <p className="small text-body-secondary mb-1">
          {complaint.site.name} · {format.dateTime(complaint.created_at)} · {complaint.name ?? ''} &lt;
          {complaint.email}&gt;
        </p>
        <blockquote className="border-start ps-2 text-break">{complaint.message}</blockquote>
        <Replies replies={complaint.replies} />
        <CaseForm
          id={complaint.id}
          state={complaint.state}
          canReply
          error={status.error}
          busy={status.isLoading}
          onSave={(body) => update({ id: complaint.id, ...body })}
        />
      </div>
    </article>
  );
}

function Replies({ replies }: { replies: StaffCaseReply[] }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  if (replies.length === 0) return null;
  return (
    <div className="mb-2">
      <h3 className="h6 small">{t('cases.replies')}</h3>
      <ul className="small">
        {replies.map((reply, index) => (
          <li key={index} className="text-break">
            {format.dateTime(reply.sent_at)} · {reply.staff}: {reply.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

function CaseForm({
  id,
  state,
  canReply,
  error,
  busy,
  onSave,
}: {
  id: number;
  state: CaseState;
  canReply: boolean;
  error: Parameters<typeof ErrorAlert>[0]['error'];
  busy: boolean;
  onSave(body: { state?: CaseState; reply?: string }): Promise<{ data?: unknown }>;
}) {
  const { t } = useTranslation(NS);
  const [next, setNext] = useState<CaseState>(state);
  const [reply, setReply] = useState('');
  const changed = next !== state || reply.trim().length > 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: { state?: CaseState; reply?: string } = {};
    if (next !== state) body.state = next;
    if (reply.trim()) body.reply = reply.trim();
    const result = await onSave(body);
    if (result.data) setReply('');
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="row g-2 align-items-end">
      <div className="col-sm-3">
        <label htmlFor={`case-state-${id}`} className="form-label small mb-0">
          {t('cases.state')}
        </label>
        <select
          id={`case-state-${id}`}
          className="form-select form-select-sm"
          value={next}
          onChange={(e) => setNext(e.target.value as CaseState)}
        >
          {CASE_STATES.map((value) => (
            <option key={value} value={value}>
              {t(`cases.states.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {canReply ? (
        <div className="col-sm-7">
          <label htmlFor={`case-reply-${id}`} className="form-label small mb-0">
            {t('cases.reply')}
          </label>
          <textarea
            id={`case-reply-${id}`}
            className="form-control form-control-sm"
            rows={2}
            maxLength={STAFF_REPLY_MAIL_MAX_LENGTH}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
          />
        </div>
      ) : null}
      <div className="col-sm-2">
        <button type="submit" className="btn btn-sm btn-primary w-100" disabled={busy || !changed}>
          {t('common.save')}
        </button>
      </div>
      <div className="col-12">
        <ErrorAlert error={error} />
      </div>
    </form>
  );
}
