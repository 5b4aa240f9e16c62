import { SITE_ROUTE_PATHS } from '@dating/shared/site-routes';
import { ROUTE_TABLE } from './route-table';

// The server answers HTTP 404 for any path outside the shared list; a route added to the shell alone would be
// served as a 404 page on reload.
test('the shell routes are exactly the shared page paths (plus the catch-all 404)', () => {
  const shell = ROUTE_TABLE.map((route) => route.path).filter((path) => path !== '*');
  expect([...shell].sort()).toEqual([...SITE_ROUTE_PATHS].sort());
});
