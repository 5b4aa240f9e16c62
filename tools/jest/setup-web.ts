import '@testing-library/jest-dom';
import { server } from '../../shared/src/testing/msw';

// msw is the HTTP edge of the browser tests: a request that no test handler answers is an error, and each test
// starts without the previous one's handlers.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
