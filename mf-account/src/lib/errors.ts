import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { toDisplayError, type DisplayError } from '@dating/shared';
import { useTranslation } from 'react-i18next';
import type { FormError } from '@dating/shared/forms/check';

export type RequestError = FetchBaseQueryError | SerializedError | undefined;

export interface ErrorTexts {
  /** The server's translated message (docs/adr/0007-server-by-domain.md), or the generic text when there is none (network down). */
  server(error: RequestError): string | null;
  /** A client-side finding in the same words the server would use. */
  field(error: FormError | null | undefined): string | null;
}

export function useErrorTexts(): ErrorTexts {
  const { t } = useTranslation('account');
  return {
    server(error) {
      const display = toDisplayError(error);
      if (!display) return null;
      return display.message ?? t(`errors.${display.code}`, { defaultValue: t('errors.generic') });
    },
    field(error) {
      return error ? t(`errors.${error.code}`, error.params ?? {}) : null;
    },
  };
}

/** The field a server error is about, so it can be shown inline next to that input. */
export function serverErrorField(error: RequestError): string | undefined {
  const display: DisplayError | null = toDisplayError(error);
  return display?.field;
}

export function serverErrorCode(error: RequestError): string | undefined {
  return toDisplayError(error)?.code;
}
