// msw in mf-staff's tests: the one server every web test shares (shared/src/testing/msw.ts; tools/jest/setup-web.ts
// starts it for each file, treats unhandled requests as errors and forgets a test's handlers after it). Tests add
// their handlers with `server.use(...)`.
export { http, HttpResponse, server } from '@dating/shared/testing';
export { delay } from 'msw';
