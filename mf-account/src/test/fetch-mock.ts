/** A fake `fetch` answering by method and path; the only thing tests mock (the store and i18n are real). */
export interface MockCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
  headers: Headers;
}
export interface MockReply {
  status?: number;
  body?: unknown;
}
type Handler = (call: MockCall) => MockReply | Promise<MockReply>;

class TestResponse {
  status: number;
  headers: Headers;
  ok: boolean;
  private readonly text_: string;
  constructor(status: number, text: string) {
    this.status = status;
    this.ok = status >= 200 && status < 300;
    this.text_ = text;
    this.headers = new Headers(text ? { 'content-type': 'application/json' } : {});
  }
  clone(): TestResponse {
    return new TestResponse(this.status, this.text_);
  }
  async text(): Promise<string> {
    return this.text_;
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.text_);
  }
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

export function mockFetch(routes: Record<string, Handler | MockReply>) {
  const calls: MockCall[] = [];
  const fetchMock = jest.fn(
    async (input: { url: string; method: string; headers: Headers; body: unknown }) => {
      const url = new URL(input.url, 'http://localhost');
      const call: MockCall = {
        method: input.method,
        path: url.pathname,
        search: url.search,
        body: parseBody(input.body),
        headers: input.headers,
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      if (!route)
        return new TestResponse(404, JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }));
      const reply = typeof route === 'function' ? await route(call) : route;
      const status = reply.status ?? 200;
      return new TestResponse(status, reply.body === undefined ? '' : JSON.stringify(reply.body));
    },
  );
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  return { calls, fetchMock };
}

export function apiError(status: number, code: string, message: string, field?: string): MockReply {
  return { status, body: { error: { code, message, ...(field ? { field } : {}) } } };
}
