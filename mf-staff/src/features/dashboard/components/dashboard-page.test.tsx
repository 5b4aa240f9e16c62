import { screen, within } from '@testing-library/react';
import type { StaffDashboard, StaffSignInFailures } from '@dating/shared/contract/staff';
import StaffApp from '../../../staff-app';
import { http, HttpResponse, server } from '../../../lib/msw';
import { API, meFixture, meHandler, renderStaff } from '../../../lib/test-utils';

jest.setTimeout(30_000);

const board = (failures: StaffSignInFailures | null): StaffDashboard => ({
  sites: [],
  experiments: { app: 'mf-landers', stable: null, canary: null, versions: [] },
  sign_in_failures: failures,
});
const failures = (lastHour: number): StaffSignInFailures => ({
  last_hour: lastHour,
  last_day: 42,
  rate_limited_day: 7,
  alert_threshold: 20,
  addresses: [{ ip: '203.0.113.9', count: 30 }],
});

test('an admin sees the failed staff sign-ins, with an alert once the hour reaches the mail threshold', async () => {
  server.use(
    meHandler(meFixture({ role: 'admin' })),
    http.get(`${API}/dashboard`, () => HttpResponse.json(board(failures(25)))),
  );
  await renderStaff(<StaffApp basePath="/staff" />, { route: '/staff', path: '/staff/*' });
  const block = await screen.findByTestId('sign-in-failures');
  expect(
    within(block).getByRole('heading', { name: 'Mislukte aanmeldingen van medewerkers' }),
  ).toBeInTheDocument();
  expect(within(block).getByRole('alert')).toHaveTextContent(
    '25 mislukte aanmeldingen in het afgelopen uur (waarschuwingsdrempel 20)',
  );
  expect(block).toHaveTextContent(
    'Afgelopen uur: 25 · afgelopen 24 uur: 42, waarvan 7 geweigerd door de limieten',
  );
  expect(within(block).getByRole('row', { name: '203.0.113.9 30' })).toBeInTheDocument();
  expect(within(block).getByRole('link', { name: 'Open het auditlogboek' })).toHaveAttribute(
    'href',
    '/staff/audit',
  );
});

test('below the threshold there is no alert; an operator (null) sees no block at all', async () => {
  let answer = board(failures(3));
  server.use(
    meHandler(meFixture({ role: 'admin' })),
    http.get(`${API}/dashboard`, () => HttpResponse.json(answer)),
  );
  const view = await renderStaff(<StaffApp basePath="/staff" />, { route: '/staff', path: '/staff/*' });
  const block = await screen.findByTestId('sign-in-failures');
  expect(within(block).queryByRole('alert')).not.toBeInTheDocument();
  view.unmount();

  answer = board(null);
  server.use(meHandler(meFixture({ role: 'operator' })));
  await renderStaff(<StaffApp basePath="/staff" />, { route: '/staff', path: '/staff/*' });
  expect(await screen.findByRole('heading', { name: 'Vandaag per site' })).toBeInTheDocument();
  expect(screen.queryByTestId('sign-in-failures')).not.toBeInTheDocument();
});
