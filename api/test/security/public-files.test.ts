import {
  createTestApp,
  deployTestShell,
  publishTestVersion,
  type TestContext,
} from '../../src/testing/helpers';

// Only what browsers need is public (docs/adr/0035-one-origin-per-site.md): of a deployed version, the server render
// bundles, the build's stats, the server's entry list and the source maps stay in storage for the server.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  await deployTestShell(t.app);
});
afterAll(() => t?.close());

const VERSION = '1.0.0-bbbbbbbb';
/** A landers version as the build writes it (names from a real `mf-landers/dist`), each file with some content. */
const FILES: Record<string, string> = {
  'remoteEntry.js': 'var mf_landers;',
  'remoteEntry.js.map': '{"version":3}',
  'mf-manifest.json': '{"id":"mf_landers"}',
  'mf-stats.json': '{"id":"mf_landers","shared":[]}',
  'entry-assets.json': '{"main":{"js":[],"css":[]}}',
  '__federation_expose_HomePage.bdb3a71a.js': 'export{}',
  '__federation_expose_HomePage.bdb3a71a.js.map': '{"version":3}',
  'lander-home.a1b799ad.css': 'h1{color:red}',
  'lander-home.a1b799ad.css.map': '{"version":3}',
  'locale-common-nl-json.83a24dd0.js': 'export{}',
  'server/remoteEntry.js': 'module.exports = {} // server container',
  'server/__federation_expose_HomePage.js': 'module.exports = {}',
  'server/mf-manifest.json': '{}',
};
/** What a browser loads: the entry, the manifest, chunks and styles. */
const BROWSER = [
  'remoteEntry.js',
  'mf-manifest.json',
  '__federation_expose_HomePage.bdb3a71a.js',
  'lander-home.a1b799ad.css',
  'locale-common-nl-json.83a24dd0.js',
];

test('of a deployed version only the browser files answer publicly, in every encoding', async () => {
  const published = await publishTestVersion(t.app, 'mf-landers', VERSION, FILES);
  await t.app.services.registry.apply({
    action: 'deploy',
    app: 'mf-landers',
    version: VERSION,
    files: published,
  });
  // Everything is in storage for the server, compressed copies included.
  const stored = published.map((f) => f.path);
  for (const name of Object.keys(FILES)) expect(stored).toContain(name);

  const open: string[] = [];
  for (const file of stored) {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/remotes/mf-landers/${VERSION}/${file}`,
        headers: { 'accept-encoding': encoding },
      });
      expect([200, 404]).toContain(res.statusCode);
      if (res.statusCode === 200 && !open.includes(file)) open.push(file);
      if (res.statusCode === 404) expect(res.body).toBe('Not found');
    }
  }
  const served = open.filter((f) => !/\.(gz|br)$/.test(f)).sort();
  expect(served).toEqual([...BROWSER].sort());
  // The stored compressed copies of a server-only file, asked for by name, are as private as the file.
  for (const file of stored.filter((f) => !BROWSER.includes(f))) {
    for (const suffix of ['.gz', '.br']) {
      const url = `/remotes/mf-landers/${VERSION}/${file}${suffix}`;
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
  }
});

test("the shell's server render bundle and stats are not served, at their version or at the site root", async () => {
  await publishTestVersion(t.app, 'shell', '1.0.0-aaaa', {
    'server/render.js': 'module.exports = { render() {} } // 2 MB in a real build',
    'mf-stats.json': '{}',
  });
  for (const url of [
    '/remotes/shell/1.0.0-aaaa/server/render.js',
    '/remotes/shell/1.0.0-aaaa/mf-stats.json',
    '/remotes/shell/1.0.0-aaaa/entry-assets.json',
    '/mf-stats.json',
    '/entry-assets.json',
  ]) {
    const res = await t.app.inject({ method: 'GET', url });
    expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    expect(res.body).not.toContain('module.exports');
  }
  const main = await t.app.inject({ method: 'GET', url: '/remotes/shell/1.0.0-aaaa/main.js' });
  expect(main.statusCode).toBe(200);
});

test('robots.txt keeps crawlers out of the back office and the api', async () => {
  const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
  const lines = robots.body.split('\n');
  expect(lines).toContain('Disallow: /staff');
  expect(lines).toContain('Disallow: /api/');
});
