import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { books, clientId, member, send } from '../../../testing/chat';

// Real parallel connections: PGlite serves one connection at a time, so these run on PostgreSQL only.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('concurrent sends on PostgreSQL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ profiles: 55 });
  }, 120_000);
  afterAll(() => t.close());

  test('200 concurrent sends with balance B and cost c: exactly ⌊B/c⌋ succeed, the rest are refused', async () => {
    // Paid, so the 2-chat limit plays no part; after the first message the balance is B = 10 + 47 - 5 = 52.
    const a = await member(t, { topUp: 47, paid: true });
    const b = await member(t);
    const started = await send(t, a, { member: b.id, text: 'start' });
    expect(started.statusCode).toBe(200);
    const conv = started.json().message.conversation as number;
    const B = 52;
    const c = 5;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => send(t, a, { conversation: conv, text: `burst ${i}` })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(Math.floor(B / c));
    expect(
      refused.every((r) => r.statusCode === 402 && r.json().error.message === 'Je hebt onvoldoende credits'),
    ).toBe(true);
    const state = await books(t, a.id);
    expect(state.balance).toBe(B - Math.floor(B / c) * c);
    expect(state).toMatchObject({
      ledgerSum: state.balance,
      messages: 1 + Math.floor(B / c),
      orphanDebits: 0,
      unpaidMessages: 0,
    });
  }, 120_000);

  test('the same client id five times at once: one message, one debit, the same answer each time', async () => {
    const a = await member(t, { topUp: 40 });
    const b = await member(t);
    const id = clientId('same');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => send(t, a, { member: b.id, client_id: id, text: 'één keer' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().message.id)).size).toBe(1);
    expect(await books(t, a.id)).toMatchObject({ balance: 45, ledgerSum: 45, messages: 1, orphanDebits: 0 });
  }, 60_000);

  test('the same client id five times at once in an existing conversation, then again later: one message, one debit', async () => {
    // Paid with a conversation: the one-statement send (no transaction of its own), not the two-statement path.
    const a = await member(t, { topUp: 40, paid: true });
    const b = await member(t);
    expect((await send(t, a, { member: b.id, text: 'eerst' })).statusCode).toBe(200);
    const id = clientId('again');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => send(t, a, { member: b.id, client_id: id, text: 'één keer' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const retried = await send(t, a, { member: b.id, client_id: id, text: 'één keer' });
    expect(retried.statusCode).toBe(200);
    expect(new Set([...results, retried].map((r) => r.json().message.id)).size).toBe(1);
    expect(new Set([...results, retried].map((r) => r.json().credits))).toEqual(new Set([40]));
    expect(await books(t, a.id)).toMatchObject({ balance: 40, ledgerSum: 40, messages: 2, orphanDebits: 0 });
  }, 60_000);

  test('a free member starting 50 chats at once starts exactly 2', async () => {
    const free = await member(t, { topUp: 1000 });
    const partners = await t.app.db.execute(sql`SELECT id FROM users WHERE fictional ORDER BY id LIMIT 50`);
    const ids = (partners as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
    expect(ids).toHaveLength(50);
    const results = await Promise.all(ids.map((id) => send(t, free, { member: id, text: 'hoi' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 403 && r.json().error.code === 'chat_limit')).toHaveLength(
      48,
    );
    const started = await first<{ n: string | number }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM conversations WHERE started_by = ${free.id}`,
    );
    expect(Number(started!.n)).toBe(2);
    expect(await books(t, free.id)).toMatchObject({
      balance: 1010 - 10,
      ledgerSum: 1000,
      messages: 2,
      orphanDebits: 0,
    });
  }, 60_000);
});
