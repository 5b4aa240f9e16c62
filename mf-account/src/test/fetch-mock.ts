// The network edge of mf-account's tests, through msw (shared/src/testing/msw.ts): routes answer by method and path,
// and every request is recorded with its body as the server would read it. The store and i18n are real.
import { answerRequests } from '@dating/shared/testing';

export interface MockCall {
  method: string;
  path: string;
  search: string;
  /** JSON bodies parsed, form bodies as URLSearchParams, none (or multipart) as undefined. */
  body: unknown;
  headers: Headers;
}
export interface MockReply {
  status?: number;
  body?: unknown;
}
type Handler = (call: MockCall) => MockReply | Promise<MockReply>;

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  // A multipart body built from jsdom's File never finishes streaming through Node's Request: uploads are
  // asserted by their answer, not their bytes.
  if (type.startsWith('multipart/form-data')) return undefined;
  const text = await request.text();
  if (!text) return undefined;
  if (type.includes('application/x-www-form-urlencoded')) return new URLSearchParams(text);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function mockFetch(routes: Record<string, Handler | MockReply>) {
  const calls: MockCall[] = [];
  answerRequests(async (request) => {
    const url = new URL(request.url);
    const call: MockCall = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      body: await readBody(request.clone()),
      headers: request.headers,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (!route) return undefined;
    const reply = typeof route === 'function' ? await route(call) : route;
    const status = reply.status ?? 200;
    return reply.body === undefined ? new Response(null, { status }) : Response.json(reply.body, { status });
  });
  return { calls };
}

export function apiError(status: number, code: string, message: string, field?: string): MockReply {
  return { status, body: { error: { code, message, ...(field ? { field } : {}) } } };
}
