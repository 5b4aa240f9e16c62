import { createTestApp, type TestContext } from '../../src/testing/helpers';
import { signup } from '../../src/testing/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(() => t.close());

const subscribe = (cookie: string, endpoint: string, keys = { p256dh: 'BPk-key', auth: 'auth-a' }) =>
  t.call({ method: 'POST', url: '/api/user.php?push=1', cookie, payload: { endpoint, keys } });
const ownerOf = async (endpoint: string) =>
  (
    await t.app.database.raw.query<{ user_id: number; auth: string }>(
      'SELECT user_id, auth FROM push_subscriptions WHERE endpoint = $1',
      [endpoint],
    )
  )[0];

describe('push subscriptions', () => {
  test("a member cannot take over another member's subscription by its endpoint", async () => {
    const a = await signup(t);
    const b = await signup(t);
    const endpoint = 'https://fcm.googleapis.com/fcm/send/victim-endpoint';
    expect((await subscribe(a.cookie, endpoint)).statusCode).toBe(200);
    const takeover = await subscribe(b.cookie, endpoint, { p256dh: 'attacker-key', auth: 'attacker-auth' });
    expect(takeover.statusCode).toBe(403);
    expect(await ownerOf(endpoint)).toEqual({ user_id: a.user.profile.id, auth: 'auth-a' });
  });

  test('the same browser subscription (same keys) moves to the member now logged in there', async () => {
    const a = await signup(t);
    const b = await signup(t);
    const endpoint = 'https://updates.push.services.mozilla.com/wpush/v2/shared-computer';
    await subscribe(a.cookie, endpoint);
    expect((await subscribe(b.cookie, endpoint)).statusCode).toBe(200);
    expect((await ownerOf(endpoint))!.user_id).toBe(b.user.profile.id);
  });

  test.each([
    'http://fcm.googleapis.com/fcm/send/x',
    'https://127.0.0.1/x',
    'https://10.1.2.3/x',
    'https://192.168.1.1:8443/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/x',
    'https://[fd00::1]/x',
    'https://localhost/x',
    'https://api.localhost/x',
    'https://printer.local/x',
    'https://db.internal/x',
    'https://intranet/x',
    'https://0x7f.1/x',
    'https://push.example.com:8443/x',
    'https://user:secret@push.example.com/x',
    'file:///etc/passwd',
  ])('%s is not a push endpoint', async (endpoint) => {
    const member = await signup(t);
    const res = await subscribe(member.cookie, endpoint);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation', field: 'endpoint' });
    expect(await ownerOf(endpoint)).toBeUndefined();
  });
});
