import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffRollout, StaffRolloutArm, StaffRollouts } from '@dating/shared/contract/staff';
import StaffApp from '../../../staff-app';
import { http, HttpResponse, server } from '../../../lib/msw';
import { API, meFixture, meHandler, renderStaff } from '../../../lib/test-utils';

jest.setTimeout(30_000);

const arm = (overrides: Partial<StaffRolloutArm>): StaffRolloutArm => ({
  pageViews: 0,
  errorViews: 0,
  loadFailureViews: 0,
  lcp_samples: 0,
  lcp_p75: null,
  ...overrides,
});

/** A lander canary that threw for every visitor: rolled back by the guard, with its top error mapped to source. */
const rolledBack: StaffRollout = {
  id: 7,
  app: 'mf-landers',
  stable_version: '1.0.0-aaaa1111',
  canary_version: '1.0.0-bbbb2222',
  steps: [50, 100],
  weight: 50,
  status: 'rolled_back',
  started_at: '2026-11-27T02:00:00Z',
  ended_at: '2026-11-27T02:01:00Z',
  step_started_at: '2026-11-27T02:00:00Z',
  last_decision: {
    action: 'rollback',
    reason: 'canary significantly worse on errors',
    why: { code: 'worse', metrics: ['errors'] },
    metrics: [
      { name: 'errors', stable: 0, canary: 1, verdict: 'worse' },
      { name: 'load_failures', stable: 0, canary: 0, verdict: 'same' },
      { name: 'lcp', stable: 800, canary: 0, verdict: 'too_few' },
      { name: 'signups', stable: 0, canary: 0, verdict: 'too_few' },
    ],
    at: '2026-11-27T02:01:00Z',
    stable: arm({ pageViews: 6, lcp_samples: 6, lcp_p75: 812, visits: 6, signups: 1 }),
    canary: arm({ pageViews: 5, errorViews: 5, visits: 5, signups: 0 }),
  },
  decisions: [
    {
      action: 'rollback',
      weight_before: 50,
      weight_after: 0,
      reason: 'canary significantly worse on errors',
      evidence: { why: { code: 'worse', metrics: ['errors'] } },
      at: '2026-11-27T02:01:00Z',
    },
  ],
  topErrors: [
    {
      kind: 'boundary',
      message: 'Error: lander exploded',
      count: 5,
      last_seen: '2026-11-27T02:00:50Z',
      frames: [
        {
          raw: 'at n (https://x/remotes/mf-landers/1.0.0-bbbb2222/612.js:1:2345)',
          source: 'at HomePage (src/pages/home-page.tsx:42:7)',
        },
        { raw: 'at r (https://x/remotes/mf-landers/1.0.0-bbbb2222/612.js:1:999)', source: null },
      ],
    },
  ],
};

/** A payments canary that is waiting for evidence, with one step already taken (an older record: no `why`). */
const running: StaffRollout = {
  id: 8,
  app: 'mf-payments',
  stable_version: '2.0.0-cccc3333',
  canary_version: '2.0.0-dddd4444',
  steps: [10, 25, 50, 100],
  weight: 25,
  status: 'running',
  started_at: '2026-11-27T01:00:00Z',
  ended_at: null,
  step_started_at: '2026-11-27T01:30:00Z',
  last_decision: {
    action: 'wait',
    reason: 'not yet shown within the margin: errors, inp',
    why: { code: 'undecided', metrics: ['errors', 'inp'] },
    metrics: [
      { name: 'errors', stable: 0.01, canary: 0, verdict: 'too_few' },
      { name: 'load_failures', stable: 0, canary: 0, verdict: 'same' },
      { name: 'lcp', stable: 900, canary: 950, verdict: 'same' },
      { name: 'inp', stable: 120, canary: 0, verdict: 'too_few' },
    ],
    at: '2026-11-27T01:40:00Z',
    stable: arm({ pageViews: 120, errorViews: 1, inp_samples: 30, inp_p75: 120 }),
    canary: arm({ pageViews: 40, inp_samples: 0, inp_p75: null }),
  },
  decisions: [
    {
      action: 'advance',
      weight_before: 10,
      weight_after: 25,
      reason: 'no metric worse: weight 10 → 25 %',
      evidence: null,
      at: '2026-11-27T01:30:00Z',
    },
  ],
  topErrors: [],
};

function answer(body: StaffRollouts) {
  return http.get(`${API}/rollouts`, () => HttpResponse.json(body));
}

test('an operator opens Uitrol from the menu: each rollout with both arms, the decisions and their reasons in Dutch, and the canary’s top error with its mapped stack', async () => {
  server.use(
    meHandler(meFixture({ role: 'operator' })),
    answer({ rollouts: [running, rolledBack] }),
    http.get(`${API}/dashboard`, () =>
      HttpResponse.json({
        sites: [],
        experiments: { app: 'mf-landers', stable: null, canary: null, versions: [] },
        sign_in_failures: null,
      }),
    ),
  );
  const user = userEvent.setup();
  await renderStaff(<StaffApp basePath="/staff" />, { route: '/staff', path: '/staff/*' });
  await user.click(await screen.findByRole('link', { name: 'Uitrol' }));
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Uitrol van nieuwe versies' }),
  ).toBeInTheDocument();

  const landers = await screen.findByRole('region', { name: 'mf-landers · canary 1.0.0-bbbb2222' });
  expect(landers).toHaveTextContent('Teruggedraaid');
  expect(within(landers).getByTestId('rollout-last-reason')).toHaveTextContent(
    'De canary is significant slechter op: Fouten per paginaweergave',
  );
  const arms = within(landers).getByRole('table', { name: 'Canary tegenover stabiel' });
  const cells = (name: RegExp) =>
    within(within(arms).getByRole('row', { name }))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
  expect(cells(/^Paginaweergaven/)).toEqual(['6', '5', '']);
  expect(cells(/^Fouten per paginaweergave/)).toEqual(['0 (0%)', '5 (100%)', 'Slechter']);
  expect(cells(/^LCP p75/)).toEqual(['812 ms (n = 6)', 'geen metingen', 'Nog niet beslist']);
  expect(cells(/^Bezoeken/)).toEqual(['6', '5', '']);
  expect(cells(/^Aanmeldconversie/)).toEqual(['1 (16,7%)', '0 (0%)', 'Nog niet beslist']);
  const decision = within(landers).getByTestId('rollout-decision');
  expect(decision).toHaveTextContent('50 % → 0 %');
  expect(decision).toHaveTextContent('De canary is significant slechter op: Fouten per paginaweergave');
  const errors = within(landers).getByTestId('rollout-errors');
  expect(errors).toHaveTextContent('Foutgrens');
  expect(errors).toHaveTextContent('Error: lander exploded');
  expect(errors).toHaveTextContent('5× · laatst');
  const stack = within(errors).getByRole('figure', { name: 'Stacktrace, herleid naar de broncode' });
  expect(stack).toHaveTextContent('at HomePage (src/pages/home-page.tsx:42:7)');
  // A frame without a map is shown as the browser gave it.
  expect(stack).toHaveTextContent('612.js:1:999');

  const payments = screen.getByRole('region', { name: 'mf-payments · canary 2.0.0-dddd4444' });
  expect(payments).toHaveTextContent('Loopt');
  expect(within(payments).getByTestId('rollout-weight')).toHaveTextContent('25 %');
  expect(payments).toHaveTextContent('10 % → 25 % → 50 % → 100 %');
  expect(within(payments).getByTestId('rollout-last-reason')).toHaveTextContent(
    'Nog niet binnen de marge aangetoond: Fouten per paginaweergave, INP p75',
  );
  const paymentArms = within(payments).getByRole('table', { name: 'Canary tegenover stabiel' });
  expect(
    within(within(paymentArms).getByRole('row', { name: /^INP p75/ }))
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['120 ms (n = 30)', 'geen metingen', 'Nog niet beslist']);
  // No signups row for a remote other than the landers.
  expect(within(payments).queryByRole('row', { name: /^Aanmeldconversie/ })).not.toBeInTheDocument();
  // The older decision without `why` is told from its action and weights.
  expect(within(payments).getByTestId('rollout-decision')).toHaveTextContent(
    'Geen meetwaarde slechter: aandeel verhoogd van 10 % naar 25 %',
  );
  expect(payments).toHaveTextContent('De canary heeft geen fouten gemeld.');
});

test('without rollouts the page says how a team starts one', async () => {
  server.use(meHandler(meFixture({ role: 'admin' })), answer({ rollouts: [] }));
  await renderStaff(<StaffApp basePath="/staff" />, { route: '/staff/rollouts', path: '/staff/*' });
  expect(
    await screen.findByText(/Nog geen uitrol\. Een team start er een met npm run deploy/),
  ).toBeInTheDocument();
});
