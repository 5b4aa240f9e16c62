// jsdom lacks TextEncoder in some set-ups; react-router needs it at import time. Imported before anything else.
// (fetch, Request and Response are Node's, from tools/jest/jsdom-env.js; msw answers the requests.)
import { TextDecoder, TextEncoder } from 'node:util';

const globals = globalThis as Record<string, unknown>;
if (!globals.TextEncoder) Object.assign(globals, { TextEncoder, TextDecoder });
