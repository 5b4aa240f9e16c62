import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import { users, profiles } from '../../../app/schema';
import { createTestApp, type TestContext } from '../../../testing/helpers';

// Runs on PGlite by default and on PostgreSQL (real parallel connections) when DATABASE_URL is set.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
}, 60_000);
afterAll(() => t.close());

async function memberWith(credits: number): Promise<number> {
  const site = await t.app.services.sites.resolve('localhost');
  const [u] = await t.app.db
    .insert(users)
    .values({ siteId: site.id, email: `c${Date.now()}${Math.random()}@example.com`, status: 'confirmed' })
    .returning({ id: users.id });
  await t.app.db
    .insert(profiles)
    .values({ userId: u!.id, name: 'Payer', gender: 'male', dateOfBirth: '1980-01-01', country: 'NL' });
  if (credits)
    await t.app.services.credits.credit({
      userId: u!.id,
      amount: credits,
      kind: 'purchase',
      ref: 'order:test',
    });
  return u!.id;
}

test('parallel debits never push the balance below zero', async () => {
  const userId = await memberWith(10);
  const results = await Promise.allSettled(
    Array.from({ length: 25 }, (_, i) =>
      t.app.services.credits.debit({ userId, amount: 1, kind: 'message', ref: `m${i}` }),
    ),
  );
  const ok = results.filter((r) => r.status === 'fulfilled');
  const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
  expect(ok).toHaveLength(10);
  expect(refused.every((r) => (r.reason as { code: string }).code === 'insufficient_credits')).toBe(true);
  expect(await t.app.services.credits.balance(userId)).toBe(0);
  const ledger = await first<{ n: string | number; total: string | number; min: number }>(
    t.app.db,
    sql`SELECT count(*) AS n, sum(amount) AS total, min(balance_after) AS min FROM credit_ledger WHERE user_id = ${userId} AND kind = 'message'`,
  );
  expect(Number(ledger!.n)).toBe(10);
  expect(Number(ledger!.total)).toBe(-10);
  expect(ledger!.min).toBe(0);
}, 30_000);

test('of two parallel debits that each fit but not together, exactly one succeeds', async () => {
  const userId = await memberWith(10);
  const results = await Promise.allSettled([
    t.app.services.credits.debit({ userId, amount: 7, kind: 'gift' }),
    t.app.services.credits.debit({ userId, amount: 7, kind: 'photo' }),
  ]);
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  expect(await t.app.services.credits.balance(userId)).toBe(3);
});

test('the database refuses a negative balance even outside the service', async () => {
  const userId = await memberWith(0);
  await expect(
    t.app.db.execute(sql`UPDATE users SET credits = -1 WHERE id = ${userId}`),
  ).rejects.toBeTruthy();
});
