import { sql } from 'drizzle-orm';
import { ageOn, visibleOnSite } from '..';
import { rows } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { signup } from '../../../testing/accounts';

let t: TestContext;
const sites: Record<'general' | 'she' | 'gay', { id: number; cookie: string }> = {} as never;
const HOSTS = { general: 'localhost', she: 'she.localhost', gay: 'gay.localhost' } as const;

interface Row {
  id: number;
  site_id: number;
  gender: string;
  sexuality: string;
  body_type: string | null;
  interests: string[] | string;
  date_of_birth: string;
}
let everyone: Row[];

/** A confirmed member of a site, logged in there. */
async function memberOf(host: string) {
  const m = await signup(t, { network: 'test' }, host);
  await t.app.db.execute(sql`UPDATE users SET status = 'confirmed' WHERE id = ${m.user.profile.id}`);
  return m;
}

beforeAll(async () => {
  t = await createTestApp({ profiles: 30 });
  for (const [key, host] of Object.entries(HOSTS) as [keyof typeof HOSTS, string][]) {
    const site = await t.app.services.sites.resolve(host);
    sites[key] = { id: site.id, cookie: (await memberOf(host)).cookie };
  }
  everyone = await rows<Row>(
    t.app.db,
    sql`SELECT u.id, u.site_id, p.gender, p.sexuality, p.body_type, p.interests, p.date_of_birth::text AS date_of_birth
        FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.fictional`,
  );
});
afterAll(() => t.close());

async function searchIds(site: keyof typeof HOSTS): Promise<number[]> {
  t.app.services.members.clearCache();
  const res = await t.call({
    method: 'GET',
    url: '/api/members.php?numResults=100',
    cookie: sites[site].cookie,
    headers: { host: HOSTS[site] },
  });
  expect(res.statusCode).toBe(200);
  // The fictional members (the real ones are the test's own viewers and the demo member).
  const fictional = new Set(everyone.map((r) => r.id));
  return (res.json().profiles as { id: number }[])
    .map((p) => p.id)
    .filter((id) => fictional.has(id))
    .sort((a, b) => a - b);
}
const memberStatus = async (site: keyof typeof HOSTS, id: number) =>
  (
    await t.call({
      method: 'GET',
      url: `/api/member.php?id=${id}`,
      cookie: sites[site].cookie,
      headers: { host: HOSTS[site] },
    })
  ).statusCode;
const ids = (list: Row[]) => list.map((r) => r.id).sort((a, b) => a - b);
const interestsOf = (r: Row) =>
  typeof r.interests === 'string' ? (JSON.parse(r.interests) as string[]) : r.interests;
const isGayMan = (r: Row) => r.gender === 'male' && ['gay', 'bi'].includes(r.sexuality);

describe('members belong to a site', () => {
  test('the demo seed gives each of the 3 sites its own members, fitting its niche', () => {
    const of = (key: keyof typeof HOSTS) => everyone.filter((r) => r.site_id === sites[key].id);
    expect(of('general')).toHaveLength(30);
    expect(of('she').length).toBeGreaterThan(0);
    expect(of('she').every((r) => r.gender === 'female')).toBe(true);
    expect(of('gay').length).toBeGreaterThan(0);
    expect(of('gay').every(isGayMan)).toBe(true);
  });

  test('search shows the own members, plus those of reselling sites that fit the niche', async () => {
    // The general site resells (seed); she and gay do not.
    const own = (key: keyof typeof HOSTS) => everyone.filter((r) => r.site_id === sites[key].id);
    expect(await searchIds('general')).toEqual(ids(own('general')));
    expect(await searchIds('she')).toEqual(
      ids([...own('she'), ...own('general').filter((r) => r.gender === 'female')]),
    );
    expect(await searchIds('gay')).toEqual(ids([...own('gay'), ...own('general').filter(isGayMan)]));
  });

  test('member.php is 404 for members the site does not show, like an unknown id', async () => {
    const general = everyone.filter((r) => r.site_id === sites.general.id);
    const woman = general.find((r) => r.gender === 'female')!;
    const gayMan = general.find(isGayMan)!;
    const sheMember = everyone.find((r) => r.site_id === sites.she.id)!;
    expect(await memberStatus('gay', woman.id)).toBe(404);
    expect(await memberStatus('gay', gayMan.id)).toBe(200);
    expect(await memberStatus('she', woman.id)).toBe(200);
    expect(await memberStatus('general', sheMember.id)).toBe(404);
    expect(await memberStatus('gay', sheMember.id)).toBe(404);
    expect(await memberStatus('she', sheMember.id)).toBe(200);
  });

  test('without member_resell a site shows only its own members', async () => {
    await t.app.db.execute(
      sql`UPDATE sites SET settings = settings || '{"member_resell": false}'::jsonb WHERE id = ${sites.general.id}`,
    );
    try {
      await t.app.services.sites.reload();
      const own = everyone.filter((r) => r.site_id === sites.gay.id);
      expect(await searchIds('gay')).toEqual(ids(own));
      const gayMan = everyone.find((r) => r.site_id === sites.general.id && isGayMan(r))!;
      expect(await memberStatus('gay', gayMan.id)).toBe(404);
    } finally {
      await t.app.db.execute(
        sql`UPDATE sites SET settings = settings || '{"member_resell": true}'::jsonb WHERE id = ${sites.general.id}`,
      );
      await t.app.services.sites.reload();
    }
  });

  test('likes list only members the site shows', async () => {
    const me = await memberOf('localhost');
    const sheMember = everyone.find((r) => r.site_id === sites.she.id)!;
    const local = everyone.find((r) => r.site_id === sites.general.id)!;
    // Written directly: a like across sites is refused by the likes service itself (visibleOnSite too).
    await t.app.db.execute(
      sql`INSERT INTO likes (user_id, liked_id) VALUES (${sheMember.id}, ${me.user.profile.id}), (${local.id}, ${me.user.profile.id})`,
    );
    const res = await t.call({ method: 'GET', url: '/api/likes.php', cookie: me.cookie });
    const likedBy = (res.json().liked_by as { profile: { id: number } }[]).map((l) => l.profile.id);
    expect(likedBy).toEqual([local.id]);
  });

  test.each([
    [1, (_: Row) => true],
    [2, (r: Row) => r.gender === 'female'],
    [3, (r: Row) => interestsOf(r).some((i) => i === 'bondage' || i === 'sadomasochism')],
    [4, (r: Row) => r.gender === 'female' && r.body_type === 'fat'],
    [5, (r: Row) => r.gender === 'female' && ageOn(r.date_of_birth) >= 60],
    [6, (r: Row) => r.gender === 'female' && ageOn(r.date_of_birth) >= 35],
    [7, isGayMan],
  ])('niche %i lets in exactly the members it names', async (niche, fits) => {
    // As seen from a site that is none of the three, so only the general site's (reselling) members qualify.
    const found = await rows<{ id: number }>(
      t.app.db,
      sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
          WHERE u.fictional AND ${sql.raw(visibleOnSite({ id: 999_999, niche }))} ORDER BY u.id`,
    );
    const expected = ids(everyone.filter((r) => r.site_id === sites.general.id && fits(r)));
    expect(found.map((r) => r.id)).toEqual(expected);
  });
});

describe('one email, two sites', () => {
  test('each site has its own account; login is on the site where the account lives', async () => {
    const email = `twice.${Date.now()}@example.org`;
    const a = await signup(t, { email, password: 'Wachtwoord-op-a1' }, 'localhost');
    const b = await signup(t, { email, password: 'Wachtwoord-op-b1', network: 'x' }, 'she.localhost');
    expect(a.user.profile.id).not.toBe(b.user.profile.id);
    const login = (host: string, password: string) =>
      t.call({ method: 'POST', url: '/api/user.php', headers: { host }, payload: { email, password } });
    const onA = await login('localhost', 'Wachtwoord-op-a1');
    expect(onA.statusCode).toBe(200);
    expect(onA.json().user.profile.id).toBe(a.user.profile.id);
    const onB = await login('she.localhost', 'Wachtwoord-op-b1');
    expect(onB.json().user.profile.id).toBe(b.user.profile.id);
    expect((await login('she.localhost', 'Wachtwoord-op-a1')).statusCode).toBe(401);
    // A session of site A is a visitor on site B.
    const cookie = `sid=${onA.cookies.find((c) => c.name === 'sid')!.value}`;
    const there = await t.call({
      method: 'GET',
      url: '/api/user.php',
      cookie,
      headers: { host: 'she.localhost' },
    });
    expect(there.json().user).toBe(false);
  });
});
