import fp from 'fastify-plugin';

// The security headers every answer carries, built once at start. They used to come from @fastify/helmet, which
// rebuilt the CSP string from its directives on every request (a tenth of the CPU of a small answer, issue 16);
// the values below are the ones helmet produced, so nothing was lost (api/test/security-headers.test.ts pins
// them).

const DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // React sets style attributes; no inline <style>/<script> is emitted by the server.
  'style-src': ["'self'", "'unsafe-inline'"],
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

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': csp(DIRECTIVES),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** HSTS only on https: on plain http it would be meaningless, or wrong behind a proxy that is not https. */
const HTTPS_HEADERS = Object.freeze({
  ...SECURITY_HEADERS,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
});

/**
 * Sets the headers on every answer (routes, errors, 404s, static files) in onRequest, so a route may still
 * override one (a page with its own CSP). A callback hook: no promise per request.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.protocol === 'https' ? HTTPS_HEADERS : SECURITY_HEADERS);
      done();
    });
  },
  { name: 'security-headers' },
);
