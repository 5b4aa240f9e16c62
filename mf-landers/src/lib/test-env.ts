import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks what react-router and RTK Query need at import time; imported first by test-utils.
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no fetch API; RTK Query needs Request and Response. Tests replace `fetch` itself.
export class TestRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: BodyInit | null;
  readonly signal: AbortSignal | null;
  constructor(input: string | TestRequest, init: RequestInit = {}) {
    const url = typeof input === 'string' ? input : input.url;
    this.url = new URL(url, window.location.href).toString();
    this.method = (init.method ?? (typeof input === 'string' ? 'GET' : input.method)).toUpperCase();
    this.headers = new Headers(init.headers ?? (typeof input === 'string' ? undefined : input.headers));
    this.body = init.body ?? (typeof input === 'string' ? null : input.body);
    this.signal = init.signal ?? null;
  }
  clone() {
    return new TestRequest(this);
  }
  async text() {
    return this.body == null ? '' : String(this.body);
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}

class TestResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly statusText = '';
  readonly headers: Headers;
  constructor(
    private readonly payload: string | null,
    init: ResponseInit = {},
  ) {
    this.status = init.status ?? 200;
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new Headers(init.headers);
  }
  clone() {
    return new TestResponse(this.payload, { status: this.status, headers: this.headers });
  }
  async text() {
    return this.payload ?? '';
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}

if (typeof globalThis.Request === 'undefined') {
  Object.assign(globalThis, { Request: TestRequest, Response: TestResponse });
}

