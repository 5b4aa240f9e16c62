import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { SiteData } from '@dating/shared/contract/index';
import { first } from '../src/db/sql';
import { setCachesOff } from '../src/lib/caches';
import type { PublishedFile } from '../src/domains/sites';
import { createTestApp, publishTestVersion, type TestContext } from '../src/testing/helpers';
import { serverBundles } from '../src/testing/server-bundles';
import { SHELL_SCRIPT_META, SSR_PAGE_SCRIPT } from '@dating/shared/ssr-page-script';
import { EARLY_TELEMETRY_SCRIPT } from '@dating/shared/telemetry-early-script';
import { styleAttributes } from '../src/domains/sites/routes/html';
import { resolveStack } from '../src/domains/experiments/stack-resolver';

// Server rendering of the landers (docs/adr/0030) against the real server bundles of the shell and mf-landers,
// deployed like `npm run deploy` does: the raw HTML of each lander route, no browser.

const SHELL = '1.0.0-ssrshell';
const SHELL2 = '1.0.1-ssrshel2';
const STABLE = '0.1.0-stable01';
const CANARY = '0.2.0-canary01';
const BROKEN = '0.3.0-broken01';
const HANGING = '0.4.0-hanging1';
const WITHOUT = '0.5.0-noserver';
const LOOPING = '0.6.0-looping1';
const ACCOUNT = '0.1.0-account1';
const ACCOUNT_BROKEN = '0.1.1-accbroke';
const ACCOUNT_WITHOUT = '0.1.2-accnoser';
const MAPPED = '0.7.0-mapped01';

let t: TestContext;
let memberId: number;
let otherSiteMemberId: number;

const published = new Map<string, PublishedFile[]>();

/** Uploads a version's files to the storage, as `npm run deploy` does; the registry records them on its switch. */
async function deployVersion(app: string, version: string, files: Record<string, string | Buffer>) {
  published.set(`${app}@${version}`, await publishTestVersion(t.app, app, version, files));
}

/** Switches the registry: the shell, the stable landers, and the landers' canary (or none). */
async function useLanders(current: string, canary?: { version: string; weight: number }, shell = SHELL) {
  const registry = t.app.services.registry;
  const files = (app: string, version: string) => published.get(`${app}@${version}`)!;
  await registry.apply({ action: 'deploy', app: 'shell', version: shell, files: files('shell', shell) });
  await registry.apply({
    action: 'deploy',
    app: 'mf-landers',
    version: current,
    files: files('mf-landers', current),
  });
  if (canary) {
    await registry.apply({
      action: 'canary',
      app: 'mf-landers',
      ...canary,
      files: files('mf-landers', canary.version),
    });
  } else if (registry.state().apps['mf-landers']?.canary) {
    await registry.apply({ action: 'rollback', app: 'mf-landers' });
  }
}

/** Switches mf-account's deployed version (the pages `/login` and `/signup` render with). */
async function useAccount(version: string) {
  await t.app.services.registry.apply({
    action: 'deploy',
    app: 'mf-account',
    version,
    files: published.get(`mf-account@${version}`)!,
  });
}

const ACCOUNT_MANIFEST = JSON.stringify({
  exposes: [
    {
      name: 'LoginPage',
      assets: { css: { sync: ['__federation_expose_LoginPage.44444444.css'], async: [] } },
    },
    {
      name: 'SignupPage',
      assets: { css: { sync: ['__federation_expose_SignupPage.55555555.css'], async: [] } },
    },
  ],
});

const MANIFEST = JSON.stringify({
  exposes: [
    { name: 'HomePage', assets: { css: { sync: ['__federation_expose_HomePage.11111111.css'], async: [] } } },
    {
      name: 'LanderPage',
      assets: {
        css: { sync: [], async: ['lander-gallery.22222222.css', 'lander-profile-card.33333333.css'] },
      },
    },
  ],
});

beforeAll(async () => {
  const bundles = serverBundles();
  // The rendered-page cache is on (a minute) but switched off (lib/caches.ts) except in the tests about it, so the
  // other tests see every render.
  t = await createTestApp({
    profiles: 12,
    ssr: { enabled: true, budgetMs: 5000, workers: 2, cacheTtlMs: 60_000 },
  });
  setCachesOff(['ssr']);
  const shellFiles = {
    'entry-assets.json': JSON.stringify({
      main: { js: ['main.js'], css: ['main.css'], preload: ['470.aaaaaaaa.js', '62.bbbbbbbb.js'] },
    }),
    'server/render.js': await readFile(bundles.shell),
  };
  await deployVersion('shell', SHELL, shellFiles);
  await deployVersion('shell', SHELL2, shellFiles);
  const landers = await readFile(bundles.landers, 'utf8');
  await deployVersion('mf-landers', STABLE, {
    'server/remoteEntry.js': landers,
    'mf-manifest.json': MANIFEST,
  });
  // The canary's build marks its heading, so which version rendered the page shows in the HTML.
  const canary = landers.replaceAll('"lander-title"', '"lander-title-canary"');
  expect(canary).not.toBe(landers);
  await deployVersion('mf-landers', CANARY, {
    'server/remoteEntry.js': canary,
    'mf-manifest.json': MANIFEST,
  });
  await deployVersion('mf-landers', BROKEN, {
    'server/remoteEntry.js': 'throw new Error("this build is broken");',
    'mf-manifest.json': MANIFEST,
  });
  await deployVersion('mf-landers', HANGING, {
    'server/remoteEntry.js': 'module.exports = { init() {}, get() { return new Promise(() => {}); } };',
    'mf-manifest.json': MANIFEST,
  });
  await deployVersion('mf-landers', WITHOUT, { 'mf-manifest.json': MANIFEST });
  // A container whose module factory never returns: a synchronous endless loop while the page renders.
  await deployVersion('mf-landers', LOOPING, {
    'server/remoteEntry.js': 'module.exports = { init() {}, get() { for (;;) {} } };',
    'mf-manifest.json': MANIFEST,
  });
  const account = await readFile(bundles.account, 'utf8');
  await deployVersion('mf-account', ACCOUNT, {
    'server/remoteEntry.js': account,
    'mf-manifest.json': ACCOUNT_MANIFEST,
  });
  await deployVersion('mf-account', ACCOUNT_BROKEN, {
    'server/remoteEntry.js': 'throw new Error("this build is broken");',
    'mf-manifest.json': ACCOUNT_MANIFEST,
  });
  await deployVersion('mf-account', ACCOUNT_WITHOUT, { 'mf-manifest.json': ACCOUNT_MANIFEST });
  await useLanders(STABLE);
  await useAccount(ACCOUNT);

  const members = (await t.call({ method: 'GET', url: '/api/members.php?numResults=1' })).json() as {
    profiles: { id: number }[];
  };
  memberId = members.profiles[0]!.id;
  const other = await first<{ id: number }>(
    t.app.db,
    sql`SELECT id FROM users WHERE site_id <> (SELECT id FROM sites WHERE host = 'localhost') ORDER BY id LIMIT 1`,
  );
  otherSiteMemberId = Number(other!.id);
  expect(otherSiteMemberId).toBeGreaterThan(0);
}, 300_000);
afterAll(() => t?.close());

function siteData(html: string): SiteData {
  const m = /<script type="application\/json" id="site-data">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(m![1]!) as SiteData;
}
function root(html: string): string {
  return /<div id="root">([\s\S]*)<\/div>\n<script type="application\/json"/.exec(html)![1]!;
}
const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('a visitor gets the lander rendered in the HTML', () => {
  test('/: the niche heading in the site language, the members, the lander CSS, the state to hydrate with', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="nl">');
    const markup = root(html);
    expect(markup).toContain(
      'data-testid="lander-title">Ontmoet singles in de buurt die hetzelfde willen als jij</h1>',
    );
    // The shell's lander layout around it: the logo bar with the site's name and the login link.
    expect(markup).toContain('data-layout="lander"');
    expect(markup).toContain('href="/login"');
    expect(markup).not.toContain('<script');
    expect(html).toContain(
      `<link rel="stylesheet" href="/remotes/mf-landers/${STABLE}/__federation_expose_HomePage.11111111.css">`,
    );
    const data = siteData(html);
    expect(data.ssr?.router.loaderData).toBeDefined();
    // The members the page shows were fetched on the server and travel with it: the browser does not ask again.
    const members = data.ssr!.queries.find((q) => q.endpointName === 'getMembers');
    expect(members).toBeDefined();
    const profiles = (members!.value as { profiles: { name: string }[] }).profiles;
    expect(profiles.length).toBeGreaterThan(0);
    expect(markup).toContain(profiles[0]!.name);
  });

  test('a locale slug renders in its language; a lander variant; the profile lander of a member', async () => {
    const en = await page('/general-eng');
    expect(en.statusCode).toBe(200);
    expect(root(en.body)).toContain('Meet singles nearby who want the same as you');

    const gallery = await page('/landers/gallery');
    expect(gallery.statusCode).toBe(200);
    expect(root(gallery.body)).toContain('data-testid="lander-title"');
    // Complete in place: no fallback swapped in by an inline script (the CSP allows none; nor does JS off).
    expect(root(gallery.body)).not.toContain('<script');
    expect(root(gallery.body)).not.toContain('<template');
    expect(gallery.body).toContain(`/remotes/mf-landers/${STABLE}/lander-gallery.22222222.css`);

    const member = (await t.call({ method: 'GET', url: `/api/member.php?id=${memberId}` })).json() as {
      profile?: { name: string };
      profiles?: { name: string }[];
    };
    const landing = await page(`/members/${memberId}/landing`);
    expect(landing.statusCode).toBe(200);
    const name = member.profile?.name ?? member.profiles?.[0]?.name;
    expect(name).toBeTruthy();
    expect(root(landing.body)).toContain(name!);
  });

  test('unknown variant, slug or member, or a member of another site: the 404 page, rendered, with status 404', async () => {
    for (const url of [
      '/landers/nope',
      '/general-xx',
      '/members/99999999/landing',
      `/members/${otherSiteMemberId}/landing`,
    ]) {
      const res = await page(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      const markup = root(res.body);
      expect(markup).toContain('404');
      expect(markup).toContain('href="/"');
    }
  });

  test.each([
    [
      'she.localhost',
      'de',
      'Frauen, die wissen, was sie wollen',
      'Auf She Dates bestimmen Frauen das Tempo',
      'Kostenlos dabei sein',
      'female',
    ],
    [
      'gay.localhost',
      'en',
      'Men meeting men',
      'On Gay Dating Demo men meet men',
      'Meet men for free',
      'male',
    ],
  ])(
    '%s, where visitors may not search: the niche texts and photos of real members of its audience',
    async (host, lang, title, sub, cta, gender) => {
      const res = await page('/', { host });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<html lang="${lang}">`);
      const markup = root(res.body);
      expect(markup).toContain(`data-testid="lander-title">${title}</h1>`);
      expect(markup).toContain(sub);
      expect(markup).toContain(cta);
      // The previews were answered on the server (lander-members.php) and travel with the page.
      const previews = siteData(res.body).ssr!.queries.find((q) => q.endpointName === 'getLanderMembers');
      const profiles = (
        previews!.value as {
          profiles: { id: number; name: string; main_image: { thumb_filename: string } }[];
        }
      ).profiles;
      expect(profiles.length).toBeGreaterThanOrEqual(6);
      for (const p of profiles.slice(0, 6)) {
        const row = await first<{ gender: string }>(
          t.app.db,
          sql`SELECT gender FROM profiles WHERE user_id = ${p.id}`,
        );
        expect(row!.gender).toBe(gender);
        expect(markup).toContain(`src="${p.main_image.thumb_filename}"`);
        expect(markup).toContain(p.name.replaceAll('&', '&amp;').replaceAll("'", '&#x27;'));
      }
      expect(siteData(res.body).ssr!.queries.some((q) => q.endpointName === 'getMembers')).toBe(false);
    },
  );

  test('a member is not served server rendering (their pages stay client-rendered)', async () => {
    const cookie = await t.login();
    const res = await page('/landers/gallery', { cookie });
    expect(root(res.body)).toBe('');
    expect(siteData(res.body).ssr).toBeUndefined();
  });
});

test('the style attributes of the server markup are allowed by the CSP, by their hashes only', async () => {
  const res = await page('/landers/maplanding');
  const values = styleAttributes(root(res.body));
  expect(values.length).toBeGreaterThan(0);
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("style-src 'self'");
  for (const value of values) {
    expect(csp).toContain(`'sha256-${createHash('sha256').update(value).digest('base64')}'`);
  }
  expect(csp).toMatch(/style-src-attr 'unsafe-hashes' 'sha256-/);
  expect(csp).not.toContain('unsafe-inline');
});

test('the inline scripts (the early error recorder first, then the one that keeps a tap made before the page is hydrated) are allowed by their hashes only', async () => {
  const res = await page('/');
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  const inline = [...res.body.matchAll(/<script(?: [^>]*)?>([\s\S]*?)<\/script>/g)].filter(
    (m) => !/\b(src|type)=/.test(m[0].slice(0, m[0].indexOf('>'))),
  );
  expect(inline.map((m) => m[1])).toEqual([EARLY_TELEMETRY_SCRIPT, SSR_PAGE_SCRIPT]);
  // In the head, so it listens before the server-rendered buttons can be tapped.
  expect(head).toContain(`<script>${SSR_PAGE_SCRIPT}</script>`);
  // The error recorder is the page's first script: it sees errors from the first line the page runs.
  expect(head.indexOf('<script')).toBe(head.indexOf(`<script>${EARLY_TELEMETRY_SCRIPT}</script>`));
  // It starts the shell after the first paint: the shell's scripts are named, not loaded, and nothing is preloaded.
  // The entry comes first, then the shared libraries' chunks (loaded beside it, not after it has run).
  const named = [...head.matchAll(new RegExp(`<meta name="${SHELL_SCRIPT_META}" content="([^"]+)">`, 'g'))];
  expect(named.map((m) => m[1]!.replace(/^\/remotes\/shell\/[^/]+\//, ''))).toEqual([
    'main.js',
    '470.aaaaaaaa.js',
    '62.bbbbbbbb.js',
  ]);
  expect(head).not.toMatch(/<script[^>]* src=/);
  expect(head).not.toContain('rel="preload"');
  const csp = String(res.headers['content-security-policy']);
  const hash = `'sha256-${createHash('sha256').update(SSR_PAGE_SCRIPT).digest('base64')}'`;
  const early = `'sha256-${createHash('sha256').update(EARLY_TELEMETRY_SCRIPT).digest('base64')}'`;
  expect(csp).toContain(`script-src 'self' ${early} ${hash}`);
  expect(csp).not.toContain('unsafe-inline');
  // A page the browser renders itself has only the error recorder inline, and not the other's hash.
  const cookie = await t.login();
  const member = await page('/landers/gallery', { cookie });
  expect(member.body).not.toContain(SSR_PAGE_SCRIPT);
  expect(member.body).toContain(`<script>${EARLY_TELEMETRY_SCRIPT}</script>`);
  expect(member.body).toContain(`<script defer src="/remotes/shell/`);
  expect(String(member.headers['content-security-policy'])).not.toContain(hash);
});

describe('login, signup and the static pages are rendered for visitors too', () => {
  afterAll(() => useAccount(ACCOUNT));

  test('/login: the form in the default layout, its CSS, marked to keep a submit made before hydration', async () => {
    for (const url of ['/login', '/login?redirect=%2Fchats']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      const markup = root(res.body);
      expect(markup).toContain('data-layout="default"');
      expect(markup).toMatch(/<h1 class="[^"]*">Inloggen<\/h1>/);
      expect(markup).toContain('<form noValidate="" aria-label="Inloggen" data-submit-before-hydration=""');
      expect(markup).toContain('id="login-email"');
      expect(markup).toContain('href="/signup"');
      expect(res.body).toContain(
        `<link rel="stylesheet" href="/remotes/mf-account/${ACCOUNT}/__federation_expose_LoginPage.44444444.css">`,
      );
      expect(res.body).toContain(`<script>${SSR_PAGE_SCRIPT}</script>`);
      expect(siteData(res.body).ssr?.router.loaderData).toBeDefined();
    }
  });

  test('/signup: the page (not the modal), its fields disabled until hydrated, with the reason shown', async () => {
    const res = await page('/signup');
    const markup = root(res.body);
    expect(markup).toContain('data-testid="signup-loading"');
    expect(markup).toMatch(/<fieldset disabled=""/);
    expect(res.body).toContain(`/remotes/mf-account/${ACCOUNT}/__federation_expose_SignupPage.55555555.css`);
  });

  test('a static page: rendered with the company it names, which travels with it; another query is the browser’s', async () => {
    const res = await page('/pages/terms');
    const markup = root(res.body);
    expect(markup).toContain('data-testid="static-page-terms"');
    expect(markup).toContain('data-testid="terms-version"');
    const data = siteData(res.body);
    const company = data.ssr!.queries.find((q) => q.endpointName === 'getCompanyInfo');
    expect(company).toBeDefined();
    expect(markup).toContain((company!.value as { name: string }).name);
    // `?region=us` adds a paragraph the render does not see (it sees no query but the traffic source).
    expect(root((await page('/pages/privacy?region=us')).body)).toBe('');
    expect(root((await page('/pages/privacy?network=ads')).body)).toContain(
      'data-testid="static-page-privacy"',
    );
  });

  test('a member gets /login, /signup and the static pages for client rendering, as before', async () => {
    const cookie = await t.login();
    for (const url of ['/login', '/signup', '/pages/faq']) {
      const res = await page(url, { cookie });
      expect({ url, markup: root(res.body) }).toEqual({ url, markup: '' });
      expect(siteData(res.body).ssr).toBeUndefined();
    }
  });

  test.each([
    ['throws', ACCOUNT_BROKEN, 'error'],
    ['is missing', ACCOUNT_WITHOUT, 'missing'],
  ] as const)(
    'an mf-account server bundle that %s: /login is served for client rendering; the static pages still render',
    async (_, version, reason) => {
      await useAccount(version);
      const before = t.app.services.ssr.stats().fallback[reason];
      const res = await page('/login');
      expect(res.statusCode).toBe(200);
      expect(root(res.body)).toBe('');
      expect(siteData(res.body).ssr).toBeUndefined();
      expect(res.body).toContain('<script defer src="/remotes/shell/');
      expect(t.app.services.ssr.stats().fallback[reason]).toBe(before + 1);
      expect(root((await page('/pages/faq')).body)).toContain('data-testid="static-page-faq"');
      await useAccount(ACCOUNT);
      expect(root((await page('/login')).body)).toContain('id="login-email"');
    },
    30_000,
  );
});

describe('found and shared', () => {
  test('a lander: its own title and description, canonical, hreflang of its locale slugs, Open Graph, JSON-LD', async () => {
    const res = await page('/landers/gallery/general-de', { host: 'localhost' });
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const markup = root(res.body);
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(markup.slice(markup.indexOf('id="main"')))![1]!
      .replace(/<[^>]*>/g, '')
      .trim();
    expect(head).toContain(`<title>${heading} – Demo Dating</title>`);
    expect(head).not.toContain('<meta name="description" content="">');
    expect(head).toContain('<link rel="canonical" href="http://localhost/landers/gallery/general-de">');
    expect(head).toContain(
      '<link rel="alternate" hreflang="x-default" href="http://localhost/landers/gallery">',
    );
    expect(head).toContain(
      '<link rel="alternate" hreflang="en" href="http://localhost/landers/gallery/general-eng">',
    );
    expect(head).toContain(
      '<link rel="alternate" hreflang="nl" href="http://localhost/landers/gallery/general-nl">',
    );
    expect(head).toContain('<meta property="og:site_name" content="Demo Dating">');
    expect(head).toContain('<meta property="og:locale" content="de">');
    expect(head).toMatch(/<meta property="og:image" content="http:\/\/localhost\/icons\/\w+\/icon-512.png">/);
    expect(head).toContain('<meta name="twitter:card" content="summary">');
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)![1]!);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Demo Dating',
      url: 'http://localhost/',
      inLanguage: 'de',
    });
    expect(head).not.toContain('noindex');
  });

  test('member pages, private routes and 404s are noindex', async () => {
    for (const url of [`/members/${memberId}/landing`, '/members', '/chats', '/credits', '/landers/nope']) {
      const head = (await page(url)).body.split('</head>')[0]!;
      expect({ url, noindex: head.includes('<meta name="robots" content="noindex">') }).toEqual({
        url,
        noindex: true,
      });
      expect(head).not.toContain('rel="canonical"');
    }
  });

  test('robots.txt and sitemap.xml per site', async () => {
    const robots = await page('/robots.txt', { host: 'she.localhost' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Disallow: /members');
    expect(robots.body).toContain('Sitemap: http://she.localhost/sitemap.xml');
    const sitemap = await page('/sitemap.xml', { host: 'she.localhost' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('xml');
    // The site's niche (she) in its slugs, every lander and locale.
    expect(sitemap.body).toContain('<loc>http://she.localhost/she-nl</loc>');
    expect(sitemap.body).toContain('<loc>http://she.localhost/landers/video/she-eng</loc>');
    expect(sitemap.body).not.toContain('general-');
    expect(sitemap.body).not.toContain('/members');
  });

  test('hostile text in a profile is escaped in the server HTML', async () => {
    const hostile = '<img src=x onerror=alert(1)>"\'&';
    await t.app.db.execute(sql`UPDATE profiles SET name = ${hostile} WHERE user_id = ${memberId}`);
    t.app.services.members.clearCache();
    const res = await page(`/members/${memberId}/landing`);
    const markup = root(res.body);
    expect(markup).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).not.toContain('<img src=x');
  });
});

describe('canaries and faults', () => {
  afterAll(() => useLanders(STABLE));

  test('a canary at 50 %: each visitor gets the markup of the version they are assigned', async () => {
    await useLanders(STABLE, { version: CANARY, weight: 50 });
    const seen = new Set<string>();
    for (let i = 0; i < 24 && seen.size < 2; i++) {
      const res = await page('/');
      const version = siteData(res.body).remotes.find((r) => r.name === 'mf_landers')!.version;
      const markup = root(res.body);
      expect(markup).toContain(
        version === CANARY ? 'data-testid="lander-title-canary"' : 'data-testid="lander-title"',
      );
      seen.add(version);
      // A returning visitor keeps their version, and so the same markup.
      const cookie = res.cookies.find((c) => c.name === 'mf_exp')!;
      const again = await page('/', { cookie: `${cookie.name}=${cookie.value}` });
      expect(root(again.body)).toBe(markup);
    }
    expect([...seen].sort()).toEqual([STABLE, CANARY].sort());
  });

  test('a deploy and a rollback of the shell: each shell version renders (no restart)', async () => {
    for (const shell of [SHELL2, SHELL, SHELL2, SHELL]) {
      await useLanders(STABLE, undefined, shell);
      expect({
        shell,
        markup: root((await page('/landers/gallery')).body).includes('data-testid="lander-title"'),
      }).toEqual({
        shell,
        markup: true,
      });
    }
  }, 30_000);

  test.each([
    ['throws', BROKEN, 'error'],
    ['hangs', HANGING, 'timeout'],
    ['is missing', WITHOUT, 'missing'],
  ] as const)(
    'a server bundle that %s: the page is served for client rendering, and counted',
    async (_, version, reason) => {
      await useLanders(version);
      const before = t.app.services.ssr.stats().fallback[reason];
      const res = await page('/');
      expect(res.statusCode).toBe(200);
      expect(root(res.body)).toBe('');
      const data = siteData(res.body);
      expect(data.ssr).toBeUndefined();
      expect(data.remotes.find((r) => r.name === 'mf_landers')!.version).toBe(version);
      expect(t.app.services.ssr.stats().fallback[reason]).toBe(before + 1);
      // A render that throws or runs out of its budget counts against the version it rendered (client telemetry,
      // the canary guard's numbers): one visitor with an error view. A version without a server bundle does not.
      const counts = () =>
        t.app.services.telemetry.armCounts('mf-landers', version, new Date(Date.now() - 120_000));
      if (reason !== 'missing') {
        const deadline = Date.now() + 5000;
        while ((await counts()).errorViews === 0 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await counts()).toMatchObject({ pageViews: 1, errorViews: 1 });
        const [top] = await t.app.services.telemetry.topErrors('mf-landers', version);
        expect(top!.message).toMatch(/^server render: /);
      }
      // The server is still there for the next visitor.
      await useLanders(STABLE);
      expect(root((await page('/')).body)).toContain('data-testid="lander-title"');
      if (reason === 'missing') expect((await counts()).pageViews).toBe(0);
    },
    30_000,
  );

  test("a real build that throws while rendering: its error's stack is resolved to the sources by the version's map", async () => {
    // As the canary guard's browser test breaks a build: the lander's title throws, in the server bundle as built
    // (hidden source map beside it). Staff read the stack mapped to source, as for an error in a browser.
    const bundles = serverBundles();
    const built = await readFile(bundles.landers, 'utf8');
    const broken = built
      .split('"lander-title"')
      .join('(()=>{throw new Error("the lander broke on the server")})()');
    expect(broken).not.toBe(built);
    await deployVersion('mf-landers', MAPPED, {
      'server/remoteEntry.js': broken,
      'server/remoteEntry.js.map': await readFile(`${bundles.landers}.map`),
      'mf-manifest.json': MANIFEST,
    });
    try {
      await useLanders(MAPPED);
      expect(root((await page('/')).body)).toBe('');
      const errors = () => t.app.services.telemetry.topErrors('mf-landers', MAPPED);
      const deadline = Date.now() + 5000;
      while ((await errors()).length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const [top] = await errors();
      expect(top!.message).toBe('server render: the lander broke on the server');
      const frames = await resolveStack(
        top!.stack,
        async (app, version, file) =>
          (await t.app.services.registry.readFile(app, version, file))?.toString('utf8') ?? null,
      );
      expect(frames[0]!.raw).toContain(`/remotes/mf-landers/${MAPPED}/server/remoteEntry.js:`);
      expect(frames[0]!.source).toMatch(/^src\/[\w./-]+\.tsx?:\d+:\d+/);
    } finally {
      await useLanders(STABLE);
    }
  }, 30_000);
});

describe('isolation: a render that loops synchronously', () => {
  afterAll(() => useLanders(STABLE));

  test('is cut off at the budget: that visitor gets client rendering, other requests are answered meanwhile, the worker is replaced', async () => {
    await useLanders(LOOPING);
    const before = t.app.services.ssr.stats();
    const started = Date.now();
    const looping = page('/').then((res) => ({ res, ms: Date.now() - started }));
    // While a worker is stuck in the loop, the api answers (its event loop is free) …
    await new Promise((resolve) => setTimeout(resolve, 300));
    const settings = await t.call({ method: 'GET', url: '/api/settings.php' });
    const settingsMs = Date.now() - started;
    expect(settings.statusCode).toBe(200);
    // … and so does a visitor of the stable version, rendered on the server by another worker.
    await useLanders(STABLE);
    const other = await page('/landers/gallery');
    expect(root(other.body)).toContain('data-testid="lander-title"');
    const { res, ms } = await looping;
    expect(settingsMs).toBeLessThan(ms);
    // The looping visitor: the page, for client rendering, at the budget (5 s here).
    expect(res.statusCode).toBe(200);
    expect(root(res.body)).toBe('');
    expect(siteData(res.body).remotes.find((r) => r.name === 'mf_landers')!.version).toBe(LOOPING);
    expect(ms).toBeGreaterThanOrEqual(4900);
    expect(ms).toBeLessThan(9000);
    expect(t.app.services.ssr.stats().fallback.timeout).toBe(before.fallback.timeout + 1);
    // The blocked worker does not answer a ping within twice the budget: it is terminated (logged and counted).
    await new Promise((resolve) => setTimeout(resolve, 10_500 - (Date.now() - started - ms)));
    expect(t.app.services.ssr.stats().terminated).toBe(before.terminated + 1);
    // Rendering goes on for the next visitors.
    for (let i = 0; i < 3; i++) expect(root((await page('/')).body)).toContain('data-testid="lander-title"');
  }, 60_000);
});

describe('the rendered-page cache (SSR_CACHE_TTL_MS)', () => {
  beforeAll(() => setCachesOff([]));
  afterAll(async () => {
    setCachesOff(['ssr']);
    await useLanders(STABLE);
  });

  test('a second visitor of the same page, locale and versions gets the page without a render', async () => {
    await useLanders(STABLE);
    const first = await page('/landers/gallery');
    const before = t.app.services.ssr.stats();
    const second = await page('/landers/gallery');
    const after = t.app.services.ssr.stats();
    expect(after.cached).toBe(before.cached + 1);
    expect(after.rendered).toBe(before.rendered);
    expect(root(second.body)).toBe(root(first.body));
    expect(siteData(second.body).ssr).toEqual(siteData(first.body).ssr);
  });

  test("visitors never get another visitor's page: locale, canary arm; a deploy drops the cache", async () => {
    await useLanders(STABLE, { version: CANARY, weight: 50 });
    // Visitors of both arms and two languages, interleaved, twice over (the second round from the cache).
    const arms = new Map<string, string>();
    for (let i = 0; i < 24 && arms.size < 2; i++) {
      const res = await page('/');
      const version = siteData(res.body).remotes.find((r) => r.name === 'mf_landers')!.version;
      const cookie = res.cookies.find((c) => c.name === 'mf_exp')!;
      arms.set(version, `${cookie.name}=${cookie.value}`);
    }
    expect([...arms.keys()].sort()).toEqual([STABLE, CANARY].sort());
    for (let round = 0; round < 2; round++) {
      for (const [version, experiment] of arms) {
        for (const locale of ['de', 'nl']) {
          const res = await page('/', { cookie: `${experiment}; locale=${locale}` });
          const html = res.body;
          expect(html).toContain(`<html lang="${locale}">`);
          const markup = root(html);
          expect(markup).toContain(
            version === CANARY ? 'data-testid="lander-title-canary"' : 'data-testid="lander-title"',
          );
          expect(markup).toContain(
            locale === 'de' ? 'Triff Singles in deiner Nähe' : 'Ontmoet singles in de buurt',
          );
          expect(siteData(html).locale).toBe(locale);
        }
      }
    }
    // A deploy (here: the canary rolled back) is seen at the next request, cached or not.
    await useLanders(STABLE);
    const cached = t.app.services.ssr.stats().cached;
    const canaryVisitor = await page('/', { cookie: `${arms.get(CANARY)!}; locale=nl` });
    expect(root(canaryVisitor.body)).toContain('data-testid="lander-title"');
    expect(t.app.services.ssr.stats().cached).toBe(cached);
  });
});

describe('a render per request: nothing one visitor brings reaches another', () => {
  /** A visitor of its own address (the member search's visitor limit counts per address). */
  const visit = (url: string, address: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, remoteAddress: address, headers: cookie ? { cookie } : {} });
  /** The traffic source the page's member search was made with (what the page inlines of it). */
  const sources = (html: string) =>
    (siteData(html).ssr?.queries ?? [])
      .filter((q) => q.endpointName === 'getMembers')
      .map((q) => q.arg as { ref?: string; network?: string });
  // The workers have evaluated the bundles (as after the api's start), so the renders below are judged, not the
  // evaluation on a busy machine.
  beforeAll(async () => {
    expect(root((await visit('/', '10.7.9.9')).body)).not.toBe('');
  });

  test('visitors rendered at once with different tracking values and member state each get only their own', async () => {
    const member = await t.login();
    const [alpha, bravo, clean, delta] = await Promise.all([
      visit('/?ref=ALPHAREF&network=alphanet', '10.7.0.1'),
      visit('/landers/gallery?ref=BRAVOREF&network=bravonet', '10.7.0.2', member),
      visit('/', '10.7.0.3'),
      visit('/?ref=DELTAREF&gclid=<script>alert(1)</script>', '10.7.0.4'),
    ]);
    const marks = ['ALPHAREF', 'alphanet', 'BRAVOREF', 'bravonet', 'DELTAREF', 'alert(1)'];
    const seen = (html: string) => marks.filter((mark) => html.includes(mark));
    // Each visitor's page is server-rendered with their own traffic source, and nobody else's.
    expect(root(alpha.body)).not.toBe('');
    expect(sources(alpha.body)).toEqual([expect.objectContaining({ ref: 'ALPHAREF', network: 'alphanet' })]);
    expect(seen(alpha.body)).toEqual(['ALPHAREF', 'alphanet']);
    expect(sources(delta.body)).toEqual([expect.objectContaining({ ref: 'DELTAREF' })]);
    // What the address carries besides the traffic source never reaches the render.
    expect(seen(delta.body)).toEqual(['DELTAREF']);
    expect(root(clean.body)).not.toBe('');
    expect(sources(clean.body)).toEqual([expect.not.objectContaining({ ref: expect.anything() })]);
    expect(seen(clean.body)).toEqual([]);
    // The member's page is theirs (client-rendered, with their own session), with no visitor's values in it.
    expect(siteData(bravo.body).user).not.toBe(false);
    expect(root(bravo.body)).toBe('');
    expect(seen(bravo.body)).toEqual([]);
    // And a visitor after them all gets a page with nothing of theirs.
    const after = await visit('/', '10.7.0.5');
    expect(root(after.body)).not.toBe('');
    expect(seen(after.body)).toEqual([]);
    expect(JSON.stringify(siteData(after.body))).not.toContain('"ref"');
  });

  test('a burst of 50 distinct query values: / stays server-rendered, its size unchanged, no render falls back', async () => {
    const before = await visit('/', '10.7.1.1');
    expect(root(before.body)).not.toBe('');
    const stats = t.app.services.ssr.stats();
    for (let i = 0; i < 50; i += 5) {
      const burst = await Promise.all(
        Array.from({ length: 5 }, (_, j) =>
          visit(`/?ref=burst${i + j}&network=net${i + j}&x${i + j}=${'y'.repeat(200)}`, '10.7.1.66'),
        ),
      );
      for (const [j, res] of burst.entries()) {
        // Each is that visitor's own page: their values, nobody else's.
        expect(sources(res.body)).toEqual([
          expect.objectContaining({ ref: `burst${i + j}`, network: `net${i + j}` }),
        ]);
        expect(res.body.match(/burst\d+/g)).toEqual([`burst${i + j}`]);
      }
    }
    const after = await visit('/', '10.7.1.2');
    expect(root(after.body)).not.toBe('');
    expect(after.body).not.toMatch(/burst\d|net\d/);
    expect(after.body.length).toBe(before.body.length);
    const now = t.app.services.ssr.stats();
    expect(now.fallback).toEqual(stats.fallback);
    expect(now.rendered).toBe(stats.rendered + 51);
  });

  describe('with the rendered-page cache on', () => {
    beforeAll(() => setCachesOff([]));
    afterAll(() => setCachesOff(['ssr']));

    test("a visitor's own page is never kept; every other query value gets the one kept page", async () => {
      const first = await visit('/?ref=KEEPOUT', '10.7.2.1');
      expect(sources(first.body)).toEqual([expect.objectContaining({ ref: 'KEEPOUT' })]);
      const before = t.app.services.ssr.stats();
      const again = await visit('/?ref=KEEPOUT', '10.7.2.2');
      expect(again.body).toContain('KEEPOUT');
      // Rendered again for the second visitor, not taken from the first one's.
      expect(t.app.services.ssr.stats().rendered).toBe(before.rendered + 1);
      const clean = await visit('/', '10.7.2.3');
      expect(clean.body).not.toContain('KEEPOUT');
      // Whatever else a visitor adds to the address, they get that same kept page: no new render, no new entry.
      const kept = t.app.services.ssr.stats();
      for (let i = 0; i < 10; i++) {
        const res = await visit(`/?gclid=${i}&utm_source=s${i}`, '10.7.2.4');
        expect(root(res.body)).toBe(root(clean.body));
        expect(res.body).not.toContain(`gclid=${i}`);
      }
      expect(t.app.services.ssr.stats().rendered).toBe(kept.rendered);
      expect(t.app.services.ssr.stats().cached).toBe(kept.cached + 10);
    });
  });
});
