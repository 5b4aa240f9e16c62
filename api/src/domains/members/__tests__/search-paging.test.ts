import { sql } from 'drizzle-orm';
import { first, rows } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { signup } from '../../../testing/accounts';
import { setCachesOff } from '../../../lib/caches';
import { createLocalBus } from '../../../lib/bus';
import { createMembersService } from '../members';
import { createProfileCache } from '../profile-cache';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 40 });
});
afterAll(() => t.close());

const ids = (body: { profiles: { id: number }[] }) => body.profiles.map((p) => p.id);
const search = async (query: string, cookie?: string) => {
  t.app.services.members.clearCache();
  return (await t.call({ method: 'GET', url: `/api/members.php?${query}`, cookie })).json();
};

/** What the database says the search answers, in the search's order. */
async function expected(where = 'TRUE', excluded: number[] = []) {
  const found = await rows<{ id: number }>(
    t.app.db,
    sql`SELECT p.user_id AS id FROM profiles p JOIN users u ON u.id = p.user_id
        WHERE u.status = 'confirmed' AND NOT u.invisible AND p.status <> 'disabled' AND ${sql.raw(where)}
          AND u.site_id = (SELECT id FROM sites WHERE host = 'localhost')
        ORDER BY (p.main_photo_id IS NULL), p.user_id DESC`,
  );
  return found.map((r) => r.id).filter((id) => !excluded.includes(id));
}

test('pages are disjoint slices of one order, and the total is the number of matches', async () => {
  const all = await expected();
  const pages = [];
  for (let page = 1; page <= 5; page++) pages.push(await search(`numResults=9&pageNumber=${page}`));
  expect(pages.map((p) => p.total)).toEqual(Array(5).fill(all.length));
  expect(ids(pages[1])).not.toEqual(ids(pages[0]));
  expect(pages.flatMap(ids)).toEqual(all.slice(0, 45));
  expect(ids(pages[4])).toHaveLength(Math.max(0, Math.min(9, all.length - 36)));
});

test('filters are applied in SQL, and the database answers one page, not every match', async () => {
  const raw = t.app.database.raw;
  // The SQL path itself (deep pages, and every page with the page cache off).
  setCachesOff(['members']);
  const spy = jest.spyOn(raw, 'query');
  try {
    const body = await search('gender=female&country=NL&min_age=20&max_age=60&numResults=4&pageNumber=2');
    const want = await expected(
      `p.gender = 'female' AND p.country = 'NL' AND date_part('year', age(p.date_of_birth)) BETWEEN 20 AND 60`,
    );
    expect(body.total).toBe(want.length);
    expect(ids(body)).toEqual(want.slice(4, 8));
    // Every answer the search read from the database had at most a page of rows.
    const results = await Promise.all(spy.mock.results.map((r) => r.value as Promise<unknown[]>));
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(result.length).toBeLessThanOrEqual(4);
  } finally {
    spy.mockRestore();
    setCachesOff([]);
  }
});

test('with the page cache, viewers share one prefix of ids: a bounded read, then pages without the database', async () => {
  const raw = t.app.database.raw;
  const query = 'gender=female&numResults=4&pageNumber=2';
  const want = await expected(`p.gender = 'female'`);
  const spy = jest.spyOn(raw, 'query');
  try {
    const first = await search(query);
    expect(ids(first)).toEqual(want.slice(4, 8));
    expect(first.total).toBe(want.length);
    const results = await Promise.all(spy.mock.results.map((r) => r.value as Promise<unknown[]>));
    // A prefix of at most 128 ids (members.ts PREFIX_MIN), not every match of a large site.
    for (const result of results) expect(result.length).toBeLessThanOrEqual(128);
    // Another page of the same search, as a visitor and as a member: cut from the same prefix.
    const m = await signup(t);
    spy.mockClear();
    const visitor = (
      await t.call({
        method: 'GET',
        url: `/api/members.php?${query.replace('pageNumber=2', 'pageNumber=1')}`,
      })
    ).json();
    expect(ids(visitor)).toEqual(want.slice(0, 4));
    const member = (
      await t.call({ method: 'GET', url: `/api/members.php?${query}`, cookie: m.cookie })
    ).json();
    expect(ids(member)).toEqual(want.filter((id) => id !== m.user.profile.id).slice(4, 8));
    const pageQueries = spy.mock.calls.filter(([text]) => String(text).includes('ORDER BY'));
    expect(pageQueries).toHaveLength(0);
  } finally {
    spy.mockRestore();
  }
});

test("a member's own profile and blocked members are left out of the pages and of the total", async () => {
  const m = await signup(t);
  const me = m.user.profile.id as number;
  await t.app.db.execute(sql`UPDATE users SET status = 'confirmed' WHERE id = ${me}`);
  const everyone = await expected();
  const [blocked, blocker] = everyone.filter((id) => id !== me);
  await t.call({ method: 'POST', url: '/api/block.php', cookie: m.cookie, payload: { profile_id: blocked } });
  await t.app.db.execute(sql`INSERT INTO blocks (user_id, blocked_id) VALUES (${blocker!}, ${me})`);
  t.app.services.blocked.changed(blocker!, me);

  const visible = await expected('TRUE', [me, blocked!, blocker!]);
  const body = await search('numResults=100', m.cookie);
  expect(body.total).toBe(visible.length);
  expect(ids(body)).toEqual(visible);
  const count = await first<{ n: number }>(
    t.app.db,
    sql`SELECT count(*)::int AS n FROM users
        WHERE status = 'confirmed' AND NOT invisible
          AND site_id = (SELECT id FROM sites WHERE host = 'localhost')`,
  );
  expect(body.total).toBe(count!.n - 3);
});

test('a filter with more matches than the bound: total says "more than the bound", and no exact count is run', async () => {
  const raw = t.app.database.raw;
  const site = await t.app.services.sites.resolve('localhost');
  const scope = { id: site!.id, niche: site!.niche };
  const want = await expected();
  expect(want.length).toBeGreaterThan(6);
  // A service counting up to 5 matches, over the app's own database and caches.
  const bus = createLocalBus();
  const members = createMembersService(t.app.db, raw, bus, {
    profiles: createProfileCache(raw, bus),
    blocked: t.app.services.blocked,
    countBound: 5,
  });
  const query = raw.query.bind(raw);
  const counts: string[] = [];
  const spy = jest.spyOn(raw, 'query').mockImplementation(async (text, params, name) => {
    if (String(name).startsWith('members_count')) counts.push(String(name));
    return query(text, params, name);
  });
  try {
    const firstAnswer = await members.search(scope, null, { pageNumber: 1, numResults: 4 });
    expect(firstAnswer.profiles.map((p) => p.id)).toEqual(want.slice(0, 4));
    // "More than 5": enough pages to go on with, never fewer than there are.
    expect(firstAnswer.total).toBe(6);
    const next = await members.search(scope, null, { pageNumber: 2, numResults: 4 });
    expect(next.total).toBe(6);
    expect(next.profiles.map((p) => p.id)).toEqual(want.slice(4, 8));
    // One bounded count, shared by both answers; nothing walked every match.
    expect(counts).toEqual([expect.stringMatching(/^members_count_bounded_5_/)]);
  } finally {
    spy.mockRestore();
  }
});

test('a filter with fewer matches than the bound is counted exactly at once', async () => {
  const site = await t.app.services.sites.resolve('localhost');
  const bus = createLocalBus();
  const members = createMembersService(t.app.db, t.app.database.raw, bus, {
    profiles: createProfileCache(t.app.database.raw, bus),
    blocked: t.app.services.blocked,
    countBound: 10_000,
  });
  const want = await expected(`p.gender = 'male'`);
  const body = await members.search({ id: site!.id, niche: site!.niche }, null, {
    gender: 'male',
    pageNumber: 1,
    numResults: 4,
  });
  expect(body.total).toBe(want.length);
});
