// msw in the jsdom test environment: the Node build of msw (its `browser` export is empty), so test files that use
// it carry `@jest-environment-options {"customExportConditions": [""]}`, plus the web globals jsdom leaves out.
import './msw-globals';

export { setupServer } from 'msw/node';
export { http, HttpResponse, delay } from 'msw';
