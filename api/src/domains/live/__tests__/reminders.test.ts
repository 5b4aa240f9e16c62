import { createTestApp, type TestContext } from '../../../testing/helpers';
import { mailsTo, signup } from '../../../testing/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 2 });
});
afterAll(async () => t.close());

const HOUR = 3_600_000;
const idOf = async (cookie: string) =>
  (await t.app.services.sessions.lookup(cookie.replace('sid=', '')))!.userId;

/** Two members and a message from the first to the second, sent `hoursAgo` hours ago and still unread. */
async function unreadMessage(hoursAgo: number) {
  const sender = await signup(t);
  const reader = await signup(t, { locale: 'en' });
  const [a, b] = [await idOf(sender.cookie), await idOf(reader.cookie)];
  const [conversation] = await t.app.database.raw.query<{ id: number }>(
    'INSERT INTO conversations (user_a, user_b, started_by) VALUES ($1, $2, $3) RETURNING id',
    [Math.min(a, b), Math.max(a, b), a],
  );
  await sendAt(conversation!.id, a, new Date(Date.now() - hoursAgo * HOUR));
  return { reader, conversation: conversation!.id, senderId: a };
}
const sendAt = (conversation: number, sender: number, at: Date) =>
  t.app.database.raw.query(
    'INSERT INTO messages (conversation_id, sender_id, body, created_at) VALUES ($1, $2, $3, $4)',
    [conversation, sender, 'Hoi', at.toISOString()],
  );
const reminders = async (email: string) =>
  (await mailsTo(t, email)).filter((mail) => mail.template === 'unread_reminder');

describe('unread-message reminders (a job every 15 min on every node)', () => {
  it('reminds once about messages unread for over an hour; again only after a new message and a day', async () => {
    const { reader, conversation, senderId } = await unreadMessage(2);
    const now = new Date();
    await t.app.services.reminders.sendDue(now);
    await t.app.services.reminders.sendDue(now);
    const sent = await reminders(reader.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('You have 1 unread message(s)');
    expect(sent[0]!.headers['List-Unsubscribe']).toMatch(/unsubscribe\.php\?token=/);
    // Nothing new: no reminder the next day either.
    await t.app.services.reminders.sendDue(new Date(now.getTime() + 25 * HOUR));
    expect(await reminders(reader.email)).toHaveLength(1);
    // A new unread message: reminded once it is due and a day has passed since the last reminder.
    await sendAt(conversation, senderId, new Date(now.getTime() - 2 * HOUR));
    await t.app.services.reminders.sendDue(new Date(now.getTime() + 12 * HOUR));
    expect(await reminders(reader.email)).toHaveLength(1);
    await t.app.services.reminders.sendDue(new Date(now.getTime() + 25 * HOUR));
    expect(await reminders(reader.email)).toHaveLength(2);
  });

  it('no reminder for fresh messages, or when the member switched reminders off', async () => {
    const fresh = await unreadMessage(0.5);
    const off = await unreadMessage(3);
    await t.call({
      method: 'PUT',
      url: '/api/notifications.php',
      cookie: off.reader.cookie,
      payload: { preferences: { unread_message_reminders: false } },
    });
    await t.app.services.reminders.sendDue();
    expect(await reminders(fresh.reader.email)).toHaveLength(0);
    expect(await reminders(off.reader.email)).toHaveLength(0);
  });

  const onPostgres = process.env.DATABASE_URL ? it : it.skip;
  onPostgres('50 runs at once (nodes and timers racing) send each due reminder exactly once', async () => {
    const members = await Promise.all([unreadMessage(2), unreadMessage(5), unreadMessage(30)]);
    await Promise.all(Array.from({ length: 50 }, () => t.app.services.reminders.sendDue()));
    for (const { reader } of members) expect(await reminders(reader.email)).toHaveLength(1);
  });
});
