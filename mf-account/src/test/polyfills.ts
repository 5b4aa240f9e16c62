// jsdom lacks these; react-router and RTK Query's fetchBaseQuery need them. Imported before anything else.
import { TextDecoder, TextEncoder } from 'node:util';

const globals = globalThis as Record<string, unknown>;
if (!globals.TextEncoder) Object.assign(globals, { TextEncoder, TextDecoder });

interface RequestLike {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** Just what fetchBaseQuery reads from a Request: url, method, headers and the body it was given. */
class TestRequest implements RequestLike {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  signal: unknown;
  constructor(
    url: string,
    init: { method?: string; headers?: HeadersInit; body?: unknown; signal?: unknown } = {},
  ) {
    this.url = url;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers);
    this.body = init.body;
    this.signal = init.signal;
  }
  clone(): TestRequest {
    return this;
  }
}
// Always ours, even if a shared setup installs a real one: tests read the body exactly as the page passed it.
globals.Request = TestRequest;

// Replaced per test by mockFetch; present from the start so the api module sees a fetch when it loads.
if (!globals.fetch) globals.fetch = () => Promise.reject(new Error('fetch is not mocked in this test'));
