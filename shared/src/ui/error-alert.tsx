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

function CatalogueText({ code }: { code: string }) {
  const { t } = useTranslation('errors');
  return <>{t(code)}</>;
}

/**
 * One text of the error catalogue (the `errors` namespace), loaded when first shown. Only the text waits for it:
 * the page around it is never swapped for a loading fallback (React hides content it already showed when
 * something inside suspends again).
 */
export function ErrorText({ code }: { code: string }) {
  return (
    <Suspense fallback={null}>
      <CatalogueText code={code} />
    </Suspense>
  );
}

/**
 * Shows the server's message, which the server already translated (docs/adr/0007-server-by-domain.md); without one (network
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
      {display.message ?? <ErrorText code="generic" />}
      {children ? <div className="mt-2">{children}</div> : null}
    </div>
  );
}
