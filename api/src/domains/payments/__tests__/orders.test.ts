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
  paidWithoutWebhook,
  payAtProvider,
  state,
  webhook,
} from '../../../testing/payments';
import { eventually } from '../../../testing/eventually';

// Orders through the built-in test provider: PGlite by default, PostgreSQL (real concurrency) with DATABASE_URL.
let t: TestContext;
beforeAll(async () => {
  t = await createPaymentsApp();
});
afterAll(async () => {
  await expectLedgerConsistent(t);
  await t.close();
});

async function paidOrder(method = 'ideal') {
  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const res = await createOrder(t, m.cookie, { package_id: pkg.id, method });
  expect(res.statusCode).toBe(201);
  const { order } = res.json();
  return { m, pkg, order: order as { id: number; payment_id: string } };
}

test('buying through the test checkout credits the package once, makes the member premium and shows it', async () => {
  const m = await olderMember(t);
  const { pkg, methods, currency } = await packageOf(t, m.cookie);
  expect(methods).toEqual(['ideal', 'creditcard', 'paypal', 'sdd', 'sct', 'applepay']);
  expect(currency).toBe('EUR');
  const before = await state(t, m.id);

  const res = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', return: '/chats/1' });
  expect(res.statusCode).toBe(201);
  const { order, checkout_url } = res.json();
  expect(order).toMatchObject({
    status: 'pending',
    credits: pkg.credits,
    amount: pkg.price,
    method: 'ideal',
  });
  expect(checkout_url).toBe(`/pay/test/${order.payment_id}`);

  const page = await t.app.inject({ method: 'GET', url: checkout_url, headers: { 'accept-language': 'nl' } });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Testbetaling');
  expect(page.body).toContain('€');
  expect(page.body).toContain('<dd>iDEAL</dd>');

  const paid = await payAtProvider(t, order.payment_id, 'paid');
  expect(paid.statusCode).toBe(303);
  expect(paid.headers.location).toMatch(new RegExp(`/transactions/${order.id}\\?return=%2Fchats%2F1$`));

  const after = await state(t, m.id);
  expect(after.credits).toBe(before.credits + pkg.credits);
  expect(after.paid_user).toBe(true);
  expect(after.purchases).toEqual([{ amount: pkg.credits, ref: `order:${order.id}` }]);
  const view = await t.call({ method: 'GET', url: `/api/order.php?id=${order.id}`, cookie: m.cookie });
  expect(view.json().order).toMatchObject({ status: 'completed', payment_id: order.payment_id });
  const user = await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie });
  expect(user.json().user).toMatchObject({ paid_user: true, credits: after.credits });
  const list = await t.call({ method: 'GET', url: '/api/orders.php', cookie: m.cookie });
  expect(list.json().orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
});

test("the test checkout names the payment method in the payer's language, not by its code", async () => {
  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const { checkout_url } = (
    await createOrder(t, m.cookie, { package_id: pkg.id, method: 'creditcard' })
  ).json();
  const page = async (language: string) =>
    (await t.app.inject({ method: 'GET', url: checkout_url, headers: { 'accept-language': language } })).body;
  expect(await page('nl')).toContain('<dd>Creditcard</dd>');
  expect(await page('de')).toContain('<dd>Kreditkarte</dd>');
  expect(await page('fr')).toContain('<dd>Carte bancaire</dd>');
});

test('amount, currency and credits sent by the client are ignored: the server prices the order', async () => {
  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const res = await createOrder(t, m.cookie, {
    package_id: pkg.id,
    method: 'creditcard',
    amount: 1,
    currency: 'PLN',
    credits: 100000,
  });
  expect(res.statusCode).toBe(201);
  const { order } = res.json();
  expect(order).toMatchObject({ amount: pkg.price, credits: pkg.credits });
  const stored = await first<{ amount: number }>(
    t.app.db,
    sql`SELECT amount FROM test_provider_payments WHERE id = ${order.payment_id}`,
  );
  expect(stored!.amount).toBe(pkg.price.amount);
});

test('a package of another currency or site, an unknown package and a method not offered here are refused', async () => {
  const m = await olderMember(t);
  const count = async () =>
    Number((await first<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM orders`))!.n);
  const before = await count();
  const gbp = await first<{ id: number }>(
    t.app.db,
    sql`SELECT id FROM credit_packages WHERE currency = 'GBP' LIMIT 1`,
  );
  const otherSite = await first<{ id: number }>(
    t.app.db,
    sql`INSERT INTO credit_packages (site_id, currency, credits, amount, tier)
        VALUES ((SELECT id FROM sites WHERE host <> 'localhost' ORDER BY id LIMIT 1), 'EUR', 10, 100, 0) RETURNING id`,
  );
  for (const id of [gbp!.id, otherSite!.id, 999999]) {
    const res = await createOrder(t, m.cookie, { package_id: id, method: 'ideal' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'package_unavailable',
      message: 'Dit pakket is niet beschikbaar.',
      field: 'package_id',
    });
  }
  const { pkg } = await packageOf(t, m.cookie);
  const blik = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'blik' });
  expect(blik.statusCode).toBe(400);
  expect(blik.json().error).toMatchObject({
    code: 'method_unavailable',
    message: 'Deze betaalmethode is in jouw land niet beschikbaar.',
  });
  const en = await t.call({
    method: 'POST',
    url: '/api/order.php',
    cookie: m.cookie,
    headers: { 'accept-language': 'en' },
    payload: { package_id: pkg.id, method: 'blik' },
  });
  expect(en.statusCode).toBe(400);
  expect(await count()).toBe(before);
  const visitor = await t.call({
    method: 'POST',
    url: '/api/order.php',
    payload: { package_id: pkg.id, method: 'ideal' },
  });
  expect(visitor.statusCode).toBe(403);
});

test('failed, cancelled and expired payments end the order without credits; pending stays open', async () => {
  for (const [outcome, status] of [
    ['failed', 'failed'],
    ['canceled', 'cancelled'],
    ['expired', 'expired'],
    ['open', 'pending'],
  ] as const) {
    const { m, order } = await paidOrder();
    const before = await state(t, m.id);
    const res = await payAtProvider(t, order.payment_id, outcome);
    expect(res.statusCode).toBe(303);
    const view = await t.call({ method: 'GET', url: `/api/order.php?id=${order.id}`, cookie: m.cookie });
    expect(view.json().order.status).toBe(status);
    expect(await state(t, m.id)).toEqual(before);
  }
});

test('the webhook for an unknown id, and an order of another member, change nothing', async () => {
  const unknown = await webhook(t, 'tst_0000000000000000');
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json().error.code).toBe('not_found');
  const { order } = await paidOrder();
  const stranger = await olderMember(t);
  const peek = await t.call({ method: 'GET', url: `/api/order.php?id=${order.id}`, cookie: stranger.cookie });
  expect(peek.statusCode).toBe(404);
  const bad = await t.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'id=../../etc',
  });
  expect(bad.statusCode).toBe(400);
});

test('the webhook body is never trusted: a "paid" claim for an open payment credits nothing', async () => {
  const { m, order } = await paidOrder();
  const before = await state(t, m.id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${order.payment_id}&status=paid&amount=1`,
  });
  expect(res.statusCode).toBe(200);
  expect(await state(t, m.id)).toEqual(before);
});

test('a provider payment whose amount differs from the order is never credited', async () => {
  const { m, order } = await paidOrder();
  const before = await state(t, m.id);
  await t.app.db.execute(
    sql`UPDATE test_provider_payments SET amount = 1, status = 'paid' WHERE id = ${order.payment_id}`,
  );
  await webhook(t, order.payment_id);
  expect(await state(t, m.id)).toEqual(before);
  const row = await first<{ status: string }>(
    t.app.db,
    sql`SELECT status FROM orders WHERE id = ${order.id}`,
  );
  expect(row!.status).toBe('pending');
});

test('webhook replayed 10 times at once, return page polls and reconciliation: credited exactly once', async () => {
  const { m, pkg, order } = await paidOrder();
  const before = await state(t, m.id);
  await paidWithoutWebhook(t, order.payment_id);
  const results = await Promise.all([
    ...Array.from({ length: 10 }, () => webhook(t, order.payment_id)),
    ...Array.from({ length: 5 }, () =>
      t.call({ method: 'GET', url: `/api/order.php?id=${order.id}`, cookie: m.cookie }),
    ),
    t.app.services.payments.orders.reconcile(),
  ]);
  expect(results.slice(0, 15).every((r) => (r as { statusCode: number }).statusCode === 200)).toBe(true);
  const after = await state(t, m.id);
  expect(after.credits).toBe(before.credits + pkg.credits);
  expect(after.purchases).toHaveLength(1);
  // Replays after the fact change nothing either.
  await webhook(t, order.payment_id);
  expect((await state(t, m.id)).credits).toBe(after.credits);
});

test('every webhook lost: the reconciliation job credits a paid payment', async () => {
  const { m, pkg, order } = await paidOrder();
  const before = await state(t, m.id);
  await paidWithoutWebhook(t, order.payment_id);
  await t.app.db.execute(sql`UPDATE payments SET next_check_at = now() - interval '1 second'`);
  const claimed = await t.app.services.payments.orders.reconcile(1000);
  expect(claimed).toBeGreaterThan(0);
  expect((await state(t, m.id)).credits).toBe(before.credits + pkg.credits);
  const next = await first<{ next_check_at: string }>(
    t.app.db,
    sql`SELECT next_check_at FROM payments WHERE provider_id = ${order.payment_id}`,
  );
  expect(new Date(next!.next_check_at).getTime()).toBeGreaterThan(Date.now());
});

onPostgres(
  'two reconciliation runs at once (two nodes) claim disjoint payments and credit each once',
  async () => {
    const made = await Promise.all(Array.from({ length: 6 }, () => paidOrder()));
    for (const { order } of made) await paidWithoutWebhook(t, order.payment_id);
    await t.app.db.execute(
      sql`UPDATE payments SET next_check_at = now() - interval '1 second' WHERE status = 'pending'`,
    );
    const [a, b] = await Promise.all([
      t.app.services.payments.orders.reconcile(1000),
      t.app.services.payments.orders.reconcile(1000),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(6);
    for (const { m, pkg } of made) {
      const s = await state(t, m.id);
      expect(s.purchases).toEqual([expect.objectContaining({ amount: pkg.credits })]);
    }
  },
);

test('an order row cannot change its amount or credits, nor be credited twice (database guard)', async () => {
  const { order } = await paidOrder();
  await expect(t.app.db.execute(sql`UPDATE orders SET amount = 1 WHERE id = ${order.id}`)).rejects.toThrow();
  await payAtProvider(t, order.payment_id, 'paid');
  await expect(
    t.app.db.execute(sql`UPDATE orders SET credited_at = now() + interval '1 day' WHERE id = ${order.id}`),
  ).rejects.toThrow();
});

test('a refund within refund_days takes the credits back; spent credits are recorded as the shortfall', async () => {
  const { m, pkg, order } = await paidOrder('creditcard');
  await payAtProvider(t, order.payment_id, 'paid');
  const paid = await state(t, m.id);
  await t.app.services.credits.debit({
    userId: m.id,
    amount: paid.credits - 5,
    kind: 'message',
    ref: 'spent',
  });
  const result = await t.app.services.payments.orders.refund(order.id, {
    refundDays: 14,
    requestedBy: 'test',
  });
  expect(result).toMatchObject({ taken: 5, shortfall: pkg.credits - 5 });
  const s = await state(t, m.id);
  expect(s.credits).toBe(0);
  const view = await t.call({ method: 'GET', url: `/api/order.php?id=${order.id}`, cookie: m.cookie });
  expect(view.json().order).toMatchObject({
    status: 'refunded',
    refunded_credits: 5,
    refund_shortfall: pkg.credits - 5,
  });
  // A second refund of the same order: a precise 409, the provider is not asked again.
  await expect(
    t.app.services.payments.orders.refund(order.id, { refundDays: 14, requestedBy: 'test' }),
  ).rejects.toMatchObject({ status: 409, code: 'refund_in_progress' });

  const late = await paidOrder('creditcard');
  await payAtProvider(t, late.order.payment_id, 'paid');
  await expect(
    t.app.services.payments.orders.refund(late.order.id, {
      refundDays: 14,
      requestedBy: 'test',
      now: new Date(Date.now() + 15 * 86_400_000),
    }),
  ).rejects.toMatchObject({ status: 409, code: 'refund_window', params: { days: 14 } });
});

test('a chargeback reported by the provider reverses the purchase', async () => {
  const { m, pkg, order } = await paidOrder('creditcard');
  await payAtProvider(t, order.payment_id, 'paid');
  const paid = await state(t, m.id);
  await t.app.services.payments.testProvider.chargeback(order.payment_id);
  const s = await state(t, m.id);
  expect(s.credits).toBe(paid.credits - pkg.credits);
  const row = await first<{ status: string }>(
    t.app.db,
    sql`SELECT status FROM orders WHERE id = ${order.id}`,
  );
  expect(row!.status).toBe('charged_back');
  const refunds = await rows(
    t.app.db,
    sql`SELECT 1 FROM credit_ledger WHERE user_id = ${m.id} AND kind = 'refund'`,
  );
  expect(refunds).toHaveLength(1);
});

test('after crediting, the member gets a counters live event with the new balance and premium', async () => {
  const { m, pkg, order } = await paidOrder();
  const events: unknown[] = [];
  const off = t.app.services.live.subscribe(m.id, (event) => events.push(event));
  const before = await state(t, m.id);
  await payAtProvider(t, order.payment_id, 'paid');
  // With Redis the event comes back through it, a moment after the webhook's answer.
  await eventually(() => events.length > 0);
  off();
  expect(events).toEqual([
    {
      type: 'counters',
      unread_messages: 0,
      new_likes: 0,
      credits: before.credits + pkg.credits,
      paid_user: true,
    },
  ]);
});

test('an order whose payment was never created is failed by the reconciliation after an hour', async () => {
  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const stale = await first<{ id: number }>(
    t.app.db,
    sql`INSERT INTO orders (user_id, package_id, credits, amount, currency, payment_method, created_at)
        VALUES (${m.id}, ${pkg.id}, ${pkg.credits}, ${pkg.price.amount}, 'EUR', 'ideal', now() - interval '2 hours')
        RETURNING id`,
  );
  const fresh = await first<{ id: number }>(
    t.app.db,
    sql`INSERT INTO orders (user_id, package_id, credits, amount, currency, payment_method)
        VALUES (${m.id}, ${pkg.id}, ${pkg.credits}, ${pkg.price.amount}, 'EUR', 'ideal') RETURNING id`,
  );
  await t.app.services.payments.orders.reconcile();
  const statuses = await rows<{ id: number; status: string }>(
    t.app.db,
    sql`SELECT id, status FROM orders WHERE id IN (${stale!.id}, ${fresh!.id}) ORDER BY id`,
  );
  expect(statuses).toEqual([
    { id: stale!.id, status: 'failed' },
    { id: fresh!.id, status: 'pending' },
  ]);
});
