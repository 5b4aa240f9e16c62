import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockDialog, ReportDialog } from '@dating/shared/member-actions';
import { NS } from '../../../lib/i18n';

/** Block and report, below a member's profile (members only: the server needs a session for both). */
export function SafetyActions({ profileId, name }: { profileId: number; name: string }) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState<'block' | 'report' | null>(null);
  const close = () => setOpen(null);
  return (
    <div className="d-flex gap-3 mt-2 small">
      <button type="button" className="btn btn-link btn-sm p-0 text-muted" onClick={() => setOpen('block')}>
        {t('block.action')}
      </button>
      <button type="button" className="btn btn-link btn-sm p-0 text-muted" onClick={() => setOpen('report')}>
        {t('report.action')}
      </button>
      {open === 'block' && (
        <BlockDialog profileId={profileId} name={name} onClose={close} onBlocked={close} />
      )}
      {open === 'report' && <ReportDialog profileId={profileId} name={name} onClose={close} />}
    </div>
  );
}
