// The network edge for jsdom tests: WHATWG fetch classes from undici (jsdom has none) and a fetch that answers
// from a table of handlers. Everything above fetch (RTK Query, store, components) is the real code.
import { TextDecoder, TextEncoder } from 'node:util';
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { MessageChannel, MessagePort } from 'node:worker_threads';
import type * as Undici from 'undici';

Object.assign(globalThis, { TextEncoder, TextDecoder, ReadableStream, TransformStream, WritableStream, MessageChannel, MessagePort });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const undici = require('undici') as typeof Undici;

/** Relative URLs resolve against the jsdom page, as in a browser. */
class PageRequest extends undici.Request {
  constructor(input: string | URL | Request, init?: RequestInit) {
    super((typeof input === 'string' ? new URL(input, window.location.href).href : input) as never, init as never);
  }
}
Object.assign(globalThis, { Request: PageRequest, Response: undici.Response, Headers: undici.Headers });

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

/** Installs `fetch`; `routes` maps `METHOD /api/path` (or just `/api/path` for GET) to a JSON answer. */
export function installFetch(routes: Record<string, unknown | Handler>): FetchEdge {
  const calls: RecordedCall[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof undici.Request ? (input as unknown as Request) : new PageRequest(String(input), init);
    const url = new URL(request.url);
    const call: RecordedCall = {
      method: request.method.toUpperCase(),
      path: url.pathname,
      search: url.search,
      body: request.body ? await request.clone().text() : '',
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`] ?? (call.method === 'GET' ? routes[call.path] : undefined);
    const answer = typeof route === 'function' ? (route as Handler)(call) : route === undefined ? undefined : { body: route };
    if (!answer) return new undici.Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404, headers: { 'content-type': 'application/json' } });
    return new undici.Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  globalThis.fetch = jest.fn(fetchImpl) as unknown as typeof fetch;
  return {
    calls,
    count: (path, method = 'GET') => calls.filter((call) => call.path === path && call.method === method).length,
  };
}
