import { sql } from 'drizzle-orm';
import { rows } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { mailsTo, signup } from '../../../testing/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 4 });
});
afterAll(() => t.close());

async function confirmedMember() {
  const m = await signup(t);
  await t.app.db.execute(sql`UPDATE users SET status = 'confirmed' WHERE id = ${m.user.profile.id}`);
  return { ...m, id: m.user.profile.id as number, name: m.user.profile.name as string };
}

const report = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/report.php', cookie, payload });

test('a report is stored open for moderation and mailed to the support address in the site language', async () => {
  const a = await confirmedMember();
  const b = await confirmedMember();
  const conv = await t.app.services.chats.open(a.id, b.id);
  const res = await report(a.cookie, {
    id: b.id,
    reason: 'scam',
    text: '  Vraagt om geld  ',
    conversation: conv,
  });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toEqual({ ok: true });

  const stored = await rows<Record<string, unknown>>(
    t.app.db,
    sql`SELECT reporter_id, reported_id, conversation_id, reason, text, state FROM reports WHERE reporter_id = ${a.id}`,
  );
  expect(stored).toEqual([
    {
      reporter_id: a.id,
      reported_id: b.id,
      conversation_id: conv,
      reason: 'scam',
      text: 'Vraagt om geld',
      state: 'open',
    },
  ]);
  const mail = (await mailsTo(t, 'support@localhost')).find(
    (m) => m.template === 'report' && m.text.includes(b.name),
  );
  expect(mail).toBeDefined();
  expect(mail!.subject).toBe(`Melding over ${b.name} (#${b.id}): Oplichting`);
  expect(mail!.text).toContain(`${a.name} (#${a.id}) heeft ${b.name} (#${b.id}) gemeld.`);
  expect(mail!.text).toContain('Vraagt om geld');
});

test('bad reports get a precise 4xx and store nothing', async () => {
  const a = await confirmedMember();
  const b = await confirmedMember();
  const c = await confirmedMember();
  const codes = async (payload: Record<string, unknown>, cookie: string | null = a.cookie) => {
    const res = await report(cookie ?? undefined, payload);
    return [res.statusCode, res.json().error?.code, res.json().error?.field];
  };
  expect(await codes({ id: b.id, reason: 'boring' })).toEqual([400, 'validation', 'reason']);
  expect(await codes({ id: b.id })).toEqual([400, 'validation', 'reason']);
  expect(await codes({ id: b.id, reason: 'spam', text: 'x'.repeat(2001) })).toEqual([
    400,
    'validation',
    'text',
  ]);
  expect(await codes({ id: b.id, reason: 'spam', text: 'nul\u0000byte' })).toEqual([
    400,
    'validation',
    'text',
  ]);
  expect(await codes({ id: a.id, reason: 'spam' })).toEqual([400, 'self_action', 'id']);
  expect(await codes({ id: 999_999, reason: 'spam' })).toEqual([404, 'not_found', undefined]);
  // A conversation between two other members is not mine to report.
  const theirs = await t.app.services.chats.open(b.id, c.id);
  expect(await codes({ id: b.id, reason: 'spam', conversation: theirs })).toEqual([
    400,
    'validation',
    'conversation',
  ]);
  expect(await codes({ id: b.id, reason: 'spam' }, null)).toEqual([403, 'auth_required', undefined]);
  const stored = await rows(t.app.db, sql`SELECT id FROM reports WHERE reporter_id = ${a.id}`);
  expect(stored).toEqual([]);
});

test('at most 5 reports per 10 minutes per member', async () => {
  const a = await confirmedMember();
  const b = await confirmedMember();
  for (let i = 0; i < 5; i++)
    expect((await report(a.cookie, { id: b.id, reason: 'spam' })).statusCode).toBe(201);
  const sixth = await report(a.cookie, { id: b.id, reason: 'spam' });
  expect(sixth.statusCode).toBe(429);
  expect(sixth.json().error.code).toBe('rate_limited');
  // Another member is not held back by it.
  expect((await report(b.cookie, { id: a.id, reason: 'other' })).statusCode).toBe(201);
});
