import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toDisplayError } from '../api/errors';

export interface ErrorAlertProps {
  /** The `error` of an RTK Query hook or mutation result. */
  error: FetchBaseQueryError | SerializedError | undefined;
  /** Extra content, e.g. a 'buy credits' button for insufficient_credits. */
  children?: ReactNode;
  className?: string;
}

/** The catalogue's generic text; the `errors` namespace is loaded only when a message needs it. */
function GenericError() {
  const { t } = useTranslation('errors');
  return <>{t('generic')}</>;
}

/**
 * Shows the server's message, which the server already translated (ARCHITECTURE §5); without one (network
 * failure) the generic catalogue text of the `errors` namespace. An alert with nothing to show reads no namespace:
 * the first render of a form or dialog holding one must not suspend the page around it while `errors` loads (the
 * conversation disappeared behind the loading fallback when the gift picker first opened). When the generic text
 * is needed, only the text waits for it.
 */
export function ErrorAlert({ error, children, className = '' }: ErrorAlertProps) {
  const display = toDisplayError(error);
  if (!display) return null;
  return (
    <div className={`alert alert-danger ${className}`} role="alert">
      {display.message ?? (
        <Suspense fallback={null}>
          <GenericError />
        </Suspense>
      )}
      {children ? <div className="mt-2">{children}</div> : null}
    </div>
  );
}
