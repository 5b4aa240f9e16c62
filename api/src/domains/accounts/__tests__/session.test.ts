import { DEMO_EMAIL, DEMO_PASSWORD, XHR, createTestApp, type TestContext } from '../../../testing/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 10 });
}, 60_000);
afterAll(() => t.close());

const loginAs = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: '/api/user.php', payload: { email, password }, headers });

describe('POST /api/user.php (login)', () => {
  test('form login returns the user and sets a 30-day HttpOnly SameSite=Lax session cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { ...XHR, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(DEMO_EMAIL)}&password=${encodeURIComponent(DEMO_PASSWORD)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: DEMO_EMAIL, status: 'confirmed', language: 'nl' });
    expect(res.json().user.profile.name).toBe('DemoDave');
    const sid = res.cookies.find((c) => c.name === 'sid')!;
    expect(sid.httpOnly).toBe(true);
    expect(sid.sameSite).toBe('Lax');
    expect(sid.maxAge).toBe(30 * 86_400);
    expect(sid.path).toBe('/');
    expect(sid.secure).toBeFalsy();
  });

  test('the cookie is Secure on https (behind a trusted proxy)', async () => {
    const https = await createTestApp({ profiles: 0, trustProxy: true });
    try {
      const res = await https.call({
        method: 'POST',
        url: '/api/user.php',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      });
      expect(res.cookies.find((c) => c.name === 'sid')!.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await https.close();
    }
  }, 60_000);

  test('each login gets a new session id', async () => {
    const a = await t.login();
    const b = await t.login();
    expect(a).not.toBe(b);
    const res = await t.call({
      method: 'POST',
      url: '/api/user.php',
      cookie: a,
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    const c = `sid=${res.cookies.find((x) => x.name === 'sid')!.value}`;
    expect(c).not.toBe(a);
    // The session the login replaced is gone.
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: a })).json()).toEqual({
      user: false,
    });
  });

  test('a wrong password answers 401 with the Dutch catalogue text', async () => {
    const res = await loginAs(DEMO_EMAIL, 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'login_failed', message: 'Login mislukt, probeer opnieuw' },
    });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  test('the message follows Accept-Language and the locale cookie', async () => {
    const en = await loginAs('nobody@example.com', 'x', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.json().error.message).toBe('Login failed, please try again');
    const de = await loginAs('nobody@example.com', 'x', { cookie: 'locale=de', 'accept-language': 'en' });
    expect(de.json().error.message).toBe('Anmeldung fehlgeschlagen, bitte erneut versuchen');
  });

  test('missing fields answer 400 naming the field', async () => {
    const res = await t.call({ method: 'POST', url: '/api/user.php', payload: { email: DEMO_EMAIL } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation',
      field: 'password',
      message: 'Ongeldige invoer: password',
    });
    const tooLong = await loginAs('x'.repeat(300), 'x');
    expect(tooLong.json().error).toMatchObject({ code: 'validation', field: 'email' });
  });

  test('without X-Requested-With the login is refused (CSRF guard)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf');
    expect(res.cookies).toHaveLength(0);
  });

  test('five failures lock the account for 15 minutes, even with the right password', async () => {
    const email = 'lock@example.com';
    await createMember(email, 'Right-Pass-1');
    for (let i = 0; i < 4; i++) expect((await loginAs(email, 'nope')).statusCode).toBe(401);
    const fifth = await loginAs(email, 'nope');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error).toEqual({
      code: 'account_locked',
      message: 'Te veel foute pogingen, account voor 15 min geblokkeerd.',
      params: { minutes: 15 },
    });
    const right = await loginAs(email, 'Right-Pass-1');
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('account_locked');
    // Another address is not affected.
    expect((await loginAs(DEMO_EMAIL, DEMO_PASSWORD)).statusCode).toBe(200);
  }, 30_000);

  test('a session is only valid on the site it was made on', async () => {
    const cookie = await t.login();
    const other = await t.call({
      method: 'GET',
      url: '/api/user.php',
      cookie,
      headers: { host: 'gay.localhost' },
    });
    expect(other.json()).toEqual({ user: false });
    const wrongSite = await loginAs(DEMO_EMAIL, DEMO_PASSWORD, { host: 'she.localhost' });
    expect(wrongSite.statusCode).toBe(401);
  });
});

describe('GET/PUT /api/user.php and logout', () => {
  test('a visitor gets user false', async () => {
    const res = await t.call({ method: 'GET', url: '/api/user.php' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: false });
  });

  test('PUT saves the language, which then translates errors', async () => {
    const cookie = await t.login();
    const res = await t.call({ method: 'PUT', url: '/api/user.php', cookie, payload: { language: 'fr' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.language).toBe('fr');
    expect(res.cookies.find((c) => c.name === 'locale')).toMatchObject({ value: 'fr', maxAge: 365 * 86_400 });
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user.language).toBe('fr');
    const err = await t.call({ method: 'GET', url: '/api/member.php?id=999999', cookie });
    expect(err.json().error.message).toBe('Introuvable');
    await t.call({ method: 'PUT', url: '/api/user.php', cookie, payload: { language: 'nl' } });
  });

  test('PUT rejects an unknown language (400) and visitors (403 auth_required)', async () => {
    const cookie = await t.login();
    const bad = await t.call({ method: 'PUT', url: '/api/user.php', cookie, payload: { language: 'xx' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation', field: 'language' });
    const visitor = await t.call({ method: 'PUT', url: '/api/user.php', payload: { language: 'en' } });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error).toEqual({
      code: 'auth_required',
      message: 'Je moet ingelogd zijn om dit te doen.',
    });
  });

  test('logout deletes the server session and clears the cookie', async () => {
    const cookie = await t.login();
    const res = await t.call({ method: 'GET', url: '/api/logout.php', cookie });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    // Replaying the old cookie does not bring the session back.
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).json()).toEqual({ user: false });
    expect((await t.call({ method: 'GET', url: '/api/chats.php', cookie })).statusCode).toBe(403);
  });

  test('the session table stores only a hash of the token', async () => {
    const cookie = await t.login();
    const token = cookie.slice(4);
    const { rows } = await import('../../../db/sql');
    const { sql } = await import('drizzle-orm');
    const found = await rows<{ token_hash: string }>(t.app.db, sql`SELECT token_hash FROM sessions`);
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((r) => r.token_hash === token)).toBe(false);
  });
});

async function createMember(email: string, password: string) {
  const { hashPassword } = await import('../passwords');
  const { users, profiles } = await import('../../../app/schema');
  const site = await t.app.services.sites.resolve('localhost');
  const [u] = await t.app.db
    .insert(users)
    .values({ siteId: site.id, email, passwordHash: await hashPassword(password), status: 'confirmed' })
    .returning({ id: users.id });
  await t.app.db
    .insert(profiles)
    .values({ userId: u!.id, name: 'Locky', gender: 'female', dateOfBirth: '1990-01-01', country: 'NL' });
  return u!.id;
}
