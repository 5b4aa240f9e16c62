import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, Spinner } from '@dating/shared';
import { STAFF_AUDIT_ACTIONS } from '@dating/shared/contract/values/staff';
import type { StaffAuditAction, StaffAuditQuery } from '@dating/shared/contract/staff';
import { useAuditQuery } from '../api/audit';
import { useFormat } from '../../../lib/format';
import { NS } from '../../../lib/i18n';
import { PageTitle } from '../../../components/page-title';

/** The audit log, newest first: read-only, filtered by action and target. */
export default function AuditPage() {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const [action, setAction] = useState<StaffAuditAction | undefined>();
  const [targetType, setTargetType] = useState('');
  const [targetId, setTargetId] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const query: StaffAuditQuery = {
    action,
    target_type: targetType.trim() || undefined,
    target_id: /^\d+$/.test(targetId) ? Number(targetId) : undefined,
    cursor: cursors[cursors.length - 1],
  };
  const audit = useAuditQuery(query);
  const filter = (apply: () => void) => {
    setCursors([]);
    apply();
  };
  return (
    <>
      <PageTitle>{t('audit.title')}</PageTitle>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <div>
          <label htmlFor="audit-action" className="form-label small mb-0">
            {t('audit.action')}
          </label>
          <select
            id="audit-action"
            className="form-select form-select-sm"
            value={action ?? ''}
            onChange={(e) =>
              filter(() => setAction((e.target.value || undefined) as StaffAuditAction | undefined))
            }
          >
            <option value="">{t('audit.allActions')}</option>
            {STAFF_AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`audit.actions.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-target-type" className="form-label small mb-0">
            {t('audit.targetType')}
          </label>
          <select
            id="audit-target-type"
            className="form-select form-select-sm"
            value={targetType}
            onChange={(e) => filter(() => setTargetType(e.target.value))}
          >
            <option value="">{t('audit.allTargets')}</option>
            {['member', 'photo', 'report', 'complaint', 'site', 'order', 'conversation', 'staff'].map(
              (value) => (
                <option key={value} value={value}>
                  {t(`audit.targets.${value}`)}
                </option>
              ),
            )}
          </select>
        </div>
        <div>
          <label htmlFor="audit-target-id" className="form-label small mb-0">
            {t('audit.targetId')}
          </label>
          <input
            id="audit-target-id"
            inputMode="numeric"
            className="form-control form-control-sm"
            value={targetId}
            onChange={(e) => filter(() => setTargetId(e.target.value.replace(/\D/g, '')))}
          />
        </div>
      </div>
      <ErrorAlert error={audit.error} />
      {audit.isFetching ? <Spinner block label={t('common.loading')} /> : null}
      {audit.data && audit.data.entries.length === 0 ? <p>{t('audit.empty')}</p> : null}
      {audit.data && audit.data.entries.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm align-top bg-body">
            <caption className="visually-hidden">{t('audit.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fields.when')}</th>
                <th scope="col">{t('audit.who')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.before')}</th>
                <th scope="col">{t('audit.after')}</th>
                <th scope="col">{t('audit.ip')}</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.entries.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry">
                  <td className="text-nowrap">{format.dateTime(entry.created_at)}</td>
                  <td>{entry.staff?.name ?? '–'}</td>
                  <td>{t(`audit.actions.${entry.action}`)}</td>
                  <td>
                    {entry.target_type
                      ? `${t(`audit.targets.${entry.target_type}`, { defaultValue: entry.target_type })} #${entry.target_id ?? ''}`
                      : '–'}
                  </td>
                  <td>
                    <Json value={entry.before} />
                  </td>
                  <td>
                    <Json value={entry.after} />
                  </td>
                  <td>{entry.ip ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="d-flex gap-2">
        {cursors.length > 0 ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            {t('common.newer')}
          </button>
        ) : null}
        {audit.data?.next_cursor ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => setCursors([...cursors, audit.data!.next_cursor!])}
          >
            {t('common.older')}
          </button>
        ) : null}
      </div>
    </>
  );
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <>–</>;
  return <pre className="staff-json mb-0">{JSON.stringify(value, null, 1)}</pre>;
}
