import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { toDisplayError } from '@dating/shared';

/** The server's translated message when it names `field` (400 `validation`), else undefined. */
export function fieldError(
  error: FetchBaseQueryError | SerializedError | undefined,
  field: string,
): string | undefined {
  const display = toDisplayError(error);
  if (!display || display.field !== field) return undefined;
  return display.message ?? undefined;
}

/** An error that names no field of the form (shown above it). */
export function isFieldless(
  error: FetchBaseQueryError | SerializedError | undefined,
  fields: readonly string[],
): boolean {
  const display = toDisplayError(error);
  return !!display && !(display.field && fields.includes(display.field));
}
