import { randomBytes } from 'node:crypto';
import type { ExperimentReport, SiteData } from '@dating/shared/contract/index';
import {
  createTestApp,
  deployTestShell,
  deployTestVersion,
  publishTestVersion,
  type TestContext,
} from '../../../testing/helpers';
import { cookieOf, signupBody } from '../../../testing/accounts';
import { DEMO_OPERATOR_EMAIL, DEMO_OPERATOR_PASSWORD } from '../../../seed/demo';

const STABLE = '0.1.0-aaaaaaaa';
const CANARY = '0.2.0-cccccccc';
let t: TestContext;

/** The shell and mf-landers deployed (storage + registry), with `canary` running or not. */
async function deploy(canary: { version: string; weight: number } | null) {
  const { registry } = t.app.services;
  if (!registry.state().apps.shell) await deployTestShell(t.app);
  if (!registry.state().apps['mf-landers']) await deployTestVersion(t.app, 'mf-landers', STABLE);
  if (canary) {
    const files = registry.state().published['mf-landers']?.includes(canary.version)
      ? undefined
      : await publishTestVersion(t.app, 'mf-landers', canary.version, { 'mf-manifest.json': '{}' });
    await registry.apply({ action: 'canary', app: 'mf-landers', ...canary, ...(files ? { files } : {}) });
  } else if (registry.state().apps['mf-landers']?.canary) {
    await registry.apply({ action: 'rollback', app: 'mf-landers' });
  }
}

function siteData(html: string): SiteData {
  const m = /<script type="application\/json" id="site-data">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(m![1]!) as SiteData;
}

const landersVersion = (data: SiteData) => data.remotes.find((r) => r.name === 'mf_landers')!.version;
const expCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'mf_exp')?.value;

async function page(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

beforeAll(async () => {
  t = await createTestApp({ profiles: 12 });
});
afterAll(async () => {
  await t.close();
});

describe('lander pages and 404s', () => {
  beforeAll(() => deploy(null));

  test.each(['/', '/landers/gallery', '/landers/tinderswipe', '/landers/video/general-nl', '/general-eng'])(
    '%s is a page',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(siteData(res.body).status).toBeUndefined();
    },
  );

  test.each([
    '/landers/nope',
    '/landers/gallery/she-nl',
    '/landers/gallery/general-xx',
    '/bdsm-nl',
    '/members/999999/landing',
    '/members/abc/landing2',
  ])('%s is a 404 with the site page', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(siteData(res.body).status).toBe(404);
  });

  test('a profile lander of an existing member is a page', async () => {
    const { profiles } = (await t.call({ method: 'GET', url: '/api/members.php' })).json() as {
      profiles: { id: number }[];
    };
    const res = await page(`/members/${profiles[0]!.id}/landing3/general-de`);
    expect(res.statusCode).toBe(200);
  });

  test("a slug sets that page's language only; the settings texts follow, the stored choice stays", async () => {
    const res = await page('/landers/maplanding/general-de');
    expect(res.body).toContain('<html lang="de">');
    expect(siteData(res.body).settings.fictional_warning).toContain('fiktive Profile');
    // No locale cookie: the next page is in the site's language again.
    expect(res.cookies.find((c) => c.name === 'locale')).toBeUndefined();
    expect((await page('/landers/maplanding')).body).toContain('<html lang="nl">');
    // A visitor who chose French keeps French after an English lander, which itself is English.
    const english = await page('/landers/gallery/general-eng', 'locale=fr');
    expect(english.body).toContain('<html lang="en">');
    expect(english.cookies.find((c) => c.name === 'locale')).toBeUndefined();
    expect((await page('/landers/gallery', 'locale=fr')).body).toContain('<html lang="fr">');
  });
});

describe('a canary at 50 %', () => {
  beforeAll(() => deploy({ version: CANARY, weight: 50 }));

  test('different visitors get both versions, the same visitor always the same one', async () => {
    const seen = new Map<string, string>();
    for (let i = 0; i < 30; i++) {
      const res = await page('/landers/gallery');
      const cookie = expCookie(res)!;
      expect(cookie).toBeTruthy();
      seen.set(cookie, landersVersion(siteData(res.body)));
    }
    expect(new Set(seen.values())).toEqual(new Set([STABLE, CANARY]));
    for (const [cookie, version] of [...seen].slice(0, 6)) {
      const again = await page('/', `mf_exp=${cookie}`);
      expect(landersVersion(siteData(again.body))).toBe(version);
      expect(expCookie(again)).toBeUndefined();
    }
  });

  test('the report counts a signup made on the canary, per version and per lander; operators only', async () => {
    // A visitor who lands on the canary's video lander, then signs up.
    let cookie = '';
    for (let i = 0; i < 50 && !cookie; i++) {
      const res = await page('/landers/video?network=ads');
      if (landersVersion(siteData(res.body)) === CANARY) cookie = `mf_exp=${expCookie(res)}`;
    }
    expect(cookie).not.toBe('');
    const signup = await t.call({ method: 'POST', url: '/api/signup.php', cookie, payload: signupBody() });
    expect(signup.statusCode).toBe(201);

    const visitor = await t.call({ method: 'GET', url: '/api/experiments.php?app=mf-landers' });
    expect(visitor.statusCode).toBe(403);
    const member = await t.call({ method: 'GET', url: '/api/experiments.php', cookie: cookieOf(signup) });
    expect(member.statusCode).toBe(403);
    expect(member.json().error.code).toBe('forbidden');

    const operator = await t.login(DEMO_OPERATOR_EMAIL, DEMO_OPERATOR_PASSWORD);
    const res = await t.call({ method: 'GET', url: '/api/experiments.php?app=mf-landers', cookie: operator });
    expect(res.statusCode).toBe(200);
    const report = res.json() as ExperimentReport;
    expect(report.canary).toEqual({ version: CANARY, weight: 50 });
    const canary = report.versions.find((v) => v.version === CANARY)!;
    expect(canary.role).toBe('canary');
    expect(canary.signups).toBe(1);
    expect(canary.visits).toBeGreaterThanOrEqual(canary.signups);
    const video = canary.variants.find((v) => v.variant === 'video')!;
    expect(video).toMatchObject({ signups: 1, activations: 0, first_purchases: 0 });
    expect(video.rates.signup.value).toBeCloseTo(1 / video.visits);
    expect(video.rates.signup.low).toBeLessThan(video.rates.signup.value);
    expect(video.rates.signup.high).toBeGreaterThanOrEqual(video.rates.signup.value);
    const stable = report.versions.find((v) => v.version === STABLE)!;
    expect(stable.signups).toBe(0);
    expect(stable.variants.find((v) => v.variant === 'gallery')!.visits).toBeGreaterThan(0);

    const bad = await t.call({ method: 'GET', url: '/api/experiments.php?app=nope', cookie: operator });
    expect(bad.statusCode).toBe(400);
  });

  test('visitors arriving at once are each counted once, together in a few statements', async () => {
    const operator = await t.login(DEMO_OPERATOR_EMAIL, DEMO_OPERATOR_PASSWORD);
    const videoVisits = async () => {
      const res = await t.call({
        method: 'GET',
        url: '/api/experiments.php?app=mf-landers',
        cookie: operator,
      });
      return (res.json() as ExperimentReport).versions
        .flatMap((v) => v.variants)
        .filter((v) => v.variant === 'video')
        .reduce((n, v) => n + v.visits, 0);
    };
    const before = await videoVisits();
    // 50 new visitors, and one more visitor (not seen before) whose page is asked 10 times at once.
    const same = `mf_exp=${randomBytes(16).toString('base64url')}~mf-landers=${STABLE}`;
    const query = jest.spyOn(t.app.database.raw, 'query');
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => page('/landers/video')),
      ...Array.from({ length: 10 }, () => page('/landers/video', same)),
    ]);
    const writes = query.mock.calls.filter(([text]) => text.includes('INSERT INTO experiment_visits')).length;
    query.mockRestore();
    expect(answers.map((r) => r.statusCode)).toEqual(Array(60).fill(200));
    expect(await videoVisits()).toBe(before + 51);
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThan(10);
  });
});
