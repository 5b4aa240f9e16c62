import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ApiErrorBody, ErrorCode } from '../contract';

export interface DisplayError {
  code: ErrorCode;
  /** Already translated by the server into the user's language. */
  message: string | null;
  field?: string;
  status?: number | string;
}

/** Turns whatever an RTK Query hook returned as `error` into something a component can show. */
export function toDisplayError(
  error: FetchBaseQueryError | SerializedError | undefined,
): DisplayError | null {
  if (!error) return null;
  if ('status' in error) {
    const body = error.data as Partial<ApiErrorBody> | undefined;
    if (body?.error?.code) {
      return {
        code: body.error.code,
        message: body.error.message ?? null,
        field: body.error.field,
        status: error.status,
      };
    }
    return { code: 'generic', message: null, status: error.status };
  }
  return { code: 'generic', message: null };
}
