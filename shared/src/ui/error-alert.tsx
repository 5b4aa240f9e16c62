import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toDisplayError } from '../api/errors';

export interface ErrorAlertProps {
  /** The `error` of an RTK Query hook or mutation result. */
  error: FetchBaseQueryError | SerializedError | undefined;
  /** Extra content, e.g. a 'buy credits' button for insufficient_credits. */
  children?: ReactNode;
  className?: string;
}

/**
 * Shows the server's message, which the server already translated (ARCHITECTURE §5); without one (network
 * failure) the generic catalogue text of the `errors` namespace.
 */
export function ErrorAlert({ error, children, className = '' }: ErrorAlertProps) {
  const { t } = useTranslation('errors');
  const display = toDisplayError(error);
  if (!display) return null;
  return (
    <div className={`alert alert-danger ${className}`} role="alert">
      {display.message ?? t('generic')}
      {children ? <div className="mt-2">{children}</div> : null}
    </div>
  );
}
