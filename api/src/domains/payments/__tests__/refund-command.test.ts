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
  };
  await t.app.close();

  const run = capture();
  expect(await refund([String(order.id)], env, run.out)).toBe(0);
  expect(run.lines).toEqual([`${order.id}: refunded; ${pkg.credits} credits taken back, 0 already spent`]);
  const again = capture();
  expect(await refund([String(order.id)], env, again.out)).toBe(1);
  expect(again.lines[0]).toMatch(/is refunded/);
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
  } finally {
    await db.close();
  }
});
