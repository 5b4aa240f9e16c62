// The installable app and real 404s (docs/adr/0016-first-load-budget.md) on a listening server (real HTTP): the web app manifest and icons of two sites, the
// translated offline page the service worker caches, and HTTP 404 for any path outside the route table.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { createTestApp, deployTestShell, type TestContext } from '../src/testing/helpers';

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  await deployTestShell(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/**
 * A GET over HTTP as a browser on the brand's host (the site is the request's host; fetch cannot set Host).
 * Answers like fetch's Response, as far as these tests read it.
 */
function get(urlPath: string, host: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: { get(name: string): string | null };
    text(): Promise<string>;
    json(): Promise<unknown>;
    arrayBuffer(): Promise<Buffer>;
  }>((resolve, reject) => {
    const request = http.get(`${base}${urlPath}`, { headers: { host, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: { get: (name) => (response.headers[name.toLowerCase()] as string | undefined) ?? null },
          text: async () => body.toString('utf8'),
          json: async () => JSON.parse(body.toString('utf8')) as unknown,
          arrayBuffer: async () => body,
        });
      });
    });
    request.on('error', reject);
  });
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe.each([
  { host: 'localhost', name: 'Demo Dating', theme: '#4a1a6b' },
  { host: 'she.localhost', name: 'She Dates', theme: '#8e1b5a' },
])('the web app manifest of $name', ({ host, name, theme }) => {
  let manifest: Manifest;
  beforeAll(async () => {
    const response = await get('/manifest.webmanifest', host);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    manifest = (await response.json()) as Manifest;
  });

  test('names the site, its colour, standalone display and its start page', () => {
    expect(manifest).toMatchObject({
      name,
      short_name: name.slice(0, 12).trim(),
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: theme,
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  test('lists 192 and 512 PNG icons and a maskable one, each the size it claims, drawn in the site colour', async () => {
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const response = await get(icon.src, host);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(icon.type).toBe('image/png');
      const image = sharp(Buffer.from(await response.arrayBuffer()));
      const meta = await image.metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(meta.format).toBe('png');
      // The pixel just inside the top-left corner: the site colour on the full-bleed maskable icon, transparent
      // in the rounded corner of the `any` icons.
      const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
      ];
      const rgb = [1, 3, 5].map((i) => parseInt(theme.slice(i, i + 2), 16));
      if (icon.purpose === 'maskable') expect(at(1, 1)).toEqual([...rgb, 255]);
      else expect(at(1, 1)[3]).toBe(0);
      // The centre is always the site colour or the white heart, never transparent.
      expect(at(info.width / 2, info.height / 2)[3]).toBe(255);
    }
  });

  test('is linked from the HTML of a page', async () => {
    const html = await (await get('/', host)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain(`/icons/${theme.slice(1)}/icon-192.png`);
  });
});

test('a site serves no icon in another colour than its own', async () => {
  expect((await get('/icons/8e1b5a/icon-192.png', 'localhost')).status).toBe(404);
  expect((await get('/icons/4a1a6b/other.png', 'localhost')).status).toBe(404);
});

test('the offline page is translated by the locale cookie, else the browser language', async () => {
  const german = await get('/offline.html', 'localhost', { cookie: 'locale=de' });
  expect(german.status).toBe(200);
  const html = await german.text();
  expect(html).toContain('<html lang="de">');
  expect(html).toContain('Du bist offline');
  expect(html).toContain('Demo Dating');
  // Its one style block is allowed by hash; no script at all.
  expect(german.headers.get('content-security-policy')).toMatch(/style-src 'self' 'sha256-/);
  expect(html).not.toContain('<script');
  const french = await (
    await get('/offline.html', 'localhost', { 'accept-language': 'fr-FR,fr;q=0.9' })
  ).text();
  expect(french).toContain('Tu es hors ligne');
  const dutch = await (await get('/offline.html', 'localhost')).text();
  expect(dutch).toContain('Je bent offline');
});

describe('HTTP 404 for a path outside the route table (docs/product/calls-and-errors.md)', () => {
  test.each([
    '/nope',
    '/members/1/2/3',
    '/de/members',
    '/en',
    '/landers',
    '/pages/unknown',
    '/general-xx',
    '/credits/1/2/3',
  ])('%s is the shell with status 404 and the 404 flag for its router', async (urlPath) => {
    const response = await get(urlPath, 'localhost', { accept: 'text/html' });
    expect(response.status).toBe(404);
    const html = await response.text();
    const data = JSON.parse(
      /<script type="application\/json" id="site-data">(.*?)<\/script>/s.exec(html)![1]!,
    );
    expect(data.status).toBe(404);
  });

  test.each(['/', '/login', '/members', '/landers/gallery', '/general-nl', '/pages/faq'])(
    '%s is a page: 200',
    async (urlPath) => {
      const response = await get(urlPath, 'localhost', { accept: 'text/html' });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain('"status":404');
    },
  );
});
