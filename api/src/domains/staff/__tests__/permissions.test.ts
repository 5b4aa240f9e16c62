import {
  STAFF_ROUTES,
  staffPath,
  type StaffAccess,
  type StaffRouteName,
} from '@dating/shared/contract/staff';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { member } from '../../../testing/chat';
import { staffSession, type StaffMember } from '../../../testing/staff';

// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (the same file, the same assertions).
let t: TestContext;
let memberCookie: string;
let operator: StaffMember;
let admin: StaffMember;
let pending: StaffMember;
beforeAll(async () => {
  t = await createTestApp({ profiles: 2 });
  memberCookie = (await member(t)).cookie;
  operator = await staffSession(t, 'operator');
  admin = await staffSession(t, 'admin');
  pending = await staffSession(t, 'operator', 'pending');
});
afterAll(() => t.close());

const ROUTES = Object.entries(STAFF_ROUTES) as [
  StaffRouteName,
  { method: string; path: string; access: StaffAccess },
][];
const UNKNOWN_ID = 999_999;

function call(name: StaffRouteName, cookie?: string) {
  const spec = STAFF_ROUTES[name];
  const url = spec.path.includes(':id') ? staffPath(name, UNKNOWN_ID) : spec.path;
  return t.call({
    method: spec.method,
    url,
    ...(cookie ? { cookie } : {}),
    ...(spec.method === 'GET' || spec.method === 'DELETE' ? {} : { payload: {} }),
  });
}

test('the contract lists every staff route once and the server registers each of them', () => {
  const keys = ROUTES.map(([, s]) => `${s.method} ${s.path}`);
  expect(new Set(keys).size).toBe(keys.length);
  for (const [, spec] of ROUTES) {
    expect(t.app.hasRoute({ method: spec.method as 'GET', url: spec.path })).toBe(true);
  }
});

describe.each(ROUTES.filter(([, s]) => s.access !== 'public'))('%s', (name, spec) => {
  test('a visitor gets 403 auth_required', async () => {
    const res = await call(name);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('auth_required');
    expect(res.json().error.message).toBeTruthy();
  });

  test("a member's session gets 403 forbidden", async () => {
    const res = await call(name, memberCookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  if (spec.access !== 'pending') {
    test('the password step alone (no second factor) gets 403', async () => {
      const res = await call(name, pending.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('auth_required');
    });
  }

  if (spec.access === 'admin') {
    test('an operator gets 403 forbidden, an admin gets through', async () => {
      const res = await call(name, operator.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
      const ok = await call(name, admin.cookie);
      expect(ok.statusCode).not.toBe(403);
      expect(ok.statusCode).toBeLessThan(500);
    });
  } else if (name !== 'logout') {
    test('an operator and an admin get through', async () => {
      for (const who of [operator, admin]) {
        const res = await call(name, who.cookie);
        expect(res.statusCode).not.toBe(403);
        expect(res.statusCode).toBeLessThan(500);
      }
    });
  }
});

test('logout ends the staff session: the next call is 403', async () => {
  const who = await staffSession(t, 'operator');
  expect((await call('me', who.cookie)).statusCode).toBe(200);
  expect((await call('logout', who.cookie)).statusCode).toBe(200);
  expect((await call('me', who.cookie)).statusCode).toBe(403);
});

test('a disabled staff account is signed out at once', async () => {
  const who = await staffSession(t, 'operator');
  const res = await t.call({
    method: 'POST',
    url: staffPath('accountDisable', who.id),
    cookie: admin.cookie,
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().disabled).toBe(true);
  expect((await call('me', who.cookie)).statusCode).toBe(403);
});
