import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import type { TestContext } from '../../../testing/helpers';
import {
  createOrder,
  createPaymentsApp,
  olderMember,
  packageOf,
  payAtProvider,
} from '../../../testing/payments';
import { refund } from '../refund';

function capture() {
  const lines: string[] = [];
  return {
    lines,
    out: { log: (s: string) => lines.push(s), error: (s: string) => lines.push(s) } as unknown as Console,
  };
}

let t: TestContext;
beforeAll(async () => {
  // Files, not memory: the command opens the same database after the server is closed.
  t = await createPaymentsApp({}, { inMemoryDb: false });
});
afterAll(() => t.close().catch(() => undefined));

test('the operator command refunds a paid order through the provider and takes the credits back', async () => {
  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const { order } = (await createOrder(t, m.cookie, { package_id: pkg.id, method: 'creditcard' })).json();
  await payAtProvider(t, order.payment_id, 'paid');
  const paid = await first<{ credits: number }>(t.app.db, sql`SELECT credits FROM users WHERE id = ${m.id}`);
  const env = {
    DATA_DIR: t.dataDir,
    DATABASE_URL: t.app.config.databaseUrl,
    DATABASE_SCHEMA: t.app.config.dbSchema,
    SEED_DEMO: '0',
    // A DATABASE_URL alone means production (which needs SMTP); this is a test run.
    NODE_ENV: 'test',
  };
  await t.app.close();

  const run = capture();
  expect(await refund([String(order.id)], env, run.out)).toBe(0);
  expect(run.lines).toEqual([`${order.id}: refunded; ${pkg.credits} credits taken back, 0 already spent`]);
  const again = capture();
  expect(await refund([String(order.id)], env, again.out)).toBe(1);
  expect(again.lines[0]).toMatch(/already refunded/);
  expect(await refund(['x'], env, capture().out)).toBe(2);

  // The refund is in the ledger and on the order (read through a fresh app on the same database).
  const { openDatabase } = await import('../../../db/client');
  const { configFromEnv } = await import('../../../config');
  const db = await openDatabase(configFromEnv(env));
  try {
    const row = await first<{ status: string; refunded_credits: number; credits: number }>(
      db.db,
      sql`SELECT o.status, o.refunded_credits, u.credits FROM orders o JOIN users u ON u.id = o.user_id
          WHERE o.id = ${order.id}`,
    );
    expect(row).toEqual({
      status: 'refunded',
      refunded_credits: pkg.credits,
      credits: paid!.credits - pkg.credits,
    });
    // The command's audit row and the provider's refund id, written with the reversal; one refund only.
    const audit = await first<{ staff_name: string; after: { provider_refund_id: string } }>(
      db.db,
      sql`SELECT staff_name, after FROM staff_audit WHERE action = 'order_refund' AND target_id = ${order.id}`,
    );
    const refunds = await first<{ n: number; provider_refund_id: string }>(
      db.db,
      sql`SELECT count(*)::int AS n, max(provider_refund_id) AS provider_refund_id FROM payment_refunds
          WHERE order_id = ${order.id}`,
    );
    expect(refunds).toEqual({ n: 1, provider_refund_id: expect.stringMatching(/^re_/) });
    expect(audit).toMatchObject({
      staff_name: 'refund command',
      after: { provider_refund_id: refunds!.provider_refund_id },
    });
  } finally {
    await db.close();
  }
});
