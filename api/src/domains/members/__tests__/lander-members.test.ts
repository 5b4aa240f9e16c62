import { sql } from 'drizzle-orm';
import { rows } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';

/**
 * Lander previews (docs/adr/0029-phone-first-banners-and-settings.md): a visitor on a niche site sees real members of that site's audience, also where
 * visitors may not search (she.localhost, gay.localhost: members.php answers them 403).
 */
let t: TestContext;
interface Row {
  id: number;
  gender: string;
  sexuality: string;
  photo_status: string | null;
}
let byId: Map<number, Row>;

beforeAll(async () => {
  t = await createTestApp({ profiles: 30 });
  const found = await rows<Row>(
    t.app.db,
    sql`SELECT p.user_id AS id, p.gender, p.sexuality, ph.status AS photo_status
        FROM profiles p LEFT JOIN photos ph ON ph.id = p.main_photo_id`,
  );
  byId = new Map(found.map((r) => [r.id, r]));
});
afterAll(() => t.close());

const previews = (host: string, query = 'numResults=12') =>
  t.call({ method: 'GET', url: `/api/lander-members.php?${query}`, headers: { host } });

describe('GET /api/lander-members.php', () => {
  test('a visitor of the she site, who may not search, gets women with approved public photos', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/api/members.php', headers: { host: 'she.localhost' } }))
        .statusCode,
    ).toBe(403);
    const res = await previews('she.localhost', 'numResults=8&country=DE');
    expect(res.statusCode).toBe(200);
    const profiles = res.json().profiles as {
      id: number;
      gender: string;
      main_image: { filename: string; status: string };
    }[];
    expect(profiles.length).toBe(8);
    for (const p of profiles) {
      expect(p.gender).toBe('female');
      expect(byId.get(p.id)?.gender).toBe('female');
      expect(byId.get(p.id)?.photo_status).toBe('active');
      expect(p.main_image.status).toBe('active');
      expect(p.main_image.filename).toMatch(/^\/media\//);
      // A preview says no more than a tile shows.
      expect(Object.keys(p).sort()).toEqual([
        'age',
        'city',
        'country',
        'gender',
        'id',
        'main_image',
        'name',
        'region',
      ]);
    }
  });

  test('the gay site shows men who are gay or bi, the general site both genders', async () => {
    const gay = (await previews('gay.localhost', 'numResults=10')).json().profiles as { id: number }[];
    expect(gay.length).toBeGreaterThan(0);
    for (const p of gay) {
      expect(byId.get(p.id)?.gender).toBe('male');
      expect(['gay', 'bi']).toContain(byId.get(p.id)?.sexuality);
    }
    const general = (await previews('localhost', 'numResults=24')).json().profiles as { gender: string }[];
    expect(new Set(general.map((p) => p.gender))).toEqual(new Set(['male', 'female']));
  });

  test('bad input is a 400 with the field named', async () => {
    const tooMany = await previews('she.localhost', 'numResults=500');
    expect(tooMany.statusCode).toBe(400);
    const badCountry = await previews('she.localhost', 'country=Germany');
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().error.code).toBe('validation');
  });
});
