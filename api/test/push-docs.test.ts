import { createTestApp, type TestContext } from '../src/testing/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  // A route that fails the way a bug would, to see what clients get.
  t.app.get('/api/_boom.php', async () => {
    throw new Error('secret internal detail at db.query (/srv/app/x.ts:12)');
  });
});
afterAll(() => t.close());

const subscription = {
  endpoint: 'https://push.example.com/send/abc123',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

describe('POST /api/user.php?push=1', () => {
  test('stores the subscription for the member', async () => {
    const cookie = await t.login();
    const res = await t.call({ method: 'POST', url: '/api/user.php?push=1', cookie, payload: subscription });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.push_subscribed).toBe(true);
    // Posting it again is idempotent.
    expect(
      (await t.call({ method: 'POST', url: '/api/user.php?push=1', cookie, payload: subscription }))
        .statusCode,
    ).toBe(200);
  });

  test('needs a session and a complete subscription', async () => {
    expect(
      (await t.call({ method: 'POST', url: '/api/user.php?push=1', payload: subscription })).json().error
        .code,
    ).toBe('auth_required');
    const cookie = await t.login();
    const res = await t.call({
      method: 'POST',
      url: '/api/user.php?push=1',
      cookie,
      payload: { endpoint: subscription.endpoint },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('keys');
  });
});

test('the OpenAPI document lists the /api routes (development only)', async () => {
  const res = await t.call({ method: 'GET', url: '/dev/api-docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(['/api/settings.php', '/api/members.php', '/api/user.php']),
  );
  expect(doc.paths['/api/members.php'].get.parameters.map((p: { name: string }) => p.name)).toContain(
    'min_age',
  );
});

test('production hides the mailbox and the API docs', async () => {
  const prod = await createTestApp({ profiles: 0, production: true, mailOutboxOnly: true });
  try {
    expect((await prod.call({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).not.toBe(200);
    expect((await prod.call({ method: 'GET', url: '/dev/api-docs/json' })).statusCode).not.toBe(200);
  } finally {
    await prod.close();
  }
});

test('a 5xx answers the generic catalogue text and hides the details', async () => {
  const res = await t.call({ method: 'GET', url: '/api/_boom.php', headers: { 'accept-language': 'nl' } });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({
    error: { code: 'generic', message: 'Er is een fout opgetreden, probeer het later opnieuw.' },
  });
  expect(res.body).not.toContain('secret');
});
