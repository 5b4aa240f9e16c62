import { createTestApp, type TestContext } from '../src/testing/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 5 });
});
afterAll(async () => {
  await t.close();
});

describe('web push', () => {
  it('settings carry a VAPID public key made on first start (65-byte P-256 point, base64url)', async () => {
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings.php' })).json();
    expect(Buffer.from(settings.push_public_key, 'base64url')).toHaveLength(65);
  });

  it('a second start on the same database keeps the same key pair (every node signs alike)', async () => {
    const before = t.app.services.push.publicKey();
    await t.app.services.push.init();
    expect(t.app.services.push.publicKey()).toBe(before);
  });

  it('serves the service worker at the site root, uncached, scoped to the whole site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/push-sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain("addEventListener('push'");
    expect(res.body).toContain("addEventListener('notificationclick'");
    // The worker script must be valid JavaScript.
    expect(() => new Function(res.body)).not.toThrow();
  });

  it('sends nothing to a member without a subscription', async () => {
    expect(await t.app.services.push.sendToUser(999_999, { title: 'x' })).toBe(0);
  });
});
