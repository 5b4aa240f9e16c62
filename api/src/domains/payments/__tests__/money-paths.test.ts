import { randomUUID } from 'node:crypto';
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
  type Member,
} from '../../../testing/payments';
import type { PaymentContext } from '../orders';

// Money paths (docs/adr/0027-money-reservations-and-record-before-call.md): where money and records could part ways. PGlite by default; with DATABASE_URL on
// PostgreSQL, where the 50 parallel requests really run at once. Ledger sum = balance after every test.
let t: TestContext;
beforeAll(async () => {
  t = await createPaymentsApp({ ddLimitCount: 2 });
});
afterEach(async () => {
  await expectLedgerConsistent(t);
});
afterAll(async () => {
  await t.close();
});

const orders = () => t.app.services.payments.orders;

/** What a route hands the service: the member, the site, no IP country, the origin. */
async function contextOf(m: Member): Promise<PaymentContext> {
  const user = (await t.app.services.users.load(m.id))!;
  const site = (await t.app.services.sites.byId(user.siteId))!;
  return { user, site, geoCountry: null, origin: 'http://localhost' };
}

function repeatOrder(m: Member, key = `key-${randomUUID()}`) {
  return t.call({
    method: 'POST',
    url: '/api/repeat-order.php',
    cookie: m.cookie,
    headers: { 'idempotency-key': key },
    payload: {},
  });
}

/** A member who bought once with `method` and `outcome` at the test checkout (a first payment: a mandate). */
async function paidWith(method: string, outcome = 'paid') {
  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const { order } = (await createOrder(t, m.cookie, { package_id: pkg.id, method })).json();
  await payAtProvider(t, order.payment_id, outcome);
  return { m, pkg, order: order as { id: number; payment_id: string } };
}

async function chargesAtProvider(orderIds: number[]) {
  const found = await rows<{ id: string }>(
    t.app.db,
    sql`SELECT id FROM test_provider_payments WHERE (metadata->>'orderId')::int = ANY(${`{${orderIds.join(',')}}`}::int[])`,
  );
  return found.length;
}

describe('1. a single-use code is reserved by one open or paid order', () => {
  test('50 orders at once with a code valid once: one order gets it, 49 answer 409 code_reserved', async () => {
    await t.app.db.execute(
      sql`INSERT INTO discount_codes (code, value_percentage, validity) VALUES ('RUSH50', 50, 'once')`,
    );
    // Five members, ten tabs each (the per-session limit of order.php is 30 per 10 minutes).
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => olderMember(t)));
    const { pkg } = await packageOf(t, members[0]!.cookie);
    const answers = await Promise.all(
      members.flatMap((m) =>
        Array.from({ length: 10 }, () =>
          createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code: 'RUSH50' }),
        ),
      ),
    );
    const made = answers.filter((r) => r.statusCode === 201);
    expect(made).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.json().error.code).toBe('code_reserved');
    const held = await rows(
      t.app.db,
      sql`SELECT id FROM orders WHERE discount_code = 'RUSH50' AND status IN ('pending', 'completed')`,
    );
    expect(held).toHaveLength(1);
    // Paid: redeemed once; the code stays used.
    await payAtProvider(t, made[0]!.json().order.payment_id, 'paid');
    const after = await createOrder(t, members[1]!.cookie, {
      package_id: pkg.id,
      method: 'ideal',
      code: 'RUSH50',
    });
    expect(after.json().error.code).toBe('code_used');
  });

  test('the welcome code in 20 parallel orders of one member: one order, released when it fails', async () => {
    const m = await olderMember(t);
    const { pkg } = await packageOf(t, m.cookie);
    const { code } = (
      await t.call({ method: 'GET', url: '/api/discountcode.php?welcome=true', cookie: m.cookie })
    ).json();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const open = answers.find((r) => r.statusCode === 201)!.json().order;
    await payAtProvider(t, open.payment_id, 'failed');
    const retry = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code });
    expect(retry.statusCode).toBe(201);
  });
});

describe('2. a charge is recorded before the provider is called', () => {
  test('the provider accepts and times out: the order stays open, reconciliation finds and credits it once', async () => {
    const { m, pkg } = await paidWith('creditcard', 'paid_timeout_later');
    const before = await state(t, m.id);
    const res = await repeatOrder(m);
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({ status: 'pending', payment_id: null });
    // Recorded before the call: the payment row with our key, no provider id yet.
    const row = await first<{ provider_id: string | null; idempotency_key: string }>(
      t.app.db,
      sql`SELECT provider_id, idempotency_key FROM payments WHERE order_id = ${order.id}`,
    );
    expect(row).toMatchObject({ provider_id: null, idempotency_key: expect.stringMatching(/^charge-/) });
    // The provider has it (accepted, collected) under the same key.
    const charged = await first<{ status: string; idempotency_key: string }>(
      t.app.db,
      sql`SELECT status, idempotency_key FROM test_provider_payments WHERE metadata->>'orderId' = ${String(order.id)}`,
    );
    expect(charged).toEqual({ status: 'paid', idempotency_key: row!.idempotency_key });
    await Promise.all([orders().reconcile(), orders().reconcile(), orders().reconcile()]);
    const after = await state(t, m.id);
    expect(after.credits).toBe(before.credits + pkg.credits);
    expect(after.purchases).toHaveLength(before.purchases.length + 1);
    const view = await t.call({ method: 'GET', url: `/api/order.php?id=${order.id}`, cookie: m.cookie });
    expect(view.json().order).toMatchObject({
      status: 'completed',
      payment_id: expect.stringMatching(/^tst_/),
    });
  });

  test('the webhook for an id we never stored attaches it to the recorded charge and credits once', async () => {
    const { m, pkg } = await paidWith('creditcard', 'paid_timeout_later');
    const before = await state(t, m.id);
    const { order } = (await repeatOrder(m)).json();
    const remote = await first<{ id: string }>(
      t.app.db,
      sql`SELECT id FROM test_provider_payments WHERE metadata->>'orderId' = ${String(order.id)}`,
    );
    const hooks = await Promise.all(Array.from({ length: 5 }, () => webhook(t, remote!.id)));
    expect(hooks.map((h) => h.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await state(t, m.id)).credits).toBe(before.credits + pkg.credits);
    // An id the provider does not know, or a payment of no recorded charge, is still a 404.
    expect((await webhook(t, 'tst_0000000000000000')).statusCode).toBe(404);
  });

  test('a charge that never reached the provider is failed an hour on, and its order releases nothing twice', async () => {
    const { m } = await paidWith('creditcard', 'paid_timeout_later');
    const { order } = (await repeatOrder(m)).json();
    // As if the call had never arrived: the provider has no such charge.
    await t.app.db.execute(
      sql`DELETE FROM test_provider_payments WHERE metadata->>'orderId' = ${String(order.id)}`,
    );
    await orders().reconcile();
    expect(
      (await first<{ status: string }>(t.app.db, sql`SELECT status FROM orders WHERE id = ${order.id}`))!
        .status,
    ).toBe('pending');
    await t.app.db.execute(
      sql`UPDATE payments SET created_at = now() - interval '2 hours', next_check_at = now() WHERE order_id = ${order.id}`,
    );
    await orders().reconcile();
    const ended = await first<{ o: string; p: string }>(
      t.app.db,
      sql`SELECT o.status AS o, p.status AS p FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.id = ${order.id}`,
    );
    expect(ended).toEqual({ o: 'failed', p: 'failed' });
  });
});

describe('9. the test provider rehearses lost and late webhooks', () => {
  test('"paid, webhook lost": nothing credited until reconciliation, then once', async () => {
    const m = await olderMember(t);
    const { pkg } = await packageOf(t, m.cookie);
    const { order } = (await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal' })).json();
    const before = await state(t, m.id);
    await payAtProvider(t, order.payment_id, 'paid_webhook_lost');
    expect(await state(t, m.id)).toEqual(before);
    await t.app.db.execute(sql`UPDATE payments SET next_check_at = now() WHERE order_id = ${order.id}`);
    await Promise.all([orders().reconcile(), orders().reconcile()]);
    expect((await state(t, m.id)).credits).toBe(before.credits + pkg.credits);
  });
});

describe('3. refunds happen once', () => {
  test('50 refunds of one order at once: one provider refund with its id stored, 49 answer 409', async () => {
    const { m, pkg, order } = await paidWith('creditcard');
    const before = await state(t, m.id);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        orders().refund(order.id, { refundDays: 14, requestedBy: i % 2 ? 'staff:1' : 'command' }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 409, code: 'refund_in_progress' });
    const atProvider = await rows<{ id: string }>(
      t.app.db,
      sql`SELECT id FROM test_provider_refunds WHERE payment_id = ${order.payment_id}`,
    );
    expect(atProvider).toHaveLength(1);
    const stored = await rows<{ provider_refund_id: string; status: string }>(
      t.app.db,
      sql`SELECT provider_refund_id, status FROM payment_refunds WHERE order_id = ${order.id}`,
    );
    expect(stored).toEqual([{ provider_refund_id: atProvider[0]!.id, status: 'refunded' }]);
    expect((await state(t, m.id)).credits).toBe(before.credits - pkg.credits);
  });

  test('the audit row commits with the refund: a failing audit leaves no reversal (and the key is reused)', async () => {
    const { m, order } = await paidWith('creditcard');
    const before = await state(t, m.id);
    await expect(
      orders().refund(order.id, {
        refundDays: 14,
        requestedBy: 'test',
        // The audit row refused by the database: a staff id no staff account has (foreign key).
        audit: { actor: { id: 999_999_999, name: 'nobody', ip: null }, details: {} },
      }),
    ).rejects.toThrow(/staff_audit/);
    // The provider refunded; our reversal rolled back with the audit: the credits are still there…
    expect((await state(t, m.id)).credits).toBe(before.credits);
    // …and reconciliation (the provider reports the refund) takes them back once, as for a dashboard refund.
    await t.app.db.execute(sql`UPDATE payments SET next_check_at = now() WHERE order_id = ${order.id}`);
    await orders().reconcile();
    expect(
      (await first<{ status: string }>(t.app.db, sql`SELECT status FROM orders WHERE id = ${order.id}`))!
        .status,
    ).toBe('refunded');
  });
});

describe('4. a chargeback ends the mandate and premium bought by that purchase', () => {
  test('the only purchase charged back: premium removed, mandate ended, repeat order refused with the reason', async () => {
    const { m, order } = await paidWith('creditcard');
    expect((await state(t, m.id)).paid_user).toBe(true);
    await t.app.services.payments.testProvider.chargeback(order.payment_id);
    expect((await state(t, m.id)).paid_user).toBe(false);
    const mandate = await first<{ status: string; ended_reason: string }>(
      t.app.db,
      sql`SELECT status, ended_reason FROM payment_mandates WHERE user_id = ${m.id}`,
    );
    expect(mandate).toEqual({ status: 'invalid', ended_reason: 'chargeback' });
    const res = await repeatOrder(m);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'premium_removed_chargeback',
      message: 'Je premium lidmaatschap is beëindigd omdat je betaling is teruggeboekt.',
    });
  });

  test('a charged-back repeat charge: premium stays (another purchase is completed), the mandate is ended', async () => {
    const { m } = await paidWith('creditcard');
    const repeat = (await repeatOrder(m)).json().order;
    expect(repeat.status).toBe('completed');
    await t.app.services.payments.testProvider.chargeback(repeat.payment_id);
    expect((await state(t, m.id)).paid_user).toBe(true);
    const res = await repeatOrder(m);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('mandate_charged_back');
  });
});

describe('5. status writes are monotonic; the order is the reference', () => {
  test('a late "open" after "paid" changes nothing: the payment stays completed and refundable', async () => {
    const { m, order } = await paidWith('creditcard');
    const paid = await state(t, m.id);
    await t.app.db.execute(
      sql`UPDATE test_provider_payments SET status = 'open' WHERE id = ${order.payment_id}`,
    );
    expect((await webhook(t, order.payment_id)).statusCode).toBe(200);
    const row = await first<{ p: string; o: string }>(
      t.app.db,
      sql`SELECT p.status AS p, o.status AS o FROM payments p JOIN orders o ON o.id = p.order_id
          WHERE p.provider_id = ${order.payment_id}`,
    );
    expect(row).toEqual({ p: 'completed', o: 'completed' });
    expect(await state(t, m.id)).toEqual(paid);
  });

  test('a payment without our order reference, or with another amount than the order, is never credited', async () => {
    const a = await paidWith('ideal', 'open');
    const b = await paidWith('ideal', 'open');
    const before = await Promise.all([state(t, a.m.id), state(t, b.m.id)]);
    await t.app.db.execute(
      sql`UPDATE test_provider_payments SET metadata = '{}'::jsonb WHERE id = ${a.order.payment_id}`,
    );
    // The stored payment copy agrees with the provider, but the order's own price does not.
    await t.app.db.execute(
      sql`UPDATE test_provider_payments SET amount = amount + 100 WHERE id = ${b.order.payment_id}`,
    );
    await t.app.db.execute(
      sql`UPDATE payments SET amount = amount + 100 WHERE provider_id = ${b.order.payment_id}`,
    );
    await payAtProvider(t, a.order.payment_id, 'paid');
    await payAtProvider(t, b.order.payment_id, 'paid');
    expect(await state(t, a.m.id)).toEqual(before[0]);
    expect(await state(t, b.m.id)).toEqual(before[1]);
  });
});

describe('6. one charge per idempotency key; the webhook is rate-limited', () => {
  test('repeat-order without a key is refused; the same key twice answers the same order', async () => {
    const { m, pkg } = await paidWith('creditcard');
    const none = await t.call({
      method: 'POST',
      url: '/api/repeat-order.php',
      cookie: m.cookie,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('idempotency_key_required');
    const before = await state(t, m.id);
    const key = `key-${randomUUID()}`;
    const first1 = await repeatOrder(m, key);
    const again = await repeatOrder(m, key);
    expect(again.json().order.id).toBe(first1.json().order.id);
    expect((await state(t, m.id)).credits).toBe(before.credits + pkg.credits);
  });

  onPostgres(
    '50 repeat orders at once with one key: one order, one charge at the provider, credited once',
    async () => {
      const { m, pkg } = await paidWith('creditcard');
      const ctx = await contextOf(m);
      const before = await state(t, m.id);
      const key = `key-${randomUUID()}`;
      const answers = await Promise.all(Array.from({ length: 50 }, () => orders().repeat(ctx, key)));
      const ids = new Set(answers.map((o) => o.id));
      expect(ids.size).toBe(1);
      expect(await chargesAtProvider([...ids])).toBe(1);
      expect((await state(t, m.id)).credits).toBe(before.credits + pkg.credits);
    },
  );

  test('the webhook: past 10 calls a minute for one payment id, 429 rate_limited', async () => {
    const { order } = await paidWith('creditcard');
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await webhook(t, order.payment_id)).statusCode);
    expect(codes.slice(0, 9).every((c) => c === 200)).toBe(true);
    expect(codes.slice(-2)).toEqual([429, 429]);
    const limited = await webhook(t, order.payment_id);
    expect(limited.json().error.code).toBe('rate_limited');
  });
});

describe('7. mandates record their real type; SEPA limits apply to every SEPA charge', () => {
  test('a first iDEAL payment leaves a direct-debit mandate; its repeat charges are direct debits under the limit', async () => {
    const { m } = await paidWith('ideal');
    const mandate = await first<{ method: string }>(
      t.app.db,
      sql`SELECT method FROM payment_mandates WHERE user_id = ${m.id}`,
    );
    expect(mandate!.method).toBe('directdebit');
    const info = await t.call({ method: 'GET', url: '/api/repeat-order.php', cookie: m.cookie });
    expect(info.json()).toMatchObject({ available: true, method: 'directdebit' });
    // DD_LIMIT_COUNT is 2 here: two SEPA charges, then the limit.
    const a = await repeatOrder(m);
    const b = await repeatOrder(m);
    expect([a.json().order.method, b.json().order.method]).toEqual(['sdd', 'sdd']);
    const c = await repeatOrder(m);
    expect(c.statusCode).toBe(429);
    expect(c.json().error.code).toBe('dd_limit');
    // A block applies too.
    await t.app.db.execute(sql`INSERT INTO direct_debit_blocks (user_id, reason) VALUES (${m.id}, 'test')`);
    const blocked = await repeatOrder(m);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('dd_blocked');
  });
});

describe('8. SMS codes', () => {
  const PHONE = '+31687654321';
  const IBAN = 'NL91 ABNA 0417 1643 00';
  const send = (m: Member, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/directdebit-code.php', cookie: m.cookie, payload });
  const outbox = async (to: string) => rows(t.app.db, sql`SELECT id FROM sms_outbox WHERE to_phone = ${to}`);

  test('no code before the IBAN and holder pass; only mobile numbers of the site’s countries', async () => {
    const m = await olderMember(t);
    const badIban = await send(m, {
      phone: PHONE,
      iban: 'NL91 ABNA 0417 1643 01',
      account_holder: 'J. Jansen',
    });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json().error).toMatchObject({ code: 'iban_invalid', message: 'Ongeldig IBAN-nummer.' });
    const noHolder = await send(m, { phone: PHONE, iban: IBAN, account_holder: ' ' });
    expect(noHolder.json().error.code).toBe('account_holder_invalid');
    for (const phone of ['+31201234567', '+12025550123', '+883123456789']) {
      const res = await send(m, { phone, iban: IBAN, account_holder: 'J. Jansen' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'sms_phone_invalid', field: 'phone' });
    }
    expect(await outbox(PHONE)).toHaveLength(0);
    const ok = await send(m, { phone: '06 8765 4321', iban: IBAN, account_holder: 'J. Jansen' });
    expect(ok.statusCode).toBe(200);
    expect(await outbox(PHONE)).toHaveLength(1);
  });

  test('50 requests at once for one member: one code sent; the daily caps per member and per number', async () => {
    const m = await olderMember(t);
    const phone = '+31611112222';
    const ctx = await contextOf(m);
    const burst = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        t.app.services.payments.directDebit.sendCode(ctx, { phone, iban: IBAN, account_holder: 'J. Jansen' }),
      ),
    );
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await outbox(phone)).toHaveLength(1);
    // Past the 30-second window, up to 5 a day per member…
    for (let i = 0; i < 4; i++) {
      await t.app.db.execute(
        sql`UPDATE direct_debit_codes SET created_at = created_at - interval '1 minute' WHERE user_id = ${m.id}`,
      );
      await t.app.services.payments.directDebit.sendCode(ctx, {
        phone,
        iban: IBAN,
        account_holder: 'J. Jansen',
      });
    }
    await t.app.db.execute(
      sql`UPDATE direct_debit_codes SET created_at = created_at - interval '1 minute' WHERE user_id = ${m.id}`,
    );
    const capped = await send(m, { phone, iban: IBAN, account_holder: 'J. Jansen' });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().error.code).toBe('sms_daily_limit');
    // …and 5 a day per number, whichever member asks.
    const other = await olderMember(t);
    const toSameNumber = await send(other, { phone, iban: IBAN, account_holder: 'J. Jansen' });
    expect(toSameNumber.statusCode).toBe(429);
    expect(toSameNumber.json().error.code).toBe('sms_daily_limit');
    expect(await outbox(phone)).toHaveLength(5);
  });

  test('reversals of SEPA payments are looked for 13 months, of card payments 60 days', async () => {
    const sepa = await paidWith('ideal');
    const card = await paidWith('creditcard');
    const sepaRepeat = (await repeatOrder(sepa.m)).json().order;
    for (const id of [sepaRepeat.id, card.order.id]) {
      await t.app.db.execute(
        sql`UPDATE orders SET completed_at = now() - interval '200 days' WHERE id = ${id}`,
      );
      await t.app.db.execute(
        sql`UPDATE payments SET next_check_at = now() - interval '1 second' WHERE order_id = ${id}`,
      );
    }
    const checks = async () =>
      Object.fromEntries(
        (
          await rows<{ order_id: number; checks: number }>(
            t.app.db,
            sql`SELECT order_id, checks FROM payments WHERE order_id IN (${sepaRepeat.id}, ${card.order.id})`,
          )
        ).map((r) => [r.order_id, r.checks]),
      );
    const before = await checks();
    await orders().reconcile(1000);
    const after = await checks();
    expect(after[sepaRepeat.id]).toBe((before[sepaRepeat.id] ?? 0) + 1);
    expect(after[card.order.id]).toBe(before[card.order.id]);
  });
});
