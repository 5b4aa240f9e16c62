import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ErrorAlert,
  Modal,
  REPORT_REASONS,
  REPORT_TEXT_MAX_LENGTH,
  useReportMutation,
  type ReportReason,
} from '@dating/shared';
import { NS } from '../../../lib/i18n';

interface ReportDialogProps {
  profileId: number;
  name: string;
  /** The conversation it is reported from (stored with the report for moderation). */
  conversation?: number;
  onClose(): void;
}

/** Report the member of a conversation (report.php): a reason and optional free text, stored for moderation. */
export function ReportDialog({ profileId, name, conversation, onClose }: ReportDialogProps) {
  const { t } = useTranslation(NS);
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
    <Modal
      open
      onClose={onClose}
      title={t('safety.report.title', { name })}
      closeLabel={t('safety.report.close')}
    >
      {isSuccess ? (
        <>
          <p role="status">{t('safety.report.sent')}</p>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('safety.report.close')}
          </button>
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="mb-3" aria-describedby={missingReason ? `${id}-reason-error` : undefined}>
            <legend className="form-label fs-6">{t('safety.report.reason')}</legend>
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
                  {t(`safety.report.reasons.${value}`)}
                </label>
              </div>
            ))}
            {missingReason && (
              <div className="text-danger small mt-1" id={`${id}-reason-error`} role="alert">
                {t('safety.report.reasonRequired')}
              </div>
            )}
          </fieldset>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-text`}>
              {t('safety.report.text')}
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
              {t('safety.report.cancel')}
            </button>
            <button type="submit" className="btn btn-danger" disabled={isLoading}>
              {t('safety.report.submit')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
