import { createTestApp, type TestContext } from '../../src/testing/helpers';

let t: TestContext;
let profileId: number;
beforeAll(async () => {
  t = await createTestApp({ profiles: 3 });
  const [row] = await t.app.database.raw.query<{ id: number }>(
    'SELECT id FROM users WHERE fictional LIMIT 1',
  );
  profileId = row!.id;
});
afterAll(() => t.close());

async function settings(values: Record<string, string>) {
  await t.app.database.raw.query(
    `UPDATE sites SET settings = settings || $1::jsonb WHERE host = 'localhost'`,
    [JSON.stringify(values)],
  );
  await t.app.services.sites.reload();
}

describe('visitor rules of docs/product/member-model.md on every member endpoint', () => {
  test('with logged_out_search none, a visitor reads no profile by id either', async () => {
    await settings({ logged_out_search: 'none', logged_out_search_trafficsource: 'none' });
    const visitor = await t.call({ method: 'GET', url: `/api/member.php?id=${profileId}` });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('auth_required');
    expect((await t.call({ method: 'GET', url: '/api/members.php' })).statusCode).toBe(403);
    const cookie = await t.login();
    expect((await t.call({ method: 'GET', url: `/api/member.php?id=${profileId}`, cookie })).statusCode).toBe(
      200,
    );
  });

  test('a traffic source opens it where logged_out_search_trafficsource allows', async () => {
    await settings({ logged_out_search: 'none', logged_out_search_trafficsource: 'other' });
    expect((await t.call({ method: 'GET', url: `/api/member.php?id=${profileId}` })).statusCode).toBe(403);
    const viaAd = await t.call({ method: 'GET', url: `/api/member.php?id=${profileId}&network=ads` });
    expect(viaAd.statusCode).toBe(200);
    const viaCookie = await t.call({
      method: 'GET',
      url: `/api/member.php?id=${profileId}`,
      cookie: 'network=ads',
    });
    expect(viaCookie.statusCode).toBe(200);
  });

  test('visitors scraping profiles are rate limited; members are not', async () => {
    await settings({ logged_out_search: 'other' });
    const visitor = [];
    for (let i = 0; i < 122; i++) {
      visitor.push(
        (
          await t.call({
            method: 'GET',
            url: `/api/member.php?id=${profileId}`,
            remoteAddress: '203.0.113.77',
          })
        ).statusCode,
      );
    }
    expect(visitor.filter((s) => s === 200)).toHaveLength(120);
    expect(visitor.slice(120)).toEqual([429, 429]);
    const cookie = await t.login();
    for (let i = 0; i < 125; i++) {
      const res = await t.call({
        method: 'GET',
        url: `/api/member.php?id=${profileId}`,
        cookie,
        remoteAddress: '203.0.113.78',
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
