import http, { createServer, type IncomingMessage, type Server } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import {
  createOrder,
  expectLedgerConsistent,
  olderMember,
  packageOf,
  state,
  webhook,
} from '../../../testing/payments';
import { paymentsConfigFromEnv } from '../config';

/**
 * A local stand-in for Mollie's Payments API v2 (documented requests and answers: payments with redirect and
 * webhook URLs, customers, first/recurring sequence types, mandates, refunds). No network beyond 127.0.0.1.
 */
interface Recorded {
  method: string;
  path: string;
  auth: string | undefined;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}
type Json = Record<string, unknown>;

function standIn() {
  const requests: Recorded[] = [];
  const payments = new Map<string, Json>();
  const mandates = new Map<string, Json>();
  /** Mollie answers a repeated Idempotency-Key with the first answer. */
  const byKey = new Map<string, string>();
  /** An outage after accepting: new payments are created, and every answer is a 503. */
  let outage = false;
  let seq = 0;
  let base = '';
  const next = (prefix: string) => `${prefix}_${(++seq).toString(36).padStart(10, 'x')}`;

  async function read(req: IncomingMessage): Promise<Json> {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text ? (JSON.parse(text) as Json) : {};
  }
  function payment(p: Json) {
    return {
      resource: 'payment',
      mode: 'test',
      createdAt: new Date().toISOString(),
      amountRefunded: { value: '0.00', currency: (p.amount as Json).currency },
      ...p,
      _links: {
        self: { href: `${base}payments/${p.id}`, type: 'application/hal+json' },
        ...(p.status === 'open' && p.sequenceType !== 'recurring'
          ? { checkout: { href: `https://www.mollie.com/checkout/select-method/${p.id}`, type: 'text/html' } }
          : {}),
      },
    };
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const path = req.url!.replace(/^\/v2\//, '');
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method!, path, auth: req.headers.authorization, idempotencyKey, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/hal+json' });
        res.end(JSON.stringify(json));
      };
      const notFound = () =>
        send(404, { status: 404, title: 'Not Found', detail: 'No payment exists with token', _links: {} });
      let m: RegExpExecArray | null;
      if (req.method === 'POST' && path === 'payments') {
        const known = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
        const id = known ?? next('tr');
        if (!known) {
          const recurring = body.sequenceType === 'recurring';
          const method = recurring ? mandates.get(String(body.mandateId))?.method : body.method;
          payments.set(id, { id, status: recurring ? 'pending' : 'open', ...body, method: method ?? null });
          if (idempotencyKey) byKey.set(idempotencyKey, id);
        }
        if (outage) {
          res.writeHead(503, { 'content-type': 'application/hal+json', 'retry-after': '0' });
          return res.end(JSON.stringify({ status: 503, title: 'Service Unavailable', detail: 'down' }));
        }
        return send(201, payment(payments.get(id)!));
      }
      if (req.method === 'GET' && (m = /^customers\/(cst_\w+)\/payments(?:\?.*)?$/.exec(path))) {
        const own = [...payments.values()].filter((p) => p.customerId === m![1]).reverse();
        return send(200, {
          count: own.length,
          _embedded: { payments: own.map(payment) },
          _links: {
            self: { href: `${base}${path}`, type: 'application/hal+json' },
            previous: null,
            next: null,
          },
        });
      }
      if (req.method === 'GET' && (m = /^payments\/(tr_\w+)$/.exec(path))) {
        const p = payments.get(m[1]!);
        return p ? send(200, payment(p)) : notFound();
      }
      if (req.method === 'POST' && (m = /^payments\/(tr_\w+)\/refunds$/.exec(path))) {
        const p = payments.get(m[1]!);
        if (!p) return notFound();
        p.amountRefunded = body.amount;
        return send(201, { resource: 'refund', id: next('re'), status: 'pending', paymentId: p.id, ...body });
      }
      if (req.method === 'POST' && path === 'customers') {
        return send(201, { resource: 'customer', id: next('cst'), mode: 'test', ...body });
      }
      if ((m = /^customers\/(cst_\w+)\/mandates(?:\/(mdt_\w+))?$/.exec(path))) {
        if (req.method === 'POST') {
          const mandate = {
            resource: 'mandate',
            id: next('mdt'),
            status: 'valid',
            method: body.method,
            customerId: m[1],
          };
          mandates.set(mandate.id, mandate);
          return send(201, mandate);
        }
        const mandate = mandates.get(m[2] ?? '');
        return mandate ? send(200, mandate) : notFound();
      }
      return notFound();
    })();
  });
  return {
    requests,
    payments,
    setOutage(on: boolean) {
      outage = on;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`;
      return base;
    },
    /** What the payer does at Mollie's checkout: pays; a first payment leaves a valid mandate. */
    pay(id: string) {
      const p = payments.get(id)!;
      p.status = 'paid';
      if (p.sequenceType === 'first') {
        // Mollie: a card leaves a card mandate; iDEAL, Bancontact, SOFORT… leave a SEPA direct-debit mandate.
        const mandate = {
          resource: 'mandate',
          id: next('mdt'),
          status: 'valid',
          method: p.method === 'creditcard' ? 'creditcard' : 'directdebit',
          customerId: p.customerId,
        };
        mandates.set(mandate.id, mandate);
        p.mandateId = mandate.id;
      }
    },
    /** The payer's bank reverses the payment: Mollie keeps it `paid` and reports `amountChargedBack`. */
    chargeback(id: string) {
      const p = payments.get(id)!;
      p.amountChargedBack = p.amount;
    },
    /** The merchant refunds in Mollie's dashboard (not through our API): `amountRefunded` grows. */
    refundInDashboard(id: string) {
      const p = payments.get(id)!;
      p.amountRefunded = p.amount;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
let mollie: ReturnType<typeof standIn>;
let t: TestContext;
beforeAll(async () => {
  // The client pins https with Mollie's CA bundle; the stand-in speaks plain HTTP on 127.0.0.1, so its agent is
  // swapped for an http one. Everything above the socket (paths, headers, JSON) is the client's own.
  jest.spyOn(https, 'Agent').mockImplementation(() => new http.Agent() as unknown as https.Agent);
  mollie = standIn();
  const apiUrl = await mollie.listen();
  t = await createTestApp({
    profiles: 0,
    domains: {
      payments: {
        ...paymentsConfigFromEnv({ MOLLIE_API_KEY: KEY, MOLLIE_API_URL: apiUrl }, false),
        reconcileMs: 0,
        recheckSeconds: 0,
      },
    },
  });
});
afterAll(async () => {
  await expectLedgerConsistent(t);
  await t.close();
  await mollie.close();
});

test('the Mollie adapter: a first payment, the webhook, the mandate, a recurring charge and a refund', async () => {
  expect(t.app.services.payments.provider?.name).toBe('mollie');
  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const before = await state(t, m.id);

  const res = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal' });
  expect(res.statusCode).toBe(201);
  const { order, checkout_url } = res.json();
  expect(checkout_url).toBe(`https://www.mollie.com/checkout/select-method/${order.payment_id}`);
  const customer = mollie.requests.find((r) => r.path === 'customers')!;
  expect(customer.auth).toBe(`Bearer ${KEY}`);
  const created = mollie.requests.find((r) => r.method === 'POST' && r.path === 'payments')!;
  expect(created.body).toMatchObject({
    amount: { currency: 'EUR', value: (pkg.price.amount / 100).toFixed(2) },
    method: 'ideal',
    sequenceType: 'first',
    metadata: { orderId: order.id },
    locale: 'nl_NL',
  });
  expect(created.body.redirectUrl).toMatch(new RegExp(`/transactions/${order.id}$`));
  expect(created.body.webhookUrl).toMatch(/\/api\/payment-webhook\.php$/);
  expect(typeof created.body.customerId).toBe('string');

  // Open at Mollie: the webhook changes nothing yet; paid: credited once, premium, mandate stored.
  expect((await webhook(t, order.payment_id)).statusCode).toBe(200);
  expect((await state(t, m.id)).credits).toBe(before.credits);
  mollie.pay(order.payment_id);
  await Promise.all([webhook(t, order.payment_id), webhook(t, order.payment_id)]);
  const paid = await state(t, m.id);
  expect(paid).toMatchObject({ credits: before.credits + pkg.credits, paid_user: true });
  expect(paid.purchases).toHaveLength(1);

  // Repeat order: a recurring payment on the mandate, pending at Mollie until it is paid.
  const repeat = await t.call({
    method: 'POST',
    url: '/api/repeat-order.php',
    cookie: m.cookie,
    headers: { 'idempotency-key': 'mollie-test-repeat-0001' },
    payload: {},
  });
  expect(repeat.statusCode).toBe(201);
  const recurring = repeat.json().order;
  expect(recurring).toMatchObject({ status: 'pending', recurring: true });
  const charge = mollie.requests.filter((r) => r.method === 'POST' && r.path === 'payments')[1]!;
  expect(charge.body).toMatchObject({ sequenceType: 'recurring', customerId: created.body.customerId });
  // Our key for this charge, recorded with the payment before the call (ADR 0027).
  const recorded = await first<{ idempotency_key: string }>(
    t.app.db,
    sql`SELECT idempotency_key FROM payments WHERE order_id = ${recurring.id}`,
  );
  expect(charge.idempotencyKey).toBe(recorded!.idempotency_key);
  // The first payment was iDEAL: its mandate is SEPA direct debit, and so is the charge (direct-debit limits).
  expect(recurring.method).toBe('sdd');
  expect(String(charge.body.mandateId)).toMatch(/^mdt_/);
  mollie.pay(recurring.payment_id);
  await t.app.db.execute(sql`UPDATE payments SET next_check_at = now() - interval '1 second'`);
  await t.app.services.payments.orders.reconcile();
  expect((await state(t, m.id)).credits).toBe(paid.credits + pkg.credits);

  // Refund through Mollie: the purchased credits are taken back.
  await t.app.services.payments.orders.refund(order.id, { refundDays: 14, requestedBy: 'test' });
  const refund = mollie.requests.find((r) => r.path === `payments/${order.payment_id}/refunds`)!;
  expect(refund.idempotencyKey).toMatch(/^refund-/);
  expect(refund.body).toMatchObject({
    amount: { currency: 'EUR', value: (pkg.price.amount / 100).toFixed(2) },
  });
  expect((await state(t, m.id)).credits).toBe(paid.credits);
  const row = await first<{ status: string }>(
    t.app.db,
    sql`SELECT status FROM orders WHERE id = ${order.id}`,
  );
  expect(row!.status).toBe('refunded');
});

test('an id Mollie does not know, and the test provider page, do not exist with Mollie configured', async () => {
  expect((await webhook(t, 'tr_unknown')).statusCode).toBe(404);
  const page = await t.app.inject({ method: 'GET', url: '/pay/test/tst_00' });
  expect(page.statusCode).not.toBe(200);
});

test('refunds and chargebacks made at Mollie are found by the reconciliation job when their webhook is lost', async () => {
  const buy = async () => {
    const m = await olderMember(t);
    const { pkg } = await packageOf(t, m.cookie);
    const res = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'creditcard' });
    const { order } = res.json();
    mollie.pay(order.payment_id);
    await webhook(t, order.payment_id);
    return { m, pkg, order: order as { id: number; payment_id: string } };
  };
  const refunded = await buy();
  const charged = await buy();
  const before = await Promise.all([state(t, refunded.m.id), state(t, charged.m.id)]);
  mollie.refundInDashboard(refunded.order.payment_id);
  mollie.chargeback(charged.order.payment_id);
  // Not due yet: the first re-check of a completed payment waits PAYMENT_REVERSAL_CHECK_SECONDS.
  await t.app.services.payments.orders.reconcile();
  expect((await state(t, refunded.m.id)).credits).toBe(before[0]!.credits);

  await t.app.db.execute(
    sql`UPDATE payments SET next_check_at = now() - interval '1 second'
        WHERE order_id IN (${refunded.order.id}, ${charged.order.id})`,
  );
  const asked = mollie.requests.length;
  await t.app.services.payments.orders.reconcile();
  const fetched = mollie.requests.slice(asked).map((r) => `${r.method} ${r.path}`);
  expect(fetched).toEqual(
    expect.arrayContaining([
      `GET payments/${refunded.order.payment_id}`,
      `GET payments/${charged.order.payment_id}`,
    ]),
  );
  expect((await state(t, refunded.m.id)).credits).toBe(before[0]!.credits - refunded.pkg.credits);
  expect((await state(t, charged.m.id)).credits).toBe(before[1]!.credits - charged.pkg.credits);
  const statuses = await first<{ a: string; b: string }>(
    t.app.db,
    sql`SELECT (SELECT status FROM orders WHERE id = ${refunded.order.id}) AS a,
               (SELECT status FROM orders WHERE id = ${charged.order.id}) AS b`,
  );
  expect(statuses).toEqual({ a: 'refunded', b: 'charged_back' });
  // The lost webhooks arriving now change nothing.
  await Promise.all([webhook(t, refunded.order.payment_id), webhook(t, charged.order.payment_id)]);
  expect((await state(t, charged.m.id)).credits).toBe(before[1]!.credits - charged.pkg.credits);
});

test('Mollie accepts a recurring charge and then fails every answer: the charge is found by its order and credited once', async () => {
  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const { order } = (await createOrder(t, m.cookie, { package_id: pkg.id, method: 'creditcard' })).json();
  mollie.pay(order.payment_id);
  await webhook(t, order.payment_id);
  const before = await state(t, m.id);
  mollie.setOutage(true);
  const res = await t.call({
    method: 'POST',
    url: '/api/repeat-order.php',
    cookie: m.cookie,
    headers: { 'idempotency-key': 'mollie-test-outage-0001' },
    payload: {},
  });
  mollie.setOutage(false);
  expect(res.statusCode).toBe(201);
  const pending = res.json().order;
  expect(pending).toMatchObject({ status: 'pending', payment_id: null });
  // The client retried with the same key: one payment at Mollie, not one per attempt.
  const posts = mollie.requests.filter(
    (r) => r.method === 'POST' && r.path === 'payments' && r.body.mandateId,
  );
  const keys = new Set(posts.slice(-3).map((r) => r.idempotencyKey));
  expect(keys.size).toBe(1);
  const charged = [...mollie.payments.values()].filter(
    (p) => (p.metadata as { orderId?: number } | undefined)?.orderId === pending.id,
  );
  expect(charged).toHaveLength(1);
  mollie.pay(String(charged[0]!.id));
  // Reconciliation looks the charge up among the customer's payments by our order id, attaches it, credits it.
  await t.app.db.execute(sql`UPDATE payments SET next_check_at = now() WHERE order_id = ${pending.id}`);
  await t.app.services.payments.orders.reconcile();
  await t.app.services.payments.orders.reconcile();
  expect((await state(t, m.id)).credits).toBe(before.credits + pkg.credits);
  const row = await first<{ provider_id: string }>(
    t.app.db,
    sql`SELECT provider_id FROM payments WHERE order_id = ${pending.id}`,
  );
  expect(row!.provider_id).toBe(charged[0]!.id);
});
