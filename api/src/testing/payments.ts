import { sql } from 'drizzle-orm';
import { first, rows } from '../db/sql';
import { signup } from './accounts';
import type { BuildOptions } from '../app';
import { createTestApp, type TestContext } from './helpers';
import { paymentsConfigFromEnv, type PaymentsConfig } from '../domains/payments/config';

/** An app on the built-in test provider; no background reconciliation (tests call `reconcile()` themselves). */
export function createPaymentsApp(
  over: Partial<PaymentsConfig> = {},
  options: BuildOptions & { profiles?: number } = {},
) {
  return createTestApp({
    profiles: 0,
    ...options,
    domains: {
      payments: { ...paymentsConfigFromEnv({}, false), reconcileMs: 0, recheckSeconds: 0, ...over },
    },
  });
}

export interface Member {
  cookie: string;
  id: number;
  email: string;
}

/** A new member through the signup API (profile country NL: the site's first country on loopback). */
export async function newMember(t: TestContext): Promise<Member> {
  const { cookie, email } = await signup(t);
  const me = await t.call({ method: 'GET', url: '/api/user.php', cookie });
  const row = await first<{ id: number }>(
    t.app.db,
    sql`SELECT id FROM users WHERE lower(email) = lower(${email})`,
  );
  if (me.statusCode !== 200 || !row) throw new Error('member not created');
  return { cookie, id: row.id, email };
}

/** A member past the 4-hour time bonus window (signed up yesterday). */
export async function olderMember(t: TestContext): Promise<Member> {
  const m = await newMember(t);
  await t.app.db.execute(sql`UPDATE users SET signup_date = now() - interval '1 day' WHERE id = ${m.id}`);
  return m;
}

export async function packageOf(t: TestContext, cookie: string, tier = 1) {
  const res = await t.call({ method: 'GET', url: '/api/packages.php', cookie });
  const body = res.json() as {
    currency: string;
    methods: string[];
    packages: { id: number; credits: number; price: { amount: number; currency: string }; variant: number }[];
  };
  return { ...body, pkg: body.packages.find((p) => p.variant === tier)! };
}

export async function createOrder(t: TestContext, cookie: string, payload: Record<string, unknown>) {
  return t.call({ method: 'POST', url: '/api/order.php', cookie, payload });
}

/** The payer's choice on the test provider's hosted page (a plain form post, as a browser sends it). */
export function payAtProvider(t: TestContext, paymentId: string, outcome: string) {
  return t.app.inject({
    method: 'POST',
    url: `/pay/test/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
}

/** A PSP's webhook call: form-encoded id, no X-Requested-With, no cookie. */
export function webhook(t: TestContext, paymentId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${encodeURIComponent(paymentId)}`,
  });
}

/** The provider marks a payment paid but its webhook never arrives. */
export async function paidWithoutWebhook(t: TestContext, paymentId: string) {
  await t.app.db.execute(
    sql`UPDATE test_provider_payments SET status = 'paid', paid_at = now() WHERE id = ${paymentId}`,
  );
}

export async function state(t: TestContext, userId: number) {
  const user = await first<{ credits: number; paid_user: boolean }>(
    t.app.db,
    sql`SELECT credits, paid_user FROM users WHERE id = ${userId}`,
  );
  const ledger = await first<{ total: string | number | null }>(
    t.app.db,
    sql`SELECT sum(amount) AS total FROM credit_ledger WHERE user_id = ${userId}`,
  );
  const purchases = await rows<{ amount: number; ref: string }>(
    t.app.db,
    sql`SELECT amount, ref FROM credit_ledger WHERE user_id = ${userId} AND kind = 'purchase' ORDER BY id`,
  );
  return { ...user!, ledgerSum: Number(ledger?.total ?? 0), purchases };
}

/** Ledger sum = balance and never negative (docs/product/architecture.md), for every member of the test database. */
export async function expectLedgerConsistent(t: TestContext) {
  const broken = await rows<{ id: number }>(
    t.app.db,
    sql`SELECT u.id FROM users u LEFT JOIN (SELECT user_id, sum(amount) AS s FROM credit_ledger GROUP BY user_id) l
          ON l.user_id = u.id
        WHERE u.credits <> COALESCE(l.s, 0) OR u.credits < 0`,
  );
  expect(broken).toEqual([]);
}

export const onPostgres = process.env.DATABASE_URL ? test : test.skip;
