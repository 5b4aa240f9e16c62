import { sql } from 'drizzle-orm';
import { first, rows } from '../../../db/sql';
import type { TestContext } from '../../../testing/helpers';
import {
  createOrder,
  createPaymentsApp,
  expectLedgerConsistent,
  olderMember,
  onPostgres,
  packageOf,
  payAtProvider,
  state,
  webhook,
} from '../../../testing/payments';

// Refunds and chargebacks made at the provider whose webhook never arrives: the reconciliation job re-checks
// completed payments and takes the purchase back exactly once. PGlite by default, PostgreSQL with DATABASE_URL.
let t: TestContext;
beforeAll(async () => {
  t = await createPaymentsApp({ reversalDays: 60, reversalCheckSeconds: 3600 });
});
afterAll(async () => {
  await expectLedgerConsistent(t);
  await t.close();
});

async function paidOrder() {
  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const res = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'creditcard' });
  expect(res.statusCode).toBe(201);
  const order = res.json().order as { id: number; payment_id: string };
  expect((await payAtProvider(t, order.payment_id, 'paid')).statusCode).toBe(303);
  return { m, pkg, order };
}

/** Makes the completed payments of these orders due for their next reconciliation check. */
async function due(...orderIds: number[]) {
  for (const id of orderIds) {
    await t.app.db.execute(
      sql`UPDATE payments SET next_check_at = now() - interval '1 second' WHERE order_id = ${id}`,
    );
  }
}

async function orderRow(id: number) {
  return first<{ status: string; refunded_credits: number; refund_shortfall: number }>(
    t.app.db,
    sql`SELECT status, refunded_credits, refund_shortfall FROM orders WHERE id = ${id}`,
  );
}

async function refundRows(userId: number) {
  return rows<{ amount: number; ref: string }>(
    t.app.db,
    sql`SELECT amount, ref FROM credit_ledger WHERE user_id = ${userId} AND kind = 'refund' ORDER BY id`,
  );
}

test('a completed payment is first re-checked after the reversal interval, not at once', async () => {
  const { order } = await paidOrder();
  const next = await first<{ in_s: number }>(
    t.app.db,
    sql`SELECT extract(epoch FROM next_check_at - now())::float8 AS in_s FROM payments WHERE order_id = ${order.id}`,
  );
  expect(next!.in_s).toBeGreaterThan(3000);
});

test('a chargeback whose webhook was lost: reconciliation takes the credits back and shows it', async () => {
  const { m, pkg, order } = await paidOrder();
  const paid = await state(t, m.id);
  await t.app.services.payments.testProvider.chargeback(order.payment_id, { webhook: false });
  // Nothing known yet: no webhook came.
  expect((await state(t, m.id)).credits).toBe(paid.credits);
  expect((await orderRow(order.id))!.status).toBe('completed');

  await due(order.id);
  expect(await t.app.services.payments.orders.reconcile(1000)).toBeGreaterThan(0);
  expect((await state(t, m.id)).credits).toBe(paid.credits - pkg.credits);
  expect(await orderRow(order.id)).toEqual({
    status: 'charged_back',
    refunded_credits: pkg.credits,
    refund_shortfall: 0,
  });
  expect(await refundRows(m.id)).toEqual([{ amount: -pkg.credits, ref: `order:${order.id}` }]);
  // The member sees it in the transactions.
  const view = await t.call({ method: 'GET', url: `/api/order.php?id=${order.id}`, cookie: m.cookie });
  expect(view.json().order).toMatchObject({ status: 'charged_back', refunded_credits: pkg.credits });

  // The webhook arriving late, and the next reconciliation, change nothing.
  await webhook(t, order.payment_id);
  await due(order.id);
  await t.app.services.payments.orders.reconcile(1000);
  expect(await refundRows(m.id)).toHaveLength(1);
});

test('a refund made in the provider’s dashboard: spent credits are not taken below zero, the shortfall is kept', async () => {
  const { m, pkg, order } = await paidOrder();
  const paid = await state(t, m.id);
  // The member spent all but 3 credits before the refund.
  await t.app.services.credits.debit({
    userId: m.id,
    amount: paid.credits - 3,
    kind: 'message',
    ref: 'spent',
  });
  await t.app.services.payments.testProvider.refundAtProvider(order.payment_id, { webhook: false });
  await due(order.id);
  await t.app.services.payments.orders.reconcile(1000);
  const s = await state(t, m.id);
  expect(s.credits).toBe(0);
  expect(s.ledgerSum).toBe(0);
  expect(await orderRow(order.id)).toEqual({
    status: 'refunded',
    refunded_credits: 3,
    refund_shortfall: pkg.credits - 3,
  });
  // Our own refund command then finds nothing left to refund.
  await expect(
    t.app.services.payments.orders.refund(order.id, { refundDays: 14, requestedBy: 'test' }),
  ).rejects.toMatchObject({ status: 409, code: 'refund_unavailable' });
});

test('a payment completed longer ago than the reversal window is not asked about again', async () => {
  const { m, order } = await paidOrder();
  const paid = await state(t, m.id);
  await t.app.services.payments.testProvider.chargeback(order.payment_id, { webhook: false });
  await t.app.db.execute(
    sql`UPDATE orders SET completed_at = now() - interval '61 days' WHERE id = ${order.id}`,
  );
  await due(order.id);
  await t.app.services.payments.orders.reconcile(1000);
  expect((await state(t, m.id)).credits).toBe(paid.credits);
  expect((await orderRow(order.id))!.status).toBe('completed');
  // The provider's webhook still reaches it.
  await webhook(t, order.payment_id);
  expect((await orderRow(order.id))!.status).toBe('charged_back');
});

test('the test provider’s hosted page: refund at the provider, as a PSP reports it (webhook)', async () => {
  const { m, pkg, order } = await paidOrder();
  const paid = await state(t, m.id);
  const page = await t.app.inject({
    method: 'GET',
    url: `/pay/test/${order.payment_id}`,
    headers: { 'accept-language': 'nl' },
  });
  expect(page.body).toContain('Terugbetalen bij de provider');
  expect(page.body).toContain('Terugboeken (chargeback)');
  expect((await payAtProvider(t, order.payment_id, 'refund')).statusCode).toBe(303);
  expect((await state(t, m.id)).credits).toBe(paid.credits - pkg.credits);
  expect((await orderRow(order.id))!.status).toBe('refunded');
  // Refunded: no further actions offered, a chargeback after it is refused by the "provider".
  const after = await t.app.inject({ method: 'GET', url: `/pay/test/${order.payment_id}` });
  expect(after.body).not.toContain('value="chargeback"');
  await payAtProvider(t, order.payment_id, 'chargeback');
  expect((await orderRow(order.id))!.status).toBe('refunded');
  expect(await refundRows(m.id)).toHaveLength(1);
});

onPostgres(
  '50 reconciliation runs, webhooks and status fetches at once take a lost chargeback back exactly once',
  async () => {
    const made = await Promise.all(Array.from({ length: 4 }, () => paidOrder()));
    const before = await Promise.all(made.map(({ m }) => state(t, m.id)));
    for (const { order } of made) {
      await t.app.services.payments.testProvider.chargeback(order.payment_id, { webhook: false });
    }
    await due(...made.map(({ order }) => order.id));
    await Promise.all([
      ...Array.from({ length: 50 }, () => t.app.services.payments.orders.reconcile(1000)),
      ...made.flatMap(({ order }) => [
        ...Array.from({ length: 5 }, () => webhook(t, order.payment_id)),
        ...Array.from({ length: 5 }, () => t.app.services.payments.orders.settle(order.payment_id)),
      ]),
    ]);
    for (const [i, { m, pkg, order }] of made.entries()) {
      expect(await refundRows(m.id)).toEqual([{ amount: -pkg.credits, ref: `order:${order.id}` }]);
      expect((await state(t, m.id)).credits).toBe(before[i]!.credits - pkg.credits);
      expect((await orderRow(order.id))!.status).toBe('charged_back');
    }
  },
);
