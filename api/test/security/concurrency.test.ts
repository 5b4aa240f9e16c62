import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestContext } from '../../src/testing/helpers';
import { multipart, signup } from '../../src/testing/accounts';

/**
 * Every limit and counter of the server under 50 parallel requests (34 reset mails once went out against 3 a day when a check and its write were apart; see api/src/db/limits.ts).
 * PostgreSQL only: PGlite serves one connection at a time, so nothing ever runs in parallel there.
 * Each request comes from its own address, so the per-IP rate limits are not what stops them.
 */
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const N = 50;

onPostgres('limits under 50 parallel requests (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ profiles: 12 });
  });
  afterAll(() => t.close());

  const parallel = (make: (i: number) => Promise<LightMyRequestResponse>) =>
    Promise.all(Array.from({ length: N }, (_, i) => make(i)));
  const statuses = (all: LightMyRequestResponse[]) =>
    all.reduce<Record<number, number>>(
      (acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }),
      {},
    );
  const ip = (i: number) => `203.0.113.${i + 1}`;
  const count = async (text: string, params: unknown[]) =>
    Number((await t.app.database.raw.query<{ n: string }>(text, params))[0]!.n);

  test('lockout: at most 5 passwords are checked, then the account is locked', async () => {
    const { email, password } = await signup(t);
    const all = await parallel((i) =>
      t.call({
        method: 'POST',
        url: '/api/user.php',
        payload: { email, password: `wrong-${i}` },
        remoteAddress: ip(i),
      }),
    );
    const by = statuses(all);
    expect(by[500]).toBeUndefined();
    expect((by[401] ?? 0) + (by[429] ?? 0)).toBe(N);
    expect(by[401] ?? 0).toBeLessThanOrEqual(4);
    expect(
      await count('SELECT count(*) AS n FROM login_audit WHERE email = $1', [email]),
    ).toBeLessThanOrEqual(5);
    const right = await t.call({ method: 'POST', url: '/api/user.php', payload: { email, password } });
    expect(right.statusCode).toBe(429);
  });

  test('password reset: exactly 3 mails a day', async () => {
    const { email } = await signup(t);
    const all = await parallel((i) =>
      t.call({ method: 'POST', url: '/api/password-reset.php', payload: { email }, remoteAddress: ip(i) }),
    );
    const by = statuses(all);
    expect(by).toEqual({ 204: 3, 429: N - 3 });
    expect(
      await count(`SELECT count(*) AS n FROM mail_outbox WHERE to_address = $1 AND template = 'reset'`, [
        email,
      ]),
    ).toBe(3);
  });

  test('activation mail: one new mail, however many ask at once', async () => {
    const { email, cookie, user } = await signup(t);
    // The signup's own link is older than the resend interval.
    await t.app.database.raw.query(
      `UPDATE one_time_tokens SET created_at = now() - interval '2 minutes' WHERE user_id = $1`,
      [user.profile.id],
    );
    const all = await parallel((i) =>
      t.call({ method: 'POST', url: '/api/activation-mail.php', cookie, remoteAddress: ip(i) }),
    );
    expect(statuses(all)).toEqual({ 204: 1, 429: N - 1 });
    expect(
      await count(`SELECT count(*) AS n FROM mail_outbox WHERE to_address = $1 AND template = 'activation'`, [
        email,
      ]),
    ).toBe(2);
  });

  test('auto-like: no errors and no double likes', async () => {
    const { cookie, user } = await signup(t);
    const all = await parallel((i) =>
      t.call({ method: 'GET', url: '/api/auto-like.php', cookie, remoteAddress: ip(i) }),
    );
    const by = statuses(all);
    expect(Object.keys(by).sort()).toEqual(expect.arrayContaining(['200']));
    expect((by[200] ?? 0) + (by[404] ?? 0)).toBe(N);
    const likes = await count(`SELECT count(*) AS n FROM likes WHERE liked_id = $1 AND source = 'auto'`, [
      user.profile.id,
    ]);
    expect(likes).toBe(by[200]);
  });

  test('photos: a free member stores exactly 3', async () => {
    const { cookie, user } = await signup(t);
    const image = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const all = await parallel((i) =>
      t.call({
        method: 'POST',
        url: '/api/photos.php',
        cookie,
        remoteAddress: ip(i),
        ...multipart('photo', 'p.jpg', 'image/jpeg', image),
      }),
    );
    const by = statuses(all);
    expect(by[500]).toBeUndefined();
    expect(by[403]).toBe(N - (by[200] ?? by[201] ?? 0));
    expect(
      await count(`SELECT count(*) AS n FROM photos WHERE user_id = $1 AND status <> 'rejected'`, [
        user.profile.id,
      ]),
    ).toBe(3);
  });
});
