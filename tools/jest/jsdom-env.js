// jsdom has no fetch API. Give the browser tests Node's real one (fetch, Request, Response, Headers, and the
// AbortController its Request accepts), so the code under test builds real requests; tests replace only
// `fetch` itself, at the edge.
const { TestEnvironment } = require('jest-environment-jsdom');

// FormData, Blob and File stay jsdom's: forms build them from DOM elements.
const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'structuredClone',
  // msw/node (the HTTP edge of unit tests) needs these too.
  'TransformStream',
  'WritableStream',
  'BroadcastChannel',
  // The same URLSearchParams as Node's Request, so a form body is sent as a form (not as text).
  'URLSearchParams',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
