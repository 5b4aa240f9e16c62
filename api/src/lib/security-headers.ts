import { createHash } from 'node:crypto';
import { SSR_PAGE_SCRIPT } from '@dating/shared/ssr-page-script';
import { EARLY_TELEMETRY_SCRIPT } from '@dating/shared/telemetry-early-script';

// The security headers every answer carries, built once at start. They used to come from @fastify/helmet, which
// rebuilt the CSP string from its directives on every request (a tenth of the CPU of a small answer, docs/adr/0009-request-overhead.md);
// the values below are the ones helmet produced, so nothing was lost (api/test/security-headers.test.ts pins
// them), plus Permissions-Policy and a CSP without 'unsafe-inline'.

/** The CSP hash source of an exact inline text. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * No inline script or style in general: the shell's HTML has only `<link>`/`<script src>`, a JSON data block
 * (not executed, so not subject to script-src) and one constant script allowed by its hash (the early error
 * recorder, shared/src/telemetry-early-script.ts), and a server-rendered page adds one more constant script allowed
 * by its hash (`cspForRenderedPage`); webpack extracts CSS to files (mini-css-extract); React sets
 * `style={…}` through the CSSOM, which CSP does not govern (only `style` attributes in markup and
 * `setAttribute('style')` are). The few pages the server writes itself carry one `<style>` block and its hash
 * (`cspWithStyle`). Checked in Chromium on /, /login, /members and /chats: e2e/tests/security/csp.spec.ts.
 */
const DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  // Every HTML page's first script, the early error recorder of client telemetry (a constant), by its hash.
  'script-src': ["'self'", hashSource(EARLY_TELEMETRY_SCRIPT)],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

function csp(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/** The CSP for a page of ours that carries this exact `<style>` block (the unsubscribe page, the 503 page). */
export function cspWithStyle(css: string): string {
  return csp({ ...DIRECTIVES, 'style-src': [...DIRECTIVES['style-src']!, hashSource(css)] });
}

const SSR_PAGE_SCRIPT_HASH = hashSource(SSR_PAGE_SCRIPT);

const withOrigin = new Map<string, string>();

/**
 * The CSP of a page whose deployed files come from a CDN (a site's `cdn_prefix`): scripts, styles, fonts, images
 * and the manifests (fetched) may also come from that origin. Kept per origin (a handful of sites).
 */
/** The directives with `origin` added where deployed files and photos are loaded from. */
function directivesWithOrigin(origin: string): Record<string, string[]> {
  const add = (name: string) => [...DIRECTIVES[name]!, origin];
  return {
    ...DIRECTIVES,
    'script-src': add('script-src'),
    'style-src': add('style-src'),
    'img-src': add('img-src'),
    'font-src': add('font-src'),
    'connect-src': add('connect-src'),
  };
}

export function cspWithOrigin(origin: string): string {
  let policy = withOrigin.get(origin);
  if (!policy) {
    policy = csp(directivesWithOrigin(origin));
    withOrigin.set(origin, policy);
  }
  return policy;
}

/**
 * The CSP of a server-rendered page (docs/adr/0030): its one inline script (the early-tap recorder, whose text is a
 * constant) is allowed by its hash, and the `style` attribute values React wrote into the markup (React writes
 * `style={…}` as an attribute on the server; in the browser it uses the CSSOM) by theirs (`'unsafe-hashes'`); no
 * other inline script or style.
 */
export function cspForRenderedPage(styleValues: Iterable<string>, cdnOrigin?: string): string {
  const directives = cdnOrigin ? directivesWithOrigin(cdnOrigin) : DIRECTIVES;
  const withScript = { ...directives, 'script-src': [...directives['script-src']!, SSR_PAGE_SCRIPT_HASH] };
  const hashes = [...new Set(styleValues)].map(hashSource);
  if (hashes.length === 0) return csp(withScript);
  return csp({ ...withScript, 'style-src-attr': ["'unsafe-hashes'", ...hashes] });
}

/**
 * Features the site never uses are off for it and for anything it embeds; geolocation (a member's location)
 * and fullscreen (photos) stay available to our own origin. Only names Chromium knows: an unknown one is a
 * console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': csp(DIRECTIVES),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': PERMISSIONS_POLICY,
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** HSTS only on https: on plain http it would be meaningless, or wrong behind a proxy that is not https. */
export const HTTPS_HEADERS = Object.freeze({
  ...SECURITY_HEADERS,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
});
