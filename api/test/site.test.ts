import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteData } from '@dating/shared/contract/index';
import { createTestApp, deployTestVersion, type TestContext } from '../src/testing/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 5 });
}, 60_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.call({ method: 'GET', url, headers });

describe('GET /api/settings.php', () => {
  test('answers every Settings field for the default site', async () => {
    const res = await get('/api/settings.php');
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({
      name: 'Demo Dating',
      niche: 1,
      domain: 'localhost',
      domain_language: 'nl-NL',
      countries: ['NL', 'BE', 'DE'],
    });
    for (const key of [
      'countries',
      'name',
      'index_title',
      'description',
      'visible_profile_fields',
      'visible_profile_notes',
      'geoip_country',
      'geoip_selected_country',
      'cdn_prefix',
      'message_credits',
      'photo_credits',
      'gift_credits',
      'signup_credits',
      'message_length',
      'minimum_message_costs',
      'support_email',
      'support_phone',
      'enable_site_entry_popup',
      'push_public_key',
      'search_fields',
      'domain',
      'domain_language',
      'fictional_warning',
      'fictional_singular',
      'fictional_plural',
      'refund_days',
      'signups',
      'logged_out_search',
      'logged_out_search_trafficsource',
      'member_resell',
      'niche',
      'company_id',
      'mail_name',
      'min_age',
      'us_footer',
      'default_locale',
    ]) {
      expect(s).toHaveProperty(key);
    }
    // Loopback has no country.
    expect(s.geoip_country).toBeNull();
  });

  test('the site follows the Host header; ?host= forces it on settings; unknown hosts are a 404', async () => {
    expect((await get('/api/settings.php', { host: 'she.localhost:80' })).json()).toMatchObject({
      niche: 2,
      domain_language: 'de-DE',
    });
    expect((await get('/api/settings.php?host=gay.localhost')).json()).toMatchObject({
      niche: 7,
      default_locale: 'en',
    });
    const unknown = await get('/api/settings.php', { host: 'unknown.example' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('site_unknown');
  });

  test('geoip_country comes from X-Forwarded-For only behind a trusted proxy', async () => {
    const ip = '81.2.69.160'; // a GB address in the IP database
    expect((await get('/api/settings.php', { 'x-forwarded-for': ip })).json().geoip_country).toBeNull();
    const proxied = await createTestApp({ profiles: 0, trustProxy: true });
    try {
      const s = (
        await proxied.call({ method: 'GET', url: '/api/settings.php', headers: { 'x-forwarded-for': ip } })
      ).json();
      expect(s.geoip_country).toBe('GB');
      expect(s.geoip_selected_country).toBe('NL');
    } finally {
      await proxied.close();
    }
  }, 60_000);
});

describe('reference data', () => {
  test('company info', async () => {
    const c = (await get('/api/companyinfo.php')).json();
    expect(c).toMatchObject({ name: 'Demo Dating Media B.V.', kvk: '12345678', country: 'NL' });
    expect(Date.parse(c.added)).not.toBeNaN();
  });

  test('interests lists the icon set of docs/product/member-model.md', async () => {
    const { interests } = (await get('/api/interests.php')).json();
    expect(interests).toHaveLength(50);
    expect(interests).toContain('sushi');
  });

  test('regions of the site countries, or of ?country=; a bad country is a 400', async () => {
    const all = (await get('/api/regions.php')).json().regions as { country: string; name: string }[];
    expect(new Set(all.map((r) => r.country))).toEqual(new Set(['NL', 'BE', 'DE']));
    expect(all.find((r) => r.country === 'NL' && r.name === 'Utrecht')).toBeTruthy();
    const pl = (await get('/api/regions.php?country=pl')).json().regions;
    expect(pl.every((r: { country: string }) => r.country === 'PL')).toBe(true);
    const bad = await get('/api/regions.php?country=XX');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('country');
  });

  test('geocode finds the nearest city offline', async () => {
    const res = await get('/api/geocode.php?lat=52.3702&lon=4.8952');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ country: 'NL', region: 'Noord-Holland', city: 'Amsterdam' });
  });

  test('geocode validates lat/lon ranges with a translated 400', async () => {
    const res = await get('/api/geocode.php?lat=95&lon=4', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation',
      field: 'lat',
      message: 'Invalid input: lat',
      params: { field: 'lat' },
    });
    expect((await get('/api/geocode.php?lat=52')).json().error.field).toBe('lon');
    expect((await get('/api/geocode.php?lat=abc&lon=4')).statusCode).toBe(400);
  });

  test('town distances: real km and bearing from the first town the place list knows; unknown towns left out', async () => {
    const res = await get(
      '/api/town-distances.php?country=nl&towns=Atlantis&towns=amsterdam&towns=Urk&towns=Maastricht',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.centre).toBe('Amsterdam');
    expect(body.towns.map((town: { name: string }) => town.name)).toEqual(['Amsterdam', 'Urk', 'Maastricht']);
    const [amsterdam, urk, maastricht] = body.towns;
    expect(amsterdam).toEqual({ name: 'Amsterdam', km: 0, bearing: 0 });
    // Urk lies some 58 km north-east of Amsterdam, Maastricht some 175 km south-south-east.
    expect(urk.km).toBeGreaterThan(50);
    expect(urk.km).toBeLessThan(65);
    expect(urk.bearing).toBeGreaterThan(30);
    expect(urk.bearing).toBeLessThan(80);
    expect(maastricht.km).toBeGreaterThan(165);
    expect(maastricht.km).toBeLessThan(190);
    expect(maastricht.bearing).toBeGreaterThan(140);
    expect(maastricht.bearing).toBeLessThan(180);
    expect((await get('/api/town-distances.php?country=NL&towns=Atlantis')).json()).toEqual({
      centre: null,
      towns: [],
    });
  });

  test('town distances validate the country and the list with a translated 400', async () => {
    const noTowns = await get('/api/town-distances.php?country=NL', { 'accept-language': 'en' });
    expect(noTowns.statusCode).toBe(400);
    expect(noTowns.json().error).toMatchObject({ code: 'validation', field: 'towns' });
    expect((await get('/api/town-distances.php?country=Netherlands&towns=Urk')).json().error.field).toBe(
      'country',
    );
    const many = Array.from({ length: 25 }, (_, i) => `towns=T${i}`).join('&');
    expect((await get(`/api/town-distances.php?country=NL&${many}`)).statusCode).toBe(400);
    expect((await get(`/api/town-distances.php?country=NL&towns=${'x'.repeat(81)}`)).statusCode).toBe(400);
  });

  test('packages come in the site currency or ?currency=, four tiers', async () => {
    const eur = (await get('/api/packages.php')).json();
    expect(eur.currency).toBe('EUR');
    expect(eur.packages.map((p: { variant: number }) => p.variant)).toEqual([0, 1, 2, 3]);
    expect(eur.packages[1]).toMatchObject({ popular: true, price: { currency: 'EUR' } });
    expect((await get('/api/packages.php?currency=PLN')).json().packages[0].price.currency).toBe('PLN');
    expect((await get('/api/packages.php', { host: 'gay.localhost' })).json().currency).toBe('GBP');
    expect((await get('/api/packages.php?currency=XYZ')).statusCode).toBe(400);
  });
});

describe('errors and guards', () => {
  test('unknown /api paths are a JSON 404', async () => {
    const res = await get('/api/nothing-here.php');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Niet gevonden' } });
  });

  test('page-hidden accepts an empty JSON body; without the XHR header it is refused', async () => {
    const ok = await t.call({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(ok.statusCode).toBe(204);
    const refused = await t.app.inject({ method: 'POST', url: '/api/page-hidden.php', payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'csrf', message: 'Verzoek geweigerd: ongeldige herkomst.' });
  });

  test('malformed JSON is a 400 without internals', async () => {
    const res = await t.call({
      method: 'DELETE',
      url: '/api/chat.php',
      headers: { 'content-type': 'application/json' },
      payload: '{"conv',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at |stack|Error:/);
  });

  test('security headers', async () => {
    const res = await get('/api/settings.php');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the site HTML and deployed bundles', () => {
  test('503 with a clear page while no shell is deployed', async () => {
    const res = await get('/members');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('not deployed yet');
  });

  test('pages inline site-data, the shell assets, lang and title', async () => {
    await deployFakeSite();
    const res = await get('/members?x=1', { host: 'she.localhost' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('<title>She Dates - Frauen, die wissen, was sie wollen</title>');
    expect(res.body).toContain('<link rel="stylesheet" href="/remotes/shell/1.0.0-aaaa/main.css">');
    expect(res.body).toContain('<script defer src="/remotes/shell/1.0.0-aaaa/main.js"></script>');
    expect(res.body).toContain(
      '<link rel="preload" as="script" href="/remotes/shell/1.0.0-aaaa/react.1234abcd.js">',
    );
    expect(res.body).toContain('name="viewport"');
    expect(res.body).toContain('name="theme-color"');
    const data = siteData(res.body);
    expect(data.settings.niche).toBe(2);
    expect(data.user).toBe(false);
    expect(data.locale).toBe('de');
    expect(data.remotes).toEqual([
      { name: 'mf_chat', entry: '/remotes/mf-chat/2.0.0-bbbb/remoteEntry.js', version: '2.0.0-bbbb' },
    ]);
  });

  test('the logged-in user and the locale cookie are inlined; JSON is escaped', async () => {
    const cookie = await t.login();
    await t.app.db.execute(
      (await import('drizzle-orm')).sql`UPDATE profiles SET about = '</script><b>x' WHERE name = 'DemoDave'`,
    );
    const res = await get('/chats', { cookie: `${cookie}; locale=en` });
    const data = siteData(res.body);
    expect(data.user && data.user.email).toBe('demo@example.com');
    expect(data.user && data.user.profile.about).toBe('</script><b>x');
    expect(data.locale).toBe('en');
    expect(res.body).not.toContain('</script><b>');
    expect(res.body).toContain('\\u003c/script\\u003e');
  });

  test('remotes are immutable and precompressed; manifests are no-cache', async () => {
    const js = await get('/remotes/mf-chat/2.0.0-bbbb/remoteEntry.js', { 'accept-encoding': 'br, gzip' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-encoding']).toBe('br');
    expect(String(js.headers.vary)).toContain('Accept-Encoding');
    const gz = await get('/remotes/mf-chat/2.0.0-bbbb/remoteEntry.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const manifest = await get('/remotes/mf-chat/2.0.0-bbbb/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(js.headers.etag).toBeTruthy();
    const again = await get('/remotes/mf-chat/2.0.0-bbbb/remoteEntry.js', {
      'accept-encoding': 'br, gzip',
      'if-none-match': String(js.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const plain = await get('/remotes/mf-chat/2.0.0-bbbb/remoteEntry.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("remote entry");'.repeat(20));
    expect(plain.headers['content-type']).toContain('javascript');
    // Same-origin only while the site has no CDN.
    expect(plain.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const bad of [
      '/remotes/registry.json',
      '/remotes/../registry.json',
      '/remotes/mf-chat/2.0.0-bbbb/../../x',
      '/remotes/mf-chat/2.0.0-bbbb/.hidden',
      '/remotes/mf-chat/9.9.9-none/remoteEntry.js',
    ]) {
      const res = await get(bad);
      expect([bad, res.statusCode, res.body]).toEqual([bad, 404, 'Not found']);
    }
  });

  test('a site with a cdn_prefix has its remote entries and shell files addressed through it', async () => {
    await t.app.db.execute(
      (await import('drizzle-orm'))
        .sql`UPDATE sites SET settings = settings || '{"cdn_prefix": "https://cdn.example.net/she/"}'::jsonb WHERE host = 'she.localhost'`,
    );
    await t.app.services.sites.reload();
    try {
      const res = await get('/members', { host: 'she.localhost' });
      expect(res.body).toContain(
        '<script defer src="https://cdn.example.net/she/remotes/shell/1.0.0-aaaa/main.js"></script>',
      );
      expect(siteData(res.body).remotes).toEqual([
        {
          name: 'mf_chat',
          entry: 'https://cdn.example.net/she/remotes/mf-chat/2.0.0-bbbb/remoteEntry.js',
          version: '2.0.0-bbbb',
        },
      ]);
      expect(res.headers['content-security-policy']).toMatch(
        /script-src 'self' 'sha256-[\w+/=]+' https:\/\/cdn\.example\.net;/,
      );
      // The CDN fetches the files from here and serves them on its own origin.
      const file = await get('/remotes/mf-chat/2.0.0-bbbb/remoteEntry.js', { host: 'she.localhost' });
      expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(file.headers['access-control-allow-origin']).toBe('*');
      // Other sites are not affected.
      const other = await get('/members');
      expect(siteData(other.body).remotes[0]!.entry).toBe('/remotes/mf-chat/2.0.0-bbbb/remoteEntry.js');
      // Public photos: the page addresses them through the CDN (shared/src/ui/photo-rule.ts), so `/media/` may be
      // loaded from that other origin; elsewhere it stays same-origin.
      await t.app.services.storage.put('media/photos/cdn-test.jpg', Buffer.from('jpeg'), {
        contentType: 'image/jpeg',
      });
      const photo = await get('/media/photos/cdn-test.jpg', { host: 'she.localhost' });
      expect([photo.statusCode, photo.headers['cross-origin-resource-policy']]).toEqual([
        200,
        'cross-origin',
      ]);
      const plain = await get('/media/photos/cdn-test.jpg');
      expect([plain.statusCode, plain.headers['cross-origin-resource-policy']]).toEqual([200, 'same-origin']);
    } finally {
      await t.app.db.execute(
        (await import('drizzle-orm'))
          .sql`UPDATE sites SET settings = settings - 'cdn_prefix' WHERE host = 'she.localhost'`,
      );
      await t.app.services.sites.reload();
    }
  });

  test('a deploy is served from the next request, without restart', async () => {
    await deployTestVersion(t.app, 'mf-chat', '2.0.1-cccc');
    const data = siteData((await get('/')).body);
    expect(data.remotes[0]!.version).toBe('2.0.1-cccc');
  });
});

describe('embedded mailbox', () => {
  test('lists sent mail as JSON filtered by recipient, and as HTML', async () => {
    await t.app.services.mail.send({
      to: 'Box@Example.com',
      template: 'reset',
      locale: 'en',
      params: { name: 'Bo', link: 'http://localhost/reset-password/do?token=abc' },
    });
    const json = (await get('/dev/mailbox.json?to=box@example.com')).json();
    expect(json.mails).toHaveLength(1);
    expect(json.mails[0]).toMatchObject({
      to: 'Box@Example.com',
      subject: 'Reset your password',
      template: 'reset',
    });
    expect(json.mails[0].text).toContain('http://localhost/reset-password/do?token=abc');
    // The site's local origin (the test app's PORT is 80), ADR 0035.
    expect(json.mails[0].headers['List-Unsubscribe']).toContain('<http://localhost/notifications>');
    expect((await get('/dev/mailbox.json?to=other@example.com')).json().mails).toHaveLength(0);
    const html = await get('/dev/mailbox');
    expect(html.body).toContain('Reset your password');
  });
});

function siteData(html: string): SiteData {
  const m = /<script type="application\/json" id="site-data">([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]!) as SiteData;
}

async function deployFakeSite() {
  await deployTestVersion(t.app, 'shell', '1.0.0-aaaa', {
    'entry-assets.json': JSON.stringify({
      main: { js: ['main.js'], css: ['main.css'], preload: ['react.1234abcd.js'] },
    }),
    'mf-manifest.json': '{}',
  });
  await deployTestVersion(t.app, 'mf-chat', '2.0.0-bbbb', {
    'remoteEntry.js': 'console.log("remote entry");'.repeat(20),
    'mf-manifest.json': '{}',
  });
}

describe('the files of a deployed version (for server rendering)', () => {
  test('lists, reads and downloads the files of any published version, server bundle included', async () => {
    await deployTestVersion(t.app, 'mf-landers', '3.0.0-dddd', {
      'mf-manifest.json': '{}',
      'server/main.js': 'module.exports = "landers ssr";',
      'server/chunk.1.js': 'module.exports = 1;',
    });
    const { registry } = t.app.services;
    expect((await registry.files('mf-landers', '3.0.0-dddd'))!.map((f) => f.path)).toEqual([
      'mf-manifest.json',
      'server/chunk.1.js',
      'server/main.js',
    ]);
    expect((await registry.readFile('mf-landers', '3.0.0-dddd', 'server/main.js'))!.toString()).toBe(
      'module.exports = "landers ssr";',
    );
    const dir = (await registry.download('mf-landers', '3.0.0-dddd', 'server/'))!;
    expect(readFileSync(path.join(dir, 'server', 'main.js'), 'utf8')).toBe('module.exports = "landers ssr";');
    expect(readFileSync(path.join(dir, 'server', 'chunk.1.js'), 'utf8')).toBe('module.exports = 1;');
    expect(existsSync(path.join(dir, 'mf-manifest.json'))).toBe(false);
    expect(await registry.files('mf-landers', '9.9.9-none')).toBeNull();
    expect(await registry.readFile('mf-landers', '3.0.0-dddd', '../../etc/passwd')).toBeNull();
    expect(await registry.download('mf-landers', '9.9.9-none', 'server/')).toBeNull();
  });
});

describe('the embedded deploy control routes', () => {
  test('refuse a call without the token of the running server (and do not exist with PostgreSQL)', async () => {
    for (const headers of [{}, { 'x-deploy-token': 'guessed' }]) {
      const state = await t.call({ method: 'GET', url: '/api/_deploy/state', headers });
      const apply = await t.call({
        method: 'POST',
        url: '/api/_deploy/apply',
        headers,
        payload: { action: 'rollback', app: 'mf-chat' },
      });
      for (const res of [state, apply]) {
        expect(res.statusCode).toBe(t.app.config.databaseUrl ? 404 : 403);
      }
    }
  });
});
