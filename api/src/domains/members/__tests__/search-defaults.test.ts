import { sql } from 'drizzle-orm';
import { rows } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';

// A member's search starts from whom they are looking for (docs/product/member-model.md, Search): `mutual` keeps
// only members whose orientation looks for the viewer's gender, `near` puts the viewer's region, then country, first.
let t: TestContext;
let cookie: string;
let demoId: number;
beforeAll(async () => {
  t = await createTestApp({ profiles: 40 });
  cookie = await t.login();
  demoId = (await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user.profile.id;
}, 60_000);
afterAll(() => t.close());

interface Hit {
  id: number;
  gender: string;
  sexuality: string;
  country: string;
  region: string | null;
}
const search = async (query: string, opts: { visitor?: boolean } = {}) => {
  const res = await t.call({
    method: 'GET',
    url: `/api/members.php?numResults=100&${query}`,
    cookie: opts.visitor ? undefined : cookie,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { profiles: Hit[]; total: number };
};

async function setViewer(gender: string, sexuality: string, country: string, region: string) {
  await t.app.db.execute(
    sql`UPDATE profiles SET gender = ${gender}, sexuality = ${sexuality}, country = ${country}, region = ${region}
        WHERE user_id = ${demoId}`,
  );
  t.app.services.members.clearCache();
}

describe('members.php: mutual and near', () => {
  beforeAll(async () => {
    // Some of every orientation among the women and men, so the rule has something to leave out.
    const others = await rows<{ id: number }>(
      t.app.db,
      sql`SELECT user_id AS id FROM profiles WHERE user_id <> ${demoId} ORDER BY user_id`,
    );
    for (const [i, { id }] of others.entries()) {
      const gender = i % 2 ? 'male' : 'female';
      const kinds = gender === 'male' ? ['hetero', 'bi', 'gay'] : ['hetero', 'bi', 'lesbian'];
      const sexuality = kinds[Math.floor(i / 2) % 3]!;
      await t.app.db.execute(
        sql`UPDATE profiles SET gender = ${gender}, sexuality = ${sexuality} WHERE user_id = ${id}`,
      );
    }
    t.app.services.members.clearCache();
  });

  test('a man seeking women sees only women who look for men; widening shows the others again', async () => {
    await setViewer('male', 'hetero', 'NL', 'Utrecht');
    const mine = await search('gender=female&mutual=true');
    expect(mine.profiles.length).toBeGreaterThan(0);
    for (const p of mine.profiles) {
      expect(p.gender).toBe('female');
      expect(['hetero', 'bi']).toContain(p.sexuality);
    }
    // Without mutual the lesbian women come back; without gender the men too.
    const women = await search('gender=female');
    expect(women.profiles.some((p) => p.sexuality === 'lesbian')).toBe(true);
    expect(women.total).toBeGreaterThan(mine.total);
    const all = await search('');
    expect(all.profiles.some((p) => p.gender === 'male')).toBe(true);
  });

  test('a woman seeking women sees women who are lesbian or bi', async () => {
    await setViewer('female', 'lesbian', 'NL', 'Utrecht');
    const mine = await search('gender=female&mutual=true');
    expect(mine.profiles.length).toBeGreaterThan(0);
    for (const p of mine.profiles) expect(['lesbian', 'bi']).toContain(p.sexuality);
  });

  test('near: the viewer region first, then the viewer country, then the rest', async () => {
    await setViewer('male', 'hetero', 'NL', 'Utrecht');
    const picked = await rows<{ id: number }>(
      t.app.db,
      sql`SELECT user_id AS id FROM profiles WHERE user_id <> ${demoId} ORDER BY user_id LIMIT 6`,
    );
    const [a, b, c, d] = picked.map((r) => r.id);
    await t.app.db.execute(
      sql`UPDATE profiles SET country = 'DE', region = 'Bayern' WHERE user_id <> ${demoId}`,
    );
    await t.app.db.execute(
      sql`UPDATE profiles SET country = 'NL', region = 'Utrecht' WHERE user_id IN (${a}, ${b})`,
    );
    await t.app.db.execute(
      sql`UPDATE profiles SET country = 'NL', region = 'Drenthe' WHERE user_id IN (${c}, ${d})`,
    );
    t.app.services.members.clearCache();

    const near = await search('near=true');
    const tier = (p: Hit) => (p.region === 'Utrecht' ? 0 : p.country === 'NL' ? 1 : 2);
    const tiers = near.profiles.map(tier);
    expect(tiers.slice(0, 4)).toEqual([0, 0, 1, 1]);
    expect(tiers).toEqual([...tiers].sort());
    // The same members as without near, in another order; paging through it gives each once.
    const plain = await search('');
    expect(near.total).toBe(plain.total);
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(near.total / 7); page++) {
      const res = (
        await t.call({
          method: 'GET',
          url: `/api/members.php?near=true&numResults=7&pageNumber=${page}`,
          cookie,
        })
      ).json() as { profiles: Hit[] };
      paged.push(...res.profiles.map((p) => p.id));
    }
    expect(paged).toEqual(near.profiles.map((p) => p.id));
  });

  test('a visitor cannot ask for mutual or near (no profile to start from): the plain search', async () => {
    const visitor = await search('gender=female&mutual=true&near=true', { visitor: true });
    const plain = await search('gender=female', { visitor: true });
    expect(visitor.profiles.map((p) => p.id)).toEqual(plain.profiles.map((p) => p.id));
  });
});
