// The HTTP edge of every browser unit test: msw intercepts `fetch` (Node's, which tools/jest/jsdom-env.js gives
// jsdom), so RTK Query, the base query and the store run for real and only the answer is made up.
// tools/jest/setup-web.ts starts the server for each test file and forgets the handlers after each test.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export { http, HttpResponse };

export const server = setupServer();

/** The catalogue-shaped 404 answered for a request no handler knows. */
export function notFound(): Response {
  return HttpResponse.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
}

export type Answer = (request: Request) => Response | undefined | Promise<Response | undefined>;

/**
 * Answers every request of the test with `answer` (unknown ones with a 404), replacing the handlers of an earlier
 * call. `record` gets a copy of each request before it is answered.
 */
export function answerRequests(answer: Answer, record?: (request: Request) => void): void {
  server.resetHandlers(
    http.all('*', async ({ request }) => {
      record?.(request.clone());
      return (await answer(request)) ?? notFound();
    }),
  );
}
