import { createTestApp, type TestContext } from '../../../testing/helpers';
import { cookieOf, signup } from '../../../testing/accounts';

// The banners a member closed are kept per member on the server: closed on the phone, closed on the laptop.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(async () => {
  await t.close();
});

const get = (cookie?: string) =>
  t.call({ method: 'GET', url: '/api/dismissals.php', ...(cookie ? { cookie } : {}) });
const put = (cookie: string, payload: unknown) =>
  t.call({ method: 'PUT', url: '/api/dismissals.php', cookie, payload: payload as Record<string, unknown> });

test('a closed alert is listed for the member with its unix time, on any later session; others see nothing of it', async () => {
  const member = await signup(t);
  expect((await get(member.cookie)).json()).toEqual({ dismissals: {} });
  const before = Math.floor(Date.now() / 1000);
  const res = await put(member.cookie, { key: 'hide-enrich-alert' });
  expect(res.statusCode).toBe(200);
  const at = res.json().dismissals['hide-enrich-alert'];
  expect(at).toBeGreaterThanOrEqual(before - 1);
  expect(at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);

  // Another device: a fresh login of the same member.
  const login = await t.call({
    method: 'POST',
    url: '/api/user.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email: member.email, password: member.password }).toString(),
  });
  expect(login.statusCode).toBe(200);
  const cookie = cookieOf(login);
  expect((await get(cookie)).json().dismissals).toEqual({ 'hide-enrich-alert': at });

  const other = await signup(t);
  expect((await get(other.cookie)).json()).toEqual({ dismissals: {} });
});

test('only the known flags, only for a member', async () => {
  const member = await signup(t);
  const bad = await put(member.cookie, { key: 'hide-everything' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().error.message).toEqual(expect.any(String));
  expect((await get()).statusCode).toBe(403);
});
