import * as contract from './index';
import { STAFF_ROUTES, staffPath } from './staff';

test("the contract index carries no staff values: the route list stays out of the members' bundles", () => {
  const values = Object.entries(contract)
    .filter(([, v]) => String(JSON.stringify(v ?? null)).includes('/api/staff/'))
    .map(([k]) => k);
  expect(values).toEqual([]);
  expect(Object.keys(contract).filter((k) => /^STAFF_|^staff/.test(k))).toEqual([]);
});

test('every staff route is under /api/staff/ and unique; staffPath fills the id', () => {
  const keys = Object.values(STAFF_ROUTES).map((r) => `${r.method} ${r.path}`);
  expect(new Set(keys).size).toBe(keys.length);
  for (const r of Object.values(STAFF_ROUTES)) expect(r.path.startsWith('/api/staff/')).toBe(true);
  expect(staffPath('member', 7)).toBe('/api/staff/members/7');
  expect(staffPath('queue')).toBe('/api/staff/queue');
});
