import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PackagesResponse } from '@dating/shared';
import { jsonResponse, mockFetch, renderPage } from '../lib/test-utils';
import CreditsPage from './credits-page';
import CheckoutPage from './checkout-page';
import { leavePage } from '../lib/navigate-away';

const packages: PackagesResponse = {
  currency: 'EUR',
  packages: [
    { id: 1, credits: 50, price: { amount: 1995, currency: 'EUR' }, variant: 0, popular: false },
    { id: 2, credits: 150, price: { amount: 4995, currency: 'EUR' }, variant: 2, popular: true },
  ],
};

function member(signupDate: string, paid = false) {
  return { user: { profile: { id: 1 }, paid_user: paid, credits: 0, signup_date: signupDate } };
}

const welcomeCode = {
  code: 'WELCOME25',
  value_percentage: 25,
  percentage: 25,
  status: 'active',
  expired: false,
  expires: null,
};

function card(credits: number) {
  return screen.getByRole('article', { name: `Pakket met ${credits} credits` });
}

test('shows the packages with prices formatted for the locale, per-credit price and the popular ribbon', async () => {
  mockFetch((_request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/packages.php') return jsonResponse(packages);
    return undefined;
  });
  await renderPage(<CreditsPage />, { route: '/credits', path: '/credits' });

  await screen.findByRole('article', { name: 'Pakket met 50 credits' });
  expect(within(card(50)).getByTestId('price')).toHaveTextContent(/^€\s19,95$/);
  expect(within(card(50)).getByText(/€\s0,399 per credit/)).toBeInTheDocument();
  expect(within(card(150)).getByTestId('price')).toHaveTextContent(/^€\s49,95$/);
  expect(within(card(150)).getByText('Populair')).toBeInTheDocument();
  expect(within(card(50)).queryByText('Populair')).toBeNull();
  expect(within(card(150)).getByRole('link', { name: 'Kiezen' })).toHaveAttribute('href', '/credits/2');
});

test('a new member gets the time bonus on every card', async () => {
  const fetch = mockFetch((_request, url) => {
    if (url.pathname === '/api/user.php')
      return jsonResponse(member(new Date(Date.now() - 60_000).toISOString()));
    if (url.pathname === '/api/packages.php') return jsonResponse(packages);
    return undefined;
  });
  await renderPage(<CreditsPage />, { route: '/credits', path: '/credits' });

  expect(await screen.findByText('Tijdsbonus: 25% korting')).toBeInTheDocument();
  expect(within(card(50)).getByTestId('price')).toHaveTextContent(/^€\s14,96$/);
  expect(within(card(50)).getByText(/€\s19,95/)).toBeInTheDocument();
  const urls = fetch.mock.calls.map(([request]) => (request as Request).url);
  expect(urls.some((url) => url.includes('discountcode.php'))).toBe(false);
});

test('after the time bonus window the welcome code applies', async () => {
  mockFetch((_request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse(member('2026-01-01T00:00:00Z'));
    if (url.pathname === '/api/packages.php') return jsonResponse(packages);
    if (url.pathname === '/api/discountcode.php' && url.searchParams.get('welcome') === 'true') {
      return jsonResponse(welcomeCode);
    }
    return undefined;
  });
  await renderPage(<CreditsPage />, { route: '/credits', path: '/credits' });
  expect(await screen.findByText('Welkomstkorting: 25% korting')).toBeInTheDocument();
  expect(within(card(150)).getByTestId('price')).toHaveTextContent(/^€\s37,46$/);
});

test('a failing welcome code leaves the normal prices', async () => {
  mockFetch((_request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse(member('2026-01-01T00:00:00Z'));
    if (url.pathname === '/api/packages.php') return jsonResponse(packages);
    if (url.pathname === '/api/discountcode.php') {
      return jsonResponse({ error: { code: 'code_not_found', message: 'Code niet gevonden' } }, 404);
    }
    return undefined;
  });
  await renderPage(<CreditsPage />, { route: '/credits', path: '/credits' });
  await screen.findByRole('article', { name: 'Pakket met 50 credits' });
  expect(within(card(50)).getByTestId('price')).toHaveTextContent(/^€\s19,95$/);
  expect(screen.queryByText(/Code niet gevonden/)).toBeNull();
});

test('checkout offers the methods of the payment country and pays through the server-created order', async () => {
  const leave = jest.spyOn(leavePage, 'to').mockImplementation(() => undefined);
  const bodies: unknown[] = [];
  mockFetch(async (request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/packages.php')
      return jsonResponse({ ...packages, country: 'NL', methods: ['ideal', 'creditcard', 'sdd'] });
    if (url.pathname === '/api/order.php' && request.method === 'POST') {
      bodies.push(await request.json());
      return jsonResponse({ order: { id: 7 }, checkout_url: '/pay/test/tst_1' }, 201);
    }
    return undefined;
  });
  await renderPage(<CheckoutPage />, {
    route: '/credits/2/ideal?return=/chats/1',
    path: '/credits/:id/:paymentmethod?',
  });

  expect(await screen.findByRole('article', { name: 'Pakket met 150 credits' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'iDEAL' })).toHaveAttribute('aria-current', 'true');
  expect(screen.getByRole('link', { name: 'Automatische incasso' })).toHaveAttribute(
    'href',
    '/credits/2/sdd?return=%2Fchats%2F1',
  );
  expect(screen.queryByRole('link', { name: 'BLIK' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Betalen' }));
  await waitFor(() => expect(leave).toHaveBeenCalledWith('/pay/test/tst_1'));
  expect(bodies).toEqual([{ package_id: 2, method: 'ideal', return: '/chats/1' }]);
});

test('a method not offered in the country cannot be paid with', async () => {
  mockFetch((_request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/packages.php')
      return jsonResponse({ ...packages, country: 'NL', methods: ['ideal'] });
    return undefined;
  });
  await renderPage(<CheckoutPage />, { route: '/credits/2/blik', path: '/credits/:id/:paymentmethod?' });
  expect(
    await screen.findByText('Deze betaalmethode is in jouw land niet beschikbaar. Kies een andere.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Betalen' })).toBeNull();
});
