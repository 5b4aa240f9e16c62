import { sql } from 'drizzle-orm';
import { first, rows } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { signup } from '../../../testing/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 60 });
});
afterAll(() => t.close());

async function confirmedMember() {
  const m = await signup(t);
  await t.app.db.execute(sql`UPDATE users SET status = 'confirmed' WHERE id = ${m.user.profile.id}`);
  return { ...m, id: m.user.profile.id as number };
}

/** Fictional members to swipe on, `skip` of them passed over so each test gets its own. */
async function fictional(count: number, skip = 0): Promise<number[]> {
  const found = await rows<{ id: number }>(
    t.app.db,
    sql`SELECT id FROM users WHERE fictional ORDER BY id LIMIT ${count} OFFSET ${skip}`,
  );
  return found.map((r) => r.id);
}

const swipe = (cookie: string, id: number) =>
  t.call({ method: 'POST', url: '/api/like.php', cookie, payload: { id, source: 'swipe' } });
const status = async (cookie: string) =>
  (await t.call({ method: 'GET', url: '/api/swipe.php', cookie })).json();

test('4 swipe likes a day, then 429 swipe_limit and no like stored; plain likes and repeats do not count', async () => {
  const m = await confirmedMember();
  const before = await status(m.cookie);
  expect(before).toMatchObject({ likes_left: 4, limit: 4 });
  expect(Date.parse(before.resets_at)).toBeGreaterThan(Date.now());
  expect(Date.parse(before.resets_at) - Date.now()).toBeLessThanOrEqual(25 * 3_600_000);

  const ids = await fictional(7);
  // A like from a profile is not a swipe like.
  await t.call({
    method: 'POST',
    url: '/api/like.php',
    cookie: m.cookie,
    payload: { id: ids[6], source: 'profile' },
  });
  for (let i = 0; i < 4; i++) {
    const res = await swipe(m.cookie, ids[i]!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ liked: true, swipe: { likes_left: 3 - i, limit: 4 } });
  }
  // Liking one of today's again changes nothing and is not refused.
  expect((await swipe(m.cookie, ids[0]!)).statusCode).toBe(200);

  const fifth = await swipe(m.cookie, ids[4]!);
  expect(fifth.statusCode).toBe(429);
  expect(fifth.json().error).toMatchObject({
    code: 'swipe_limit',
    message: 'Je hebt vandaag al je 4 likes gegeven. Morgen kun je weer swipen.',
  });
  const stored = await first<{ n: number }>(
    t.app.db,
    sql`SELECT count(*)::int AS n FROM likes WHERE user_id = ${m.id} AND liked_id = ${ids[4]!}`,
  );
  expect(stored?.n).toBe(0);
  expect(await status(m.cookie)).toMatchObject({ likes_left: 0, resets_at: before.resets_at });
  expect((await t.call({ method: 'GET', url: '/api/swipe.php' })).json().error.code).toBe('auth_required');
});

test("the day is the site's: it turns at midnight in the site's time zone, daylight saving included", async () => {
  const m = await confirmedMember();
  const ids = await fictional(6, 10);
  const amsterdam = { id: 1, niche: 1, timeZone: 'Europe/Amsterdam' };
  // 23:59:30 in Amsterdam on 23 November (UTC+1).
  const late = new Date('2026-11-23T22:59:30Z');
  for (let i = 0; i < 4; i++) await t.app.services.likes.like(m.id, amsterdam, ids[i]!, 'swipe', late);
  expect(await t.app.services.likes.swipeStatus(m.id, amsterdam, late)).toEqual({
    likes_left: 0,
    limit: 4,
    resets_at: '2026-11-23T23:00:00.000Z',
  });
  await expect(t.app.services.likes.like(m.id, amsterdam, ids[4]!, 'swipe', late)).rejects.toMatchObject({
    status: 429,
    code: 'swipe_limit',
  });
  // A minute later it is the 24th in Amsterdam (still the 23rd in UTC): four new likes.
  const next = new Date('2026-11-23T23:00:30Z');
  expect(await t.app.services.likes.swipeStatus(m.id, amsterdam, next)).toMatchObject({
    likes_left: 4,
    resets_at: '2026-11-24T23:00:00.000Z',
  });
  await t.app.services.likes.like(m.id, amsterdam, ids[4]!, 'swipe', next);
  // On a site in New York the same instant is still the 23rd (UTC−5), whose likes are used up, until 05:00 UTC.
  const newYork = { id: 1, niche: 1, timeZone: 'America/New_York' };
  expect(await t.app.services.likes.swipeStatus(m.id, newYork, next)).toMatchObject({
    likes_left: 0,
    resets_at: '2026-11-24T05:00:00.000Z',
  });
  // The night summer time starts in Amsterdam (29 March 2026) the next day begins at 22:00 UTC.
  expect(
    (await t.app.services.likes.swipeStatus(m.id, amsterdam, new Date('2026-03-29T12:00:00Z'))).resets_at,
  ).toBe('2026-03-29T22:00:00.000Z');
});

test('sites carry their time zone (default Europe/Amsterdam) and the API uses it', async () => {
  const m = await confirmedMember();
  await t.app.db.execute(sql`UPDATE sites SET time_zone = 'Pacific/Auckland' WHERE host = 'localhost'`);
  await t.app.services.sites.reload();
  try {
    const { resets_at } = await status(m.cookie);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Pacific/Auckland',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(resets_at));
    expect(local).toBe('00:00');
  } finally {
    await t.app.db.execute(sql`UPDATE sites SET time_zone = DEFAULT WHERE host = 'localhost'`);
    await t.app.services.sites.reload();
  }
});

// PGlite serves one connection at a time; the race only exists on PostgreSQL.
const onPostgres = process.env.DATABASE_URL ? test : test.skip;
onPostgres('50 swipe likes at once: exactly 4 succeed, 46 are refused, 4 likes stored', async () => {
  const m = await confirmedMember();
  const ids = await fictional(50, 5);
  const answers = await Promise.all(ids.map((id) => swipe(m.cookie, id)));
  const codes = answers.map((r) => r.statusCode).sort();
  expect(codes.filter((c) => c === 200)).toHaveLength(4);
  expect(codes.filter((c) => c === 429)).toHaveLength(46);
  const stored = await first<{ n: number; used: number }>(
    t.app.db,
    sql`SELECT (SELECT count(*)::int FROM likes WHERE user_id = ${m.id} AND source = 'swipe') AS n,
               (SELECT sum(used)::int FROM daily_counters WHERE user_id = ${m.id}) AS used`,
  );
  expect(stored).toEqual({ n: 4, used: 4 });
  expect((await status(m.cookie)).likes_left).toBe(0);
});

test('the hourly purge removes the swipe counters of past days and keeps the ones still in use', async () => {
  const [a, b] = [await confirmedMember(), await confirmedMember()];
  const now = new Date('2026-03-10T12:00:00Z');
  const counters = sql`(VALUES (${a.id}, '2026-03-07'), (${a.id}, '2026-03-08'), (${a.id}, '2026-03-09'),
                               (${a.id}, '2026-03-10'), (${b.id}, '2026-03-01'), (${b.id}, '2026-03-11'))`;
  await t.app.db.execute(
    sql`INSERT INTO daily_counters (user_id, kind, day, used) SELECT v.column1::int, 'swipe', v.column2::date, 2 FROM ${counters} AS v`,
  );
  const left = async () =>
    (
      await rows<{ user_id: number; day: string }>(
        t.app.db,
        sql`SELECT user_id, to_char(day, 'YYYY-MM-DD') AS day FROM daily_counters
            WHERE user_id IN (${a.id}, ${b.id}) ORDER BY user_id, day`,
      )
    ).map((r) => `${r.user_id === a.id ? 'a' : 'b'} ${r.day}`);

  await t.app.services.likes.purgeDailyCounters(now);
  // Yesterday (UTC) is still today west of UTC, tomorrow already today east of it (UTC+14).
  expect(await left()).toEqual(['a 2026-03-09', 'a 2026-03-10', 'b 2026-03-11']);
  await t.app.services.likes.purgeDailyCounters(new Date('2026-03-12T00:30:00Z'));
  expect(await left()).toEqual(['b 2026-03-11']);
});
