import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A Bootstrap alert with an × button (the banners of docs/product/routes-and-layouts.md). */
export function DismissibleAlert({
  variant,
  children,
  onDismiss,
  testId,
}: {
  variant: 'primary' | 'secondary' | 'info' | 'warning' | 'danger' | 'success';
  children: ReactNode;
  onDismiss?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`alert alert-${variant} d-flex align-items-center gap-2 mb-2 ${onDismiss ? 'alert-dismissible' : ''}`}
      role="status"
      data-testid={testId}
    >
      <div className="flex-grow-1">{children}</div>
      {onDismiss ? (
        <button type="button" className="btn-close" aria-label={t('common.close')} onClick={onDismiss} />
      ) : null}
    </div>
  );
}
