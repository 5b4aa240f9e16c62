import { Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ErrorAlert,
  Modal,
  REPORT_REASONS,
  REPORT_TEXT_MAX_LENGTH,
  useReportMutation,
  type ReportReason,
} from '@dating/shared';
import { MEMBER_ACTIONS_NS } from './namespace';

export interface ReportDialogProps {
  profileId: number;
  name: string;
  /** The conversation it is reported from (stored with the report for moderation). */
  conversation?: number;
  onClose(): void;
}

/**
 * Report a member (report.php): a reason from the list and optional free text, stored for moderation. Its own
 * Suspense boundary: the page stays as it is while the dialog's texts load.
 */
export function ReportDialog(props: ReportDialogProps) {
  return (
    <Suspense fallback={null}>
      <ReportForm {...props} />
    </Suspense>
  );
}

function ReportForm({ profileId, name, conversation, onClose }: ReportDialogProps) {
  const { t } = useTranslation(MEMBER_ACTIONS_NS);
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [report, { isLoading, isSuccess, error }] = useReportMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    const trimmed = text.trim();
    await report({
      id: profileId,
      reason,
      ...(trimmed ? { text: trimmed } : {}),
      ...(conversation !== undefined ? { conversation } : {}),
    })
      .unwrap()
      .catch(() => undefined);
  }

  return (
    <Modal open onClose={onClose} title={t('report.title', { name })} closeLabel={t('report.close')}>
      {isSuccess ? (
        <>
          <p role="status">{t('report.sent')}</p>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('report.close')}
          </button>
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="mb-3" aria-describedby={missingReason ? `${id}-reason-error` : undefined}>
            <legend className="form-label fs-6">{t('report.reason')}</legend>
            {REPORT_REASONS.map((value) => (
              <div className="form-check" key={value}>
                <input
                  className={`form-check-input${missingReason ? ' is-invalid' : ''}`}
                  type="radio"
                  name="reason"
                  id={`${id}-${value}`}
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setMissingReason(false);
                  }}
                />
                <label className="form-check-label" htmlFor={`${id}-${value}`}>
                  {t(`report.reasons.${value}`)}
                </label>
              </div>
            ))}
            {missingReason && (
              <div className="text-danger small mt-1" id={`${id}-reason-error`} role="alert">
                {t('report.reasonRequired')}
              </div>
            )}
          </fieldset>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-text`}>
              {t('report.text')}
            </label>
            <textarea
              className="form-control"
              id={`${id}-text`}
              rows={4}
              maxLength={REPORT_TEXT_MAX_LENGTH}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <ErrorAlert error={error} />
          <div className="d-flex gap-2 justify-content-end">
            <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
              {t('report.cancel')}
            </button>
            <button type="submit" className="btn btn-danger" disabled={isLoading}>
              {t('report.submit')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
