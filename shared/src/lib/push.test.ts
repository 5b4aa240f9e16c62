import { answerRequests } from '../testing/msw';
import { installFakePush } from '../testing/push';
import { enablePush, pushStateAfter, readPushState } from './push';

let fake: ReturnType<typeof installFakePush> | null = null;

interface Posted {
  url: string;
  body: unknown;
  xhr: string | null;
}
/** The server as the page reaches it (msw), answering `status` with `body`; records what was posted. */
function answer(status: number, body: unknown = null) {
  const posted: Posted[] = [];
  answerRequests(async (request) => {
    const url = new URL(request.url);
    posted.push({
      url: url.pathname + url.search,
      body: await request.json(),
      xhr: request.headers.get('x-requested-with'),
    });
    return new Response(body === null ? null : JSON.stringify(body), { status });
  });
  return posted;
}
afterEach(() => fake?.uninstall());

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

describe('enablePush says how it ended', () => {
  test('unsupported browser', async () => {
    expect(await enablePush(KEY)).toEqual({ result: 'unsupported' });
    expect(await readPushState(false)).toBe('unsupported');
  });

  test('permission denied, or the prompt closed without an answer', async () => {
    fake = installFakePush({ answer: 'denied' });
    expect(await enablePush(KEY)).toEqual({ result: 'denied' });
    expect(await readPushState(false)).toBe('denied');
    fake.uninstall();
    fake = installFakePush({ answer: 'default' });
    expect(await enablePush(KEY)).toEqual({ result: 'dismissed' });
    expect(pushStateAfter({ result: 'dismissed' })).toBe('not_subscribed');
  });

  test("the push service fails: failed with the browser's reason, nothing stored", async () => {
    fake = installFakePush({
      subscribeError: Object.assign(new Error('Registration failed - push service error'), {
        name: 'AbortError',
      }),
    });
    const posted = answer(204);
    expect(await enablePush(KEY)).toEqual({
      result: 'failed',
      reason: 'Registration failed - push service error',
    });
    expect(posted).toEqual([]);
  });

  test('the server refuses the subscription: failed with its message', async () => {
    fake = installFakePush();
    answer(403, { error: { code: 'auth_required', message: 'Log eerst in.' } });
    expect(await enablePush(KEY)).toEqual({ result: 'failed', reason: 'Log eerst in.' });
  });

  test('subscribed: the subscription is posted to user.php?push=1 and the state is subscribed', async () => {
    fake = installFakePush();
    const posted = answer(204);
    expect(await enablePush(KEY)).toEqual({ result: 'subscribed' });
    expect(posted).toEqual([
      {
        url: '/api/user.php?push=1',
        body: expect.objectContaining({ endpoint: 'https://push.example.org/send/abc' }),
        xhr: 'XMLHttpRequest',
      },
    ]);
    expect(await readPushState(false)).toBe('subscribed');
  });
});
