// Authorisation before validation on every operator and staff route: an anonymous caller gets the same 401/403
// whatever it sends (no body, an empty one, a wrong one, one that is not JSON, a bad id or query), so nobody learns
// what a route takes before they are let in. The routes are collected as the app adds them (Fastify's `onRoute`):
// a new route under one of the prefixes below is walked without being listed here.
import type { RouteOptions } from 'fastify';
import { STAFF_ROUTES } from '@dating/shared/contract/staff';
import { createTestApp, type TestContext } from '../../src/testing/helpers';

// Runs on PGlite (where the deploy commands' routes exist: embedded mode only) and on PostgreSQL.
/** Where operator and staff routes live: the back office's api and the operator tooling (`/api/_deploy/…`). */
const OPERATOR_PREFIXES = ['/api/staff/', '/api/_'];

/** Staff routes open to anyone by design (the sign-in steps), from the contract's own list. */
const PUBLIC = new Set(
  Object.values(STAFF_ROUTES)
    .filter((spec) => spec.access === 'public')
    .map((spec) => `${spec.method} ${spec.path}`),
);

let t: TestContext;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  t = await createTestApp({ profiles: 0, onRoute: (route) => void routes.push(route) });
});
afterAll(() => t?.close());

const walked = () =>
  routes
    .filter((route) => OPERATOR_PREFIXES.some((prefix) => route.url.startsWith(prefix)))
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, url: route.url })),
    )
    .filter(({ method, url }) => !PUBLIC.has(`${method} ${url}`));

/** The same route asked in every way an anonymous caller might: each must get the same answer. */
function attempts(method: string, url: string) {
  const path = (id: string) => url.replace(/:\w+/g, id);
  const bodies: { payload?: string; headers?: Record<string, string> }[] =
    method === 'GET' || method === 'DELETE'
      ? [{}]
      : [
          {},
          { payload: '{}', headers: { 'content-type': 'application/json' } },
          {
            payload: JSON.stringify({ action: 'deploy', app: 'shell', version: '1.0.0', id: 1, x: 'y' }),
            headers: { 'content-type': 'application/json' },
          },
          { payload: '{"action": 17', headers: { 'content-type': 'application/json' } },
          { payload: 'not json at all', headers: { 'content-type': 'text/plain' } },
        ];
  return [path('1'), path('abc'), `${path('999999')}?limit=abc&x=%00`].flatMap((u) =>
    bodies.map((body) => ({ method, url: u, ...body })),
  );
}

test('the walk finds the staff routes of the contract and the operator tooling', () => {
  const found = new Set(walked().map(({ method, url }) => `${method} ${url}`));
  for (const spec of Object.values(STAFF_ROUTES)) {
    if (spec.access !== 'public') expect(found).toContain(`${spec.method} ${spec.path}`);
  }
  // The deploy commands' routes exist in embedded mode only (with PostgreSQL the commands switch in the database).
  if (!process.env.DATABASE_URL) {
    expect(found).toContain('POST /api/_deploy/apply');
    expect(found).toContain('GET /api/_deploy/state');
  }
});

test('every operator and staff route answers an anonymous caller 401/403 before it looks at the input', async () => {
  const problems: string[] = [];
  for (const { method, url } of walked()) {
    const answers = new Set<string>();
    for (const attempt of attempts(method, url)) {
      const res = await t.call({ ...attempt, method: attempt.method as 'GET' });
      const code = (res.json() as { error?: { code?: string; message?: string } }).error;
      if (![401, 403].includes(res.statusCode) || !code?.message)
        problems.push(`${attempt.method} ${attempt.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      answers.add(`${res.statusCode} ${code?.code}`);
    }
    if (answers.size !== 1) problems.push(`${method} ${url}: ${[...answers].join(' / ')}`);
  }
  expect(problems).toEqual([]);
});
