import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureLinkedCode, forgetLinkedCode, type PackagesResponse } from '@dating/shared';
import { jsonResponse, mockFetch, renderPage } from '../lib/test-utils';
import CheckoutPage from './checkout-page';
import { leavePage } from '../lib/navigate-away';

// A code from a link reaches the discount check and the order; a typed code is checked as it is
// typed, the price follows it, and a code the server refuses says so beside the field.
const packages: PackagesResponse = {
  currency: 'EUR',
  country: 'NL',
  methods: ['ideal', 'creditcard'],
  packages: [{ id: 2, credits: 150, price: { amount: 4000, currency: 'EUR' }, variant: 2, popular: true }],
};
const olderMember = {
  user: { profile: { id: 1 }, paid_user: false, credits: 0, signup_date: '2026-01-01T00:00:00Z' },
};
const spring = {
  code: 'SPRING15',
  value_percentage: 15,
  percentage: 15,
  status: 'active',
  expired: false,
  expires: null,
  minimum_order_value: null,
  minimum: null,
  paymentmethods: null,
  country: null,
  user_id: null,
  currency: null,
  validity: 'once_per_user',
};

afterEach(() => {
  forgetLinkedCode();
  sessionStorage.clear();
  jest.restoreAllMocks();
});

/** The member's own welcome code, as discountcode.php answers it (asked with `welcome=true`, or by name). */
const welcome = { ...spring, code: 'WELCOME1', value_percentage: 25, percentage: 25, user_id: 1 };

function serve(bodies: unknown[], checks: URL[], options: { welcome?: boolean } = {}) {
  return mockFetch(async (request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse(olderMember);
    if (url.pathname === '/api/packages.php') return jsonResponse(packages);
    if (url.pathname === '/api/discountcode.php') {
      checks.push(url);
      if (url.searchParams.get('welcome') === 'true') {
        if (options.welcome) return jsonResponse(welcome);
        return jsonResponse({ error: { code: 'code_not_found', message: 'Code niet gevonden' } }, 404);
      }
      const code = (url.searchParams.get('code') ?? '').toUpperCase();
      if (code === 'SPRING15') return jsonResponse(spring);
      if (options.welcome && code === 'WELCOME1') return jsonResponse(welcome);
      if (code === 'USED10')
        return jsonResponse({ error: { code: 'code_used', message: 'Code reeds gebruikt' } }, 409);
      return jsonResponse({ error: { code: 'code_not_found', message: 'Code niet gevonden' } }, 404);
    }
    if (url.pathname === '/api/order.php' && request.method === 'POST') {
      bodies.push(await request.json());
      return jsonResponse({ order: { id: 7 }, checkout_url: '/pay/test/tst_1' }, 201);
    }
    return undefined;
  });
}

test('?code= from a link earlier in the visit: checked with the page query, priced, carried to the order', async () => {
  const leave = jest.spyOn(leavePage, 'to').mockImplementation(() => undefined);
  const bodies: unknown[] = [];
  const checks: URL[] = [];
  serve(bodies, checks);
  captureLinkedCode('?network=mail&code=SPRING15');
  await renderPage(<CheckoutPage />, { route: '/credits/2/ideal', path: '/credits/:id/:paymentmethod?' });

  const card = await screen.findByRole('article', { name: 'Pakket met 150 credits' });
  await waitFor(() => expect(within(card).getByTestId('price')).toHaveTextContent(/^€\s34,00$/));
  expect(
    checks.some(
      (url) => url.searchParams.get('code') === 'SPRING15' && url.searchParams.get('network') === 'mail',
    ),
  ).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Betalen' }));
  await waitFor(() => expect(leave).toHaveBeenCalledWith('/pay/test/tst_1'));
  expect(bodies).toEqual([{ package_id: 2, method: 'ideal', code: 'SPRING15' }]);
});

test('a typed code: checked as typed, the price follows; unknown or used says so beside the field and Enter never pays', async () => {
  const leave = jest.spyOn(leavePage, 'to').mockImplementation(() => undefined);
  const bodies: unknown[] = [];
  serve(bodies, []);
  await renderPage(<CheckoutPage />, { route: '/credits/2/ideal', path: '/credits/:id/:paymentmethod?' });
  const card = await screen.findByRole('article', { name: 'Pakket met 150 credits' });
  const field = screen.getByLabelText('Kortingscode (optioneel)');
  const user = userEvent.setup();

  await user.type(field, 'nope{Enter}');
  expect(await screen.findByText('Code niet gevonden')).toBeInTheDocument();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  // An unknown code blocks nothing (docs/adr/0033-discount-rule.md): paying stays possible at the price shown.
  expect(screen.getByRole('button', { name: 'Betalen' })).toBeEnabled();
  expect(within(card).getByTestId('price')).toHaveTextContent(/^€\s40,00$/);

  await user.clear(field);
  await user.type(field, 'used10');
  expect(await screen.findByText('Code reeds gebruikt')).toBeInTheDocument();

  await user.clear(field);
  await user.type(field, 'spring15{Enter}');
  await waitFor(() => expect(within(card).getByTestId('price')).toHaveTextContent(/^€\s34,00$/));
  expect(screen.getByText(/SPRING15: 15% korting/)).toBeInTheDocument();
  expect(bodies).toEqual([]);
  expect(leave).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Betalen' }));
  await waitFor(() => expect(bodies).toEqual([{ package_id: 2, method: 'ideal', code: 'SPRING15' }]));
});

test('during the time bonus: a typed code never costs the bonus, the better of the two is paid and shown as such', async () => {
  const leave = jest.spyOn(leavePage, 'to').mockImplementation(() => undefined);
  const bodies: unknown[] = [];
  olderMember.user.signup_date = new Date().toISOString();
  try {
    serve(bodies, []);
    await renderPage(<CheckoutPage />, { route: '/credits/2/ideal', path: '/credits/:id/:paymentmethod?' });
    const card = await screen.findByRole('article', { name: 'Pakket met 150 credits' });
    await waitFor(() => expect(within(card).getByTestId('price')).toHaveTextContent(/^€\s30,00$/));
    const field = screen.getByLabelText('Kortingscode (optioneel)');
    const user = userEvent.setup();

    await user.type(field, 'NEPCODE99{Enter}');
    expect(await screen.findByText('Code niet gevonden')).toBeInTheDocument();
    expect(screen.getByText('Je houdt je korting TIMEBONUS25 (25% korting).')).toBeInTheDocument();
    expect(within(card).getByTestId('price')).toHaveTextContent(/^€\s30,00$/);

    await user.clear(field);
    await user.type(field, 'spring15{Enter}');
    expect(
      await screen.findByText(
        'SPRING15 geeft 15% korting; je TIMEBONUS25 van 25% geeft niet minder en blijft verwerkt.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByTestId('price')).toHaveTextContent(/^€\s30,00$/);
    await user.click(screen.getByRole('button', { name: 'Betalen' }));
    await waitFor(() => expect(bodies).toEqual([{ package_id: 2, method: 'ideal', code: 'TIMEBONUS25' }]));
    expect(leave).toHaveBeenCalled();
  } finally {
    olderMember.user.signup_date = '2026-01-01T00:00:00Z';
  }
});

test('the welcome code already applied, typed again and Betalen pressed at once: said to be applied, and paid with it', async () => {
  const leave = jest.spyOn(leavePage, 'to').mockImplementation(() => undefined);
  const bodies: unknown[] = [];
  serve(bodies, [], { welcome: true });
  await renderPage(<CheckoutPage />, {
    route: '/credits/2/creditcard',
    path: '/credits/:id/:paymentmethod?',
  });
  const card = await screen.findByRole('article', { name: 'Pakket met 150 credits' });
  await waitFor(() => expect(within(card).getByTestId('price')).toHaveTextContent(/^€\s30,00$/));
  const field = screen.getByLabelText('Kortingscode (optioneel)');
  const user = userEvent.setup();

  // Typed and paid straight away, while the typed code is still being checked: the order waits for the answer.
  await user.type(field, 'welcome1');
  await user.click(screen.getByRole('button', { name: 'Betalen' }));
  await waitFor(() => expect(bodies).toEqual([{ package_id: 2, method: 'creditcard', code: 'WELCOME1' }]));
  expect(leave).toHaveBeenCalledWith('/pay/test/tst_1');
  // Not "WELCOME1 gives 25%; your WELCOME1 of 25% gives no less": the code is the one applied.
  expect(screen.getByTestId('code-status')).toHaveTextContent(
    'Je korting WELCOME1 (25% korting) is al verwerkt.',
  );
  expect(screen.queryByText(/geeft niet minder/)).toBeNull();
  expect(field).toHaveClass('is-valid');
});

test('the code field is there before a method is chosen', async () => {
  serve([], []);
  await renderPage(<CheckoutPage />, { route: '/credits/2', path: '/credits/:id/:paymentmethod?' });
  await screen.findByRole('article', { name: 'Pakket met 150 credits' });
  expect(screen.getByLabelText('Kortingscode (optioneel)')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Betalen' })).toBeNull();
});
