import { sql } from 'drizzle-orm';
import { Value } from 'typebox/value';
import { ProfileSchema } from '@dating/shared/contract/profile';
import { first, rows } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';

let t: TestContext;
let cookie: string;
let demoId: number;
beforeAll(async () => {
  t = await createTestApp({ profiles: 30 });
  cookie = await t.login();
  demoId = (await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user.profile.id;
}, 60_000);
afterAll(() => t.close());

const get = (url: string, opts: { cookie?: string; host?: string } = {}) =>
  t.call({ method: 'GET', url, cookie: opts.cookie, headers: opts.host ? { host: opts.host } : {} });

describe('GET /api/members.php', () => {
  test('pages through the seeded profiles', async () => {
    const page1 = (await get('/api/members.php?numResults=10', { cookie })).json();
    expect(page1).toMatchObject({ pageNumber: 1, numResults: 10, total: 30, similar: false });
    expect(page1.profiles).toHaveLength(10);
    const page3 = (await get('/api/members.php?numResults=10&pageNumber=3', { cookie })).json();
    const ids = new Set([...page1.profiles, ...page3.profiles].map((p: { id: number }) => p.id));
    expect(ids.size).toBe(20);
    expect(page1.profiles.some((p: { id: number }) => p.id === demoId)).toBe(false);
    expect(page1.profiles[0].main_image.filename).toMatch(/^\/media\/seed\//);
  });

  test('answers exactly the contract fields (the JSON is assembled from cached profiles)', async () => {
    const res = await get('/api/members.php?numResults=5', { cookie });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['profiles', 'pageNumber', 'numResults', 'total', 'similar']);
    for (const profile of body.profiles) {
      expect(Value.Check(ProfileSchema, profile)).toBe(true);
      expect(Object.keys(profile).filter((k) => !(k in ProfileSchema.properties))).toEqual([]);
    }
    // The same profile in a second answer is the same text, and a different page holds other profiles.
    const again = (await get('/api/members.php?numResults=5', { cookie })).json();
    expect(again).toEqual(body);
    const next = (await get('/api/members.php?numResults=5&pageNumber=2', { cookie })).json();
    expect(next.profiles.map((p: { id: number }) => p.id)).not.toContain(body.profiles[0].id);
  });

  test('filters by gender, country and age', async () => {
    const res = (
      await get('/api/members.php?gender=female&country=NL&min_age=25&max_age=50&numResults=100', { cookie })
    ).json();
    const expected = await first<{ n: string | number }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.fictional AND p.gender = 'female'
          AND p.country = 'NL' AND date_part('year', age(p.date_of_birth)) BETWEEN 25 AND 50`,
    );
    expect(res.total).toBe(Number(expected!.n));
    for (const p of res.profiles) {
      expect(p).toMatchObject({ gender: 'female', country: 'NL' });
      expect(p.age).toBeGreaterThanOrEqual(25);
      expect(p.age).toBeLessThanOrEqual(50);
    }
  });

  test('an empty exact search answers broader results flagged similar', async () => {
    const res = (await get('/api/members.php?country=NZ&countryregion=Nowhere', { cookie })).json();
    expect(res.similar).toBe(true);
    expect(res.profiles.length).toBeGreaterThan(0);
  });

  test('bad input is a 400 naming the field', async () => {
    const res = await get('/api/members.php?min_age=10', { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation',
      field: 'min_age',
      message: 'Ongeldige invoer: min_age',
    });
    expect((await get('/api/members.php?gender=robot')).json().error.field).toBe('gender');
    expect((await get('/api/members.php?min_age=40&max_age=30')).json().error.field).toBe('max_age');
    expect((await get('/api/members.php?numResults=1000')).json().error.field).toBe('numResults');
  });

  test('visitors may search per logged_out_search settings', async () => {
    expect((await get('/api/members.php')).statusCode).toBe(200);
    const gay = await get('/api/members.php', { host: 'gay.localhost' });
    expect(gay.statusCode).toBe(403);
    expect(gay.json().error.code).toBe('auth_required');
    // she.localhost: none for visitors, but allowed with a traffic source.
    expect((await get('/api/members.php', { host: 'she.localhost' })).statusCode).toBe(403);
    expect((await get('/api/members.php?network=aff1', { host: 'she.localhost' })).statusCode).toBe(200);
  });

  test('invisible members and blocked members (both ways) are excluded', async () => {
    const [a, b, c] = (await get('/api/members.php?numResults=3', { cookie }))
      .json()
      .profiles.map((p: { id: number }) => p.id);
    await t.app.db.execute(sql`UPDATE users SET invisible = TRUE WHERE id = ${a}`);
    // Search results are cached for a few seconds across viewers; blocks apply immediately.
    t.app.services.members.clearCache();
    // I block b through the site; c (a fictional profile, no login here) blocks me through the same service.
    const block = (profileId: number) =>
      t.call({ method: 'POST', url: '/api/block.php', cookie, payload: { profile_id: profileId } });
    expect((await block(b)).statusCode).toBe(204);
    const siteId = (await t.app.services.sites.resolve('localhost')).id;
    await t.app.services.accounts.blocks.block(c, siteId, demoId);
    const visibleIds = async () =>
      (await get('/api/members.php?numResults=100', { cookie }))
        .json()
        .profiles.map((p: { id: number }) => p.id);
    const ids = await visibleIds();
    expect(ids).not.toContain(a);
    expect(ids).not.toContain(b);
    expect(ids).not.toContain(c);
    // The one who blocked me is gone; the one I blocked I can still open (to unblock).
    expect((await get(`/api/member.php?id=${c}`, { cookie })).statusCode).toBe(404);
    expect((await get(`/api/member.php?id=${b}`, { cookie })).json().blocked).toBe(true);
    // Unblocking shows them again at once, from either side.
    const unblock = await t.call({
      method: 'DELETE',
      url: '/api/block.php',
      cookie,
      payload: { profile_id: b },
    });
    expect(unblock.statusCode).toBe(204);
    await t.app.services.accounts.blocks.unblock(c, demoId);
    const again = await visibleIds();
    expect(again).toContain(b);
    expect(again).toContain(c);
    await t.app.db.execute(sql`UPDATE users SET invisible = FALSE WHERE id = ${a}`);
    t.app.services.members.clearCache();
  });
});

describe('GET /api/member.php', () => {
  test('one profile with photos; free members see at most 3', async () => {
    const owner = await first<{ user_id: number; n: number | string }>(
      t.app.db,
      // A member of the site the test asks (localhost); other sites' members are not shown there.
      sql`SELECT user_id, count(*) AS n FROM photos JOIN users u ON u.id = photos.user_id
          WHERE u.site_id = (SELECT id FROM sites WHERE host = 'localhost')
          GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT 1`,
    );
    const res = await get(`/api/member.php?id=${owner!.user_id}`, { cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.profile.id).toBe(owner!.user_id);
    expect(body.profile.num_images).toBe(Number(owner!.n));
    expect(body.profile.images.length).toBe(Math.min(3, Number(owner!.n)));
    expect(body.profile.date_of_birth).toBeNull();
    expect(body).toMatchObject({ liked: expect.any(Boolean), blocked: false });
  });

  test('unknown id is 404, bad id is 400', async () => {
    expect((await get('/api/member.php?id=987654')).json().error).toEqual({
      code: 'not_found',
      message: 'Niet gevonden',
    });
    expect((await get('/api/member.php?id=abc')).json().error.field).toBe('id');
    expect((await get('/api/member.php')).json().error.field).toBe('id');
  });
});

describe('chats', () => {
  test('GET /api/chats.php lists conversations with unread counts', async () => {
    const { chats } = (await get('/api/chats.php', { cookie })).json();
    expect(chats).toHaveLength(3);
    expect(chats[0].num_unread_messages).toBe(2);
    expect(chats[0].last_message).toMatchObject({ type: 'text', from_me: false });
    expect(chats[0].profile.name).toEqual(expect.any(String));
  });

  test('visitors get 403 auth_required', async () => {
    const res = await get('/api/chats.php');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('auth_required');
  });

  test('DELETE /api/chat.php removes only own conversations', async () => {
    const { chats } = (await get('/api/chats.php', { cookie })).json();
    const foreign = await first<{ id: number }>(
      t.app.db,
      sql`INSERT INTO conversations (user_a, user_b, started_by) SELECT a.id, b.id, a.id FROM users a, users b
          WHERE a.fictional AND b.fictional AND a.id < b.id ORDER BY a.id DESC, b.id DESC LIMIT 1 RETURNING id`,
    );
    const notMine = await t.call({
      method: 'DELETE',
      url: '/api/chat.php',
      cookie,
      payload: { conversation: foreign!.id },
    });
    expect(notMine.statusCode).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: '/api/chat.php', cookie, payload: {} })).json().error.field,
    ).toBe('conversation');
    expect(
      (
        await t.call({
          method: 'DELETE',
          url: '/api/chat.php',
          payload: { conversation: chats[0].conversation.id },
        })
      ).statusCode,
    ).toBe(403);
    const csrf = await t.app.inject({
      method: 'DELETE',
      url: '/api/chat.php',
      headers: { cookie },
      payload: { conversation: chats[0].conversation.id },
    });
    expect(csrf.statusCode).toBe(403);
    const ok = await t.call({
      method: 'DELETE',
      url: '/api/chat.php',
      cookie,
      payload: { conversation: chats[0].conversation.id },
    });
    expect(ok.statusCode).toBe(200);
    const after = (await get('/api/chats.php', { cookie })).json().chats;
    expect(after.map((c: { conversation: { id: number } }) => c.conversation.id)).not.toContain(
      chats[0].conversation.id,
    );
    expect(after).toHaveLength(2);
  });
});

describe('likes', () => {
  test('GET /api/likes.php answers my likes and who liked me', async () => {
    const res = (await get('/api/likes.php', { cookie })).json();
    expect(res.profiles).toHaveLength(3);
    expect(res.liked_by).toHaveLength(4);
    expect(res.liked_by.filter((l: { like_new: boolean }) => l.like_new)).toHaveLength(2);
    expect((await get('/api/likes.php')).statusCode).toBe(403);
  });

  test('auto-like adds a liked-by entry from a fictional profile', async () => {
    const res = await get('/api/auto-like.php', { cookie });
    expect(res.statusCode).toBe(200);
    const { profile } = res.json();
    expect(profile).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(profile.main_image.thumb_filename).toMatch(/^\/media\//);
    const likedBy = (await get('/api/likes.php', { cookie })).json().liked_by;
    expect(likedBy[0]).toMatchObject({ like_new: true, profile: { id: profile.id } });
    expect((await get('/api/auto-like.php')).statusCode).toBe(403);
  });
});

describe('GET /api/discountcode.php', () => {
  test('welcome=true returns the member welcome code; visitors get 404', async () => {
    const res = await get('/api/discountcode.php?welcome=true', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      value_percentage: 25,
      percentage: 25,
      status: 'active',
      expired: false,
    });
    expect((await get('/api/discountcode.php?welcome=true')).json().error).toEqual({
      code: 'code_not_found',
      message: 'Code niet gevonden',
    });
  });

  test('TIMEBONUS25 for a non-paid member within 4 hours of signup', async () => {
    await t.app.db.execute(
      sql`UPDATE users SET signup_date = now() - interval '1 hour' WHERE id = ${demoId}`,
    );
    const ok = (await get('/api/discountcode.php?code=TIMEBONUS25', { cookie })).json();
    expect(ok).toMatchObject({
      code: 'TIMEBONUS25',
      value_percentage: 25,
      status: 'active',
      validity: 'once_per_user',
    });
    expect(Date.parse(ok.expires) - Date.now()).toBeGreaterThan(2.9 * 3_600_000);
    await t.app.db.execute(
      sql`UPDATE users SET signup_date = now() - interval '5 hours' WHERE id = ${demoId}`,
    );
    expect((await get('/api/discountcode.php?code=TIMEBONUS25', { cookie })).statusCode).toBe(404);
    await t.app.db.execute(
      sql`UPDATE users SET signup_date = now() - interval '1 hour', paid_user = TRUE WHERE id = ${demoId}`,
    );
    expect((await get('/api/discountcode.php?code=TIMEBONUS25', { cookie })).statusCode).toBe(404);
    await t.app.db.execute(sql`UPDATE users SET paid_user = FALSE WHERE id = ${demoId}`);
    await t.app.db.execute(
      sql`INSERT INTO discount_redemptions (discount_code_id, user_id) SELECT id, ${demoId} FROM discount_codes WHERE code = 'TIMEBONUS25'`,
    );
    const used = await get('/api/discountcode.php?code=TIMEBONUS25', { cookie });
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toEqual({ code: 'code_used', message: 'Code reeds gebruikt' });
  });

  test('unknown codes are 404 code_not_found', async () => {
    const res = await get('/api/discountcode.php?code=NOPE', { cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('code_not_found');
  });
});

describe('credits service', () => {
  test('debit and credit write ledger rows with the balance after', async () => {
    const { credits } = t.app.services;
    const before = await credits.balance(demoId);
    expect(await credits.credit({ userId: demoId, amount: 10, kind: 'bonus', ref: 'test' })).toBe(
      before + 10,
    );
    expect(await credits.debit({ userId: demoId, amount: 4, kind: 'message', ref: 'm1' })).toBe(before + 6);
    const ledger = await rows<{ amount: number; balance_after: number; kind: string }>(
      t.app.db,
      sql`SELECT amount, balance_after, kind FROM credit_ledger WHERE user_id = ${demoId} ORDER BY id DESC LIMIT 2`,
    );
    expect(ledger).toEqual([
      { amount: -4, balance_after: before + 6, kind: 'message' },
      { amount: 10, balance_after: before + 10, kind: 'bonus' },
    ]);
    await expect(
      credits.debit({ userId: demoId, amount: before + 7, kind: 'message' }),
    ).rejects.toMatchObject({
      status: 402,
      code: 'insufficient_credits',
    });
    expect(await credits.balance(demoId)).toBe(before + 6);
  });
});
