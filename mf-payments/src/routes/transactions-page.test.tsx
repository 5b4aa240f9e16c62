import { screen, within } from '@testing-library/react';
import type { Order } from '@dating/shared';
import { jsonResponse, mockFetch, renderPage } from '../lib/test-utils';
import TransactionsPage from './transactions-page';

const order = (over: Partial<Order> = {}): Order => ({
  id: 7,
  payment_id: 'tst_1',
  credits: 150,
  amount: { amount: 3746, currency: 'EUR' },
  original_amount: { amount: 4995, currency: 'EUR' },
  discount_code: 'TIMEBONUS25',
  package_id: 2,
  method: 'ideal',
  status: 'pending',
  recurring: false,
  created_at: '2026-11-23T10:00:00Z',
  completed_at: null,
  refunded_credits: 0,
  refund_shortfall: 0,
  ...over,
});

const company = {
  name: 'Demo BV',
  address: 'Straat 1',
  kvk: '123',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: [],
  vat_numbers: ['NL001234567B01'],
  support_phone: '',
  delete_discount: 0,
  added: '2024-01-01T00:00:00Z',
};

test('the return page polls a pending order until it completes, then offers the way back', async () => {
  let calls = 0;
  mockFetch((_request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/companyinfo.php') return jsonResponse(company);
    if (url.pathname === '/api/order.php' && url.searchParams.get('id') === '7') {
      calls += 1;
      return jsonResponse({
        order: order(calls > 1 ? { status: 'completed', completed_at: '2026-11-23T10:01:00Z' } : {}),
      });
    }
    return undefined;
  });
  await renderPage(<TransactionsPage />, {
    route: '/transactions/7?return=/chats/1',
    path: '/transactions/:id?',
  });

  expect(await screen.findByText('We wachten op de bevestiging van je betaling…')).toBeInTheDocument();
  expect(await screen.findByText('Betaling geslaagd', {}, { timeout: 15_000 })).toBeInTheDocument();
  expect(screen.getByText('150 credits zijn aan je account toegevoegd.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Terug naar waar je was' })).toHaveAttribute('href', '/chats/1');
  const receipt = screen.getByRole('region', { name: 'Betaalbewijs' });
  expect(within(receipt).getByText(/TIMEBONUS25/)).toBeInTheDocument();
  expect(within(receipt).getByText(/€\s37,46/)).toBeInTheDocument();
  expect(await within(receipt).findByText(/Btw-nummer NL001234567B01/)).toBeInTheDocument();
}, 20_000);

test('a failed payment says Betaling mislukt and offers to pay the same package again', async () => {
  mockFetch((_request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/order.php') return jsonResponse({ order: order({ status: 'failed' }) });
    return undefined;
  });
  await renderPage(<TransactionsPage />, { route: '/transactions/7', path: '/transactions/:id?' });
  expect(await screen.findByText('Betaling mislukt')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Opnieuw betalen' })).toHaveAttribute('href', '/credits/2/ideal');
});

test('the transactions list shows every order with date, credits, amount, method and status', async () => {
  mockFetch((_request, url) => {
    if (url.pathname === '/api/orders.php') {
      return jsonResponse({
        orders: [order({ status: 'completed' }), order({ id: 6, status: 'cancelled', method: 'paypal' })],
      });
    }
    return undefined;
  });
  await renderPage(<TransactionsPage />, { route: '/transactions', path: '/transactions/:id?' });
  const rows = await screen.findAllByRole('row');
  expect(rows).toHaveLength(3);
  expect(within(rows[1]!).getByText('Betaald')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('iDEAL')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('Geannuleerd')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('PayPal')).toBeInTheDocument();
  expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '/transactions/7');
});

test('the premium line is shown for the first purchase only, not for a repeat order after it', async () => {
  const first = order({ id: 5, status: 'completed', completed_at: '2026-11-20T10:00:00Z' });
  const repeat = order({ id: 7, status: 'completed', completed_at: '2026-11-23T10:01:00Z', recurring: true });
  mockFetch((_request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse({ user: { paid_user: true, credits: 300 } });
    if (url.pathname === '/api/orders.php') return jsonResponse({ orders: [repeat, first] });
    if (url.pathname === '/api/order.php') {
      return jsonResponse({ order: url.searchParams.get('id') === '5' ? first : repeat });
    }
    return undefined;
  });
  const view = await renderPage(<TransactionsPage />, {
    route: '/transactions/7',
    path: '/transactions/:id?',
  });
  expect(await screen.findByText('Betaling geslaagd')).toBeInTheDocument();
  expect(screen.queryByText(/Je bent nu Premium-lid/)).not.toBeInTheDocument();
  view.unmount();
  await renderPage(<TransactionsPage />, { route: '/transactions/5', path: '/transactions/:id?' });
  expect(await screen.findByText(/Je bent nu Premium-lid/)).toBeInTheDocument();
});
