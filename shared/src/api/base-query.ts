import { fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MAX_RETRIES } from '../constants';
import { authRequired } from '../store/session';
import type { ApiErrorBody } from '../contract';

export const REQUEST_TYPE_HEADER = 'X-Requested-With';
export const REQUEST_TYPE_VALUE = 'XMLHttpRequest';
/** Staff API calls (relative to `/api/`): their 403 `auth_required` is about the staff session, not the member's. */
export const STAFF_API_PREFIX = 'staff/';

export interface ApiExtraOptions {
  /** Mutations are not retried unless they are idempotent (e.g. carry a client-generated id). */
  idempotent?: boolean;
  maxRetries?: number;
}

/**
 * The store's thunk extra argument on the server (docs/adr/0030): requests go to `origin` through `fetch` (the api
 * answers them in process, with the visitor's cookies), since a server has no page origin to be relative to.
 */
export interface ApiExtra {
  origin: string;
  fetch: (request: Request) => Promise<Response>;
}

const prepareHeaders = (headers: Headers) => {
  headers.set(REQUEST_TYPE_HEADER, REQUEST_TYPE_VALUE);
  return headers;
};

const serverQueries = new WeakMap<ApiExtra, ReturnType<typeof fetchBaseQuery>>();

function serverBaseQuery(extra: ApiExtra) {
  let query = serverQueries.get(extra);
  if (!query) {
    query = fetchBaseQuery({
      baseUrl: `${extra.origin}/api/`,
      fetchFn: (input) => extra.fetch(input as Request),
      prepareHeaders,
    });
    serverQueries.set(extra, query);
  }
  return query;
}

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so a Request can be built outside a page too (tests, workers); same origin as the page.
  baseUrl: typeof location === 'undefined' ? '/api/' : `${location.origin}/api/`,
  credentials: 'include',
  // Looked up per call, so whichever fetch the page (or a test's edge) has at that moment is used.
  fetchFn: (input, init) => fetch(input, init),
  prepareHeaders,
});

export function isAuthRequiredError(error: FetchBaseQueryError | undefined): boolean {
  if (!error || error.status !== 403) return false;
  const body = error.data as Partial<ApiErrorBody> | undefined;
  return body?.error?.code === 'auth_required';
}

function urlOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

function methodOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase();
}

/**
 * A 403 "authentication required" logs the user out and, except for user.php, resolves to `false`
 * (docs/product/calls-and-errors.md), so a screen simply sees "no data" instead of an error.
 */
const baseQueryWithSession: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions
> = async (args, api, extraOptions) => {
  const extra = api.extra as ApiExtra | undefined;
  const result = await (extra?.fetch ? serverBaseQuery(extra) : rawBaseQuery)(args, api, extraOptions);
  // The staff area has its own session (docs/adr/0018-staff-back-office.md): a missing staff session says nothing about the member's.
  if (isAuthRequiredError(result.error) && !urlOf(args).startsWith(STAFF_API_PREFIX)) {
    api.dispatch(authRequired());
    if (!urlOf(args).startsWith('user.php')) return { data: false, meta: result.meta };
  }
  return result;
};

function isTransient(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  return typeof error.status === 'number' && (error.status >= 500 || error.status === 429);
}

/** Up to 5 retries with exponential delay (docs/product/calls-and-errors.md) for reads and idempotent writes, on transient errors only. */
export const baseQuery = retry(baseQueryWithSession, {
  retryCondition: (error, args, { attempt, extraOptions }) => {
    const options = extraOptions as ApiExtraOptions | undefined;
    if (attempt > (options?.maxRetries ?? MAX_RETRIES)) return false;
    if (methodOf(args as string | FetchArgs) !== 'GET' && !options?.idempotent) return false;
    return isTransient(error as FetchBaseQueryError);
  },
});
