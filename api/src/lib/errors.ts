import type { ErrorCode } from '@dating/shared/contract/index';

/** Thrown anywhere; the error handler turns it into `{ error: { code, message, field?, params? } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly params?: Record<string, string | number>,
    readonly field?: string,
  ) {
    super(code);
  }
}

export const authRequired = () => new ApiError(403, 'auth_required');
export const notFound = () => new ApiError(404, 'not_found');
export const forbidden = () => new ApiError(403, 'forbidden');
export const badInput = (
  field: string,
  code: ErrorCode = 'validation',
  params?: Record<string, string | number>,
) => new ApiError(400, code, { field, ...params }, field);
