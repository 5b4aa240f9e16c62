import '@testing-library/jest-dom';
import { server } from '../../shared/src/testing/msw';

// msw is the HTTP edge of the browser tests: a request that no test handler answers is an error, and each test
// starts without the previous one's handlers.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// A test waits for what the page shows (findBy…, waitFor), never for a time. The limit per test only ends a test
// that hangs; at jest's 5 s default, whole-page tests (a form with its lookups, a lander with its previews) ran
// past it on a 2-core machine busy with a build beside them and failed without any assertion failing.
jest.setTimeout(20_000);
