// Every answer carries the same security headers whatever produced it (the HTML shell, an /api answer, an error,
// a deployed static file). The headers are built once at start (plugins/security-headers.ts), not per request;
// this test pins the whole set so that no header is lost or changed by accident. The expected values are the
// ones helmet produced before (docs/adr/0009-request-overhead.md), plus Permissions-Policy and a CSP without 'unsafe-inline'.
import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { EARLY_TELEMETRY_SCRIPT } from '@dating/shared/telemetry-early-script';
import { createTestApp, deployTestVersion, type TestContext } from '../src/testing/helpers';

let t: TestContext;
let proxied: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 2 });
  proxied = await createTestApp({ profiles: 2, trustProxy: true });
  await deploySite(t.app);
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

/** Headers that describe the content, differ per answer or per moment; everything else is pinned. */
const PER_ANSWER = new Set([
  'date',
  'content-length',
  'content-type',
  'content-encoding',
  'cache-control',
  'etag',
  'last-modified',
  'accept-ranges',
  'vary',
  'connection',
  'keep-alive',
  'set-cookie',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
]);

function pinned(res: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!PER_ANSWER.has(name)) out[name] = String(value);
  }
  return out;
}

/** Every page's first script (client telemetry's early error recorder) is allowed by its hash. */
const EARLY_HASH = `'sha256-${createHash('sha256').update(EARLY_TELEMETRY_SCRIPT).digest('base64')}'`;

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    `default-src 'self';script-src 'self' ${EARLY_HASH};style-src 'self';img-src 'self' data: blob:;` +
    "font-src 'self' data:;connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';" +
    "base-uri 'self';form-action 'self';frame-ancestors 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy':
    'accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), encrypted-media=(), ' +
    'fullscreen=(self), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), ' +
    'picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), usb=(), xr-spatial-tracking=()',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  test.each([
    ['the HTML shell', '/'],
    ['a deep link of the shell', '/members/12'],
    ['an /api answer', '/api/settings.php'],
    ['an /api error', '/api/member.php?id=999999'],
    ['an unknown /api path', '/api/nope.php'],
    ['a deployed static file', '/remotes/mf-chat/2.0.0-bbbb/remoteEntry.js'],
    ['a deployed manifest', '/remotes/mf-chat/2.0.0-bbbb/mf-manifest.json'],
  ])('%s (%s) carries exactly the security headers', async (_what, url) => {
    const res = await t.call({ method: 'GET', url });
    expect(res.statusCode).toBeLessThan(500);
    expect(pinned(res)).toEqual(SECURITY_HEADERS);
  });

  test('a refused state-changing call carries them too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user.php', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(pinned(res)).toEqual(SECURITY_HEADERS);
  });

  test('HSTS only on https (behind a trusted proxy), with the same other headers', async () => {
    const res = await proxied.call({
      method: 'GET',
      url: '/api/settings.php',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(pinned(res)).toEqual({
      ...SECURITY_HEADERS,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    const plain = await proxied.call({ method: 'GET', url: '/api/settings.php' });
    expect(pinned(plain)).toEqual(SECURITY_HEADERS);
  });
});

describe('pages the server writes itself', () => {
  /** The page's CSP allows its own <style> block by hash and nothing else inline. */
  function expectStyleAllowedByHash(res: LightMyRequestResponse) {
    const css = /<style>([^<]*)<\/style>/.exec(res.body)?.[1];
    expect(css).toBeTruthy();
    expect(res.body).not.toMatch(/ style=/);
    const hash = createHash('sha256').update(css!).digest('base64');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toBe(
      SECURITY_HEADERS['content-security-policy']!.replace(
        "style-src 'self'",
        `style-src 'self' 'sha256-${hash}'`,
      ),
    );
  }

  test('the unsubscribe page', async () => {
    const res = await t.call({ method: 'GET', url: '/api/unsubscribe.php?token=unknown' });
    expect(res.statusCode).toBe(200);
    expectStyleAllowedByHash(res);
  });

  test('the page shown while no shell is deployed', async () => {
    const res = await proxied.call({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expectStyleAllowedByHash(res);
  });

  test('the development mailbox', async () => {
    const res = await t.call({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expectStyleAllowedByHash(res);
  });
});

/** A deployed shell and one remote, as `npm run deploy` leaves them (storage and registry). */
async function deploySite(app: TestContext['app']) {
  await deployTestVersion(app, 'shell', '1.0.0-aaaa', {
    'entry-assets.json': JSON.stringify({ main: { js: ['main.js'], css: ['main.css'], preload: [] } }),
    'mf-manifest.json': '{}',
  });
  await deployTestVersion(app, 'mf-chat', '2.0.0-bbbb', {
    'remoteEntry.js': 'console.log("remote entry");',
    'mf-manifest.json': '{}',
  });
}
