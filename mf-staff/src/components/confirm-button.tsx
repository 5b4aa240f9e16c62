import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';

/** A destructive action asks once more in place (no modal to lose focus in): 'Are you sure?' Yes / Cancel. */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  disabled,
  variant = 'outline-danger',
}: {
  label: ReactNode;
  question: ReactNode;
  onConfirm(): void;
  disabled?: boolean;
  variant?: string;
}) {
  const { t } = useTranslation(NS);
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className={`btn btn-sm btn-${variant}`}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="d-inline-flex align-items-center gap-2" role="group" aria-label={String(question)}>
      <span>{question}</span>
      <button
        type="button"
        className="btn btn-sm btn-danger"
        autoFocus
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {t('common.yes')}
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setAsking(false)}>
        {t('common.cancel')}
      </button>
    </span>
  );
}
