// Every route declares the answer it sends (docs/adr/0022-forms-and-schemas.md): a JSON route without `schema.response` is neither checked
// nor serialised by its schema, and is missing from the OpenAPI document. The routes are collected as the app adds
// them (Fastify's `onRoute`), so a new route of any domain is covered without being listed here.
import type { RouteOptions } from 'fastify';
import { createTestApp, type TestContext } from '../src/testing/helpers';

/**
 * Routes that answer no JSON document of the API, each with the reason. `METHOD url`; the HEAD routes Fastify adds
 * for GET routes are skipped (they answer the GET's headers). A JSON route never belongs here: give it a schema.
 */
const NOT_JSON: Record<string, string> = {
  // Pages and files of the site.
  'GET /': 'HTML: the shell page (server-rendered landers), sites/routes/html.ts',
  'GET /*': 'HTML: every page of the route table, or the 404 page, sites/routes/html.ts',
  'GET /robots.txt': 'text/plain for crawlers',
  'GET /sitemap.xml': 'XML sitemap for crawlers',
  'GET /remotes/*': "files: the remotes' JavaScript, CSS and source maps from the deploy registry",
  'GET /media/*': 'files: public photos (JPEG)',
  'GET /push-sw.js': 'JavaScript: the service worker',
  'GET /offline.html': 'HTML: the offline page the service worker keeps',
  'GET /icons/:colour/:file': "files: the site's app icons (PNG)",
  'GET /manifest.webmanifest':
    'the W3C web app manifest (application/manifest+json), sent as text built by pwa.ts, not an answer of the API',
  // Development and tests only (never registered in production).
  'GET /dev/api-docs/': 'HTML: Swagger UI (@fastify/swagger-ui)',
  'GET /dev/api-docs/static/index.html': 'HTML: Swagger UI',
  'GET /dev/api-docs/static/swagger-initializer.js': 'JavaScript: Swagger UI',
  'GET /dev/api-docs/static/*': 'files: Swagger UI',
  'GET /dev/api-docs/json': 'the OpenAPI document itself, made from the route schemas',
  'GET /dev/api-docs/yaml': 'the OpenAPI document itself, as YAML',
  'GET /dev/mailbox': 'HTML: the embedded mailbox (its JSON twin /dev/mailbox.json has a schema)',
  'GET /dev/sms': 'HTML: the embedded SMS outbox (its JSON twin /dev/sms.json has a schema)',
  'GET /pay/test/:id': "HTML: the test payment provider's checkout page",
  'POST /pay/test/:id': "a form post of the test provider's checkout page, answered by a 303 redirect",
  // The throughput bench (BENCH=1): deliberately without schemas.
  'GET /api/_bench/hello': "the bench's baseline: the framework's cost without schemas, like its bare server",
  'GET /api/_bench/db': "the bench's baseline plus one SELECT 1, without schemas like /api/_bench/hello",
};

let ctx: TestContext;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  // With the bench's routes (BENCH=1), so that they are checked too.
  ctx = await createTestApp({ profiles: 0, bench: true, onRoute: (route) => void routes.push(route) });
});
afterAll(() => ctx?.close());

const key = (method: string, url: string) => `${method} ${url}`;
const keysOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method])
    .filter((m) => m !== 'HEAD')
    .map((m) => key(m, route.url));

test('every route declares its response schema, except the non-JSON routes listed with their reason', () => {
  expect(routes.length).toBeGreaterThan(50);
  const missing = routes
    .filter((route) => !route.schema?.response)
    .flatMap(keysOf)
    .filter((k) => !(k in NOT_JSON));
  expect(missing).toEqual([]);
});

test('the allow-list names only routes that exist and still have no response schema', () => {
  const bare = new Set(routes.filter((route) => !route.schema?.response).flatMap(keysOf));
  expect(Object.keys(NOT_JSON).filter((k) => !bare.has(k))).toEqual([]);
});
