// The network edge for the shell's jsdom tests, through msw (shared/src/testing/msw.ts): a table of answers by
// method and path. Everything above fetch (RTK Query, store, components) is the real code.
import { TextDecoder, TextEncoder } from 'node:util';
import { MessageChannel, MessagePort } from 'node:worker_threads';
import { answerRequests } from '@dating/shared/testing';

// react-router reads these at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder, MessageChannel, MessagePort });

export interface RecordedCall {
  method: string;
  path: string;
  search: string;
  body: string;
}

export type Handler = (call: RecordedCall) => { status?: number; body: unknown } | undefined;

export interface FetchEdge {
  calls: RecordedCall[];
  count(path: string, method?: string): number;
}

/** Answers `routes`: `METHOD /api/path` (or just `/api/path` for GET) maps to a JSON answer or a handler. */
export function installFetch(routes: Record<string, unknown | Handler>): FetchEdge {
  const calls: RecordedCall[] = [];
  answerRequests(async (request) => {
    const url = new URL(request.url);
    const call: RecordedCall = {
      method: request.method.toUpperCase(),
      path: url.pathname,
      search: url.search,
      body: request.body ? await request.text() : '',
    };
    calls.push(call);
    const route =
      routes[`${call.method} ${call.path}`] ?? (call.method === 'GET' ? routes[call.path] : undefined);
    const answer =
      typeof route === 'function'
        ? (route as Handler)(call)
        : route === undefined
          ? undefined
          : { body: route };
    return answer ? Response.json(answer.body, { status: answer.status ?? 200 }) : undefined;
  });
  return {
    calls,
    count: (path, method = 'GET') =>
      calls.filter((call) => call.path === path && call.method === method).length,
  };
}
