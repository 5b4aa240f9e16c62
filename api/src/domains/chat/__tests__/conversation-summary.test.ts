import { sql } from 'drizzle-orm';
import { Value } from 'typebox/value';
import { first } from '../../../db/sql';
import { ProfileSchema } from '@dating/shared/contract/profile';
import { createTestApp, type TestContext } from '../../../testing/helpers';

// The chat list reads each conversation's last message and unread count from the conversation row, kept by
// triggers on messages (migration 0004). Whoever writes messages, the list must show what the messages say.
let t: TestContext;
let cookie: string;
let demoId: number;
beforeAll(async () => {
  t = await createTestApp({ profiles: 12 });
  cookie = await t.login();
  demoId = (await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user.profile.id;
}, 60_000);
afterAll(() => t.close());

interface Chat {
  conversation: { id: number; updated_at: string };
  profile: { id: number; name: string };
  num_unread_messages: number;
  last_message: { text: string | null; type: string; from_me: boolean; sent_at: string } | null;
}
/** The list once this node has heard of every change committed so far (lists are cached until they change). */
const chats = async (): Promise<Chat[]> => {
  await t.app.services.chats.settled();
  return (await t.call({ method: 'GET', url: '/api/chats.php', cookie })).json().chats;
};

/** A fresh conversation between the demo member and a fictional profile, with no messages. */
async function newConversation(): Promise<{ id: number; partner: number }> {
  const partner = await first<{ id: number }>(
    t.app.db,
    sql`SELECT u.id FROM users u WHERE u.fictional AND NOT EXISTS (
          SELECT 1 FROM conversations c WHERE (c.user_a = u.id AND c.user_b = ${demoId}) OR (c.user_b = u.id AND c.user_a = ${demoId}))
        ORDER BY u.id LIMIT 1`,
  );
  const [a, b] = demoId < partner!.id ? [demoId, partner!.id] : [partner!.id, demoId];
  const conv = await first<{ id: number }>(
    t.app.db,
    sql`INSERT INTO conversations (user_a, user_b, started_by, updated_at)
        VALUES (${a}, ${b}, ${partner!.id}, now() + interval '1 hour') RETURNING id`,
  );
  return { id: conv!.id, partner: partner!.id };
}

const send = (conversation: number, sender: number, body: string) =>
  t.app.db.execute(
    sql`INSERT INTO messages (conversation_id, sender_id, body) VALUES (${conversation}, ${sender}, ${body})`,
  );

describe('conversation summary', () => {
  test('a new conversation lists without a last message; messages update it both ways', async () => {
    const conv = await newConversation();
    let entry = (await chats()).find((c) => c.conversation.id === conv.id)!;
    expect(entry).toMatchObject({
      num_unread_messages: 0,
      last_message: null,
      profile: { id: conv.partner },
    });

    await send(conv.id, conv.partner, 'Hoi!');
    await send(conv.id, conv.partner, 'Ben je er?');
    entry = (await chats()).find((c) => c.conversation.id === conv.id)!;
    expect(entry.num_unread_messages).toBe(2);
    expect(entry.last_message).toMatchObject({ text: 'Ben je er?', from_me: false, type: 'text' });

    // My own answer is the last message and is not unread for me.
    await send(conv.id, demoId, 'Ja hoor');
    entry = (await chats()).find((c) => c.conversation.id === conv.id)!;
    expect(entry.num_unread_messages).toBe(2);
    expect(entry.last_message).toMatchObject({ text: 'Ja hoor', from_me: true });
    // ...but it is for the partner.
    const partnerSide = await first<{ unread_a: number; unread_b: number; user_a: number }>(
      t.app.db,
      sql`SELECT unread_a, unread_b, user_a FROM conversations WHERE id = ${conv.id}`,
    );
    const partnerUnread =
      partnerSide!.user_a === conv.partner ? partnerSide!.unread_a : partnerSide!.unread_b;
    expect(partnerUnread).toBe(1);
  });

  test('reading in one statement, several messages at once, and deletion keep the counts exact', async () => {
    const conv = await newConversation();
    // Three messages in one INSERT statement.
    await t.app.db.execute(
      sql`INSERT INTO messages (conversation_id, sender_id, body)
          VALUES (${conv.id}, ${conv.partner}, 'een'), (${conv.id}, ${conv.partner}, 'twee'), (${conv.id}, ${conv.partner}, 'drie')`,
    );
    let entry = (await chats()).find((c) => c.conversation.id === conv.id)!;
    expect(entry.num_unread_messages).toBe(3);
    expect(entry.last_message?.text).toBe('drie');

    // The member reads one, then all that are left in one statement.
    await t.app.db.execute(
      sql`UPDATE messages SET read_at = now() WHERE conversation_id = ${conv.id} AND body = 'een'`,
    );
    expect((await chats()).find((c) => c.conversation.id === conv.id)!.num_unread_messages).toBe(2);
    await t.app.db.execute(
      sql`UPDATE messages SET read_at = now() WHERE conversation_id = ${conv.id} AND sender_id <> ${demoId}`,
    );
    expect((await chats()).find((c) => c.conversation.id === conv.id)!.num_unread_messages).toBe(0);

    // Deleting the last message shows the one before it.
    await t.app.db.execute(sql`DELETE FROM messages WHERE conversation_id = ${conv.id} AND body = 'drie'`);
    entry = (await chats()).find((c) => c.conversation.id === conv.id)!;
    expect(entry.last_message?.text).toBe('twee');
    await t.app.db.execute(sql`DELETE FROM messages WHERE conversation_id = ${conv.id}`);
    entry = (await chats()).find((c) => c.conversation.id === conv.id)!;
    expect(entry).toMatchObject({ num_unread_messages: 0, last_message: null });
  });

  test('the answer has exactly the contract fields', async () => {
    const list = await chats();
    expect(list.length).toBeGreaterThan(0);
    for (const entry of list) {
      expect(Object.keys(entry)).toEqual(['conversation', 'profile', 'num_unread_messages', 'last_message']);
      expect(Object.keys(entry.conversation)).toEqual(['id', 'updated_at']);
      expect(Value.Check(ProfileSchema, entry.profile)).toBe(true);
      expect(Object.keys(entry.profile).filter((k) => !(k in ProfileSchema.properties))).toEqual([]);
      if (entry.last_message)
        expect(Object.keys(entry.last_message)).toEqual(['text', 'type', 'from_me', 'sent_at']);
    }
  });

  test('a partner who deletes their account leaves the list at once', async () => {
    const conv = await newConversation();
    expect((await chats()).some((c) => c.conversation.id === conv.id)).toBe(true);
    await t.app.db.execute(sql`UPDATE users SET status = 'deleted' WHERE id = ${conv.partner}`);
    // As the account-deletion route does (routes/api/account-delete.ts): it clears the shared profile caches.
    t.app.services.members.clearCache();
    expect((await chats()).some((c) => c.conversation.id === conv.id)).toBe(false);
    await t.app.db.execute(sql`UPDATE users SET status = 'confirmed' WHERE id = ${conv.partner}`);
    t.app.services.members.clearCache();
  });
});

// Two transactions sending into one conversation at the same moment: the second waits for the first's lock and
// then counts both messages. Only PostgreSQL has concurrent transactions (PGlite is one connection).
const onPostgres = process.env.DATABASE_URL ? test : test.skip;
onPostgres('two messages sent at once into one conversation both count', async () => {
  const conv = await newConversation();
  const pg = await import('pg');
  const options = `-c search_path=${t.app.config.dbSchema}`;
  const [one, two] = [0, 1].map(
    () => new pg.default.Client({ connectionString: t.app.config.databaseUrl, options }),
  );
  await Promise.all([one!.connect(), two!.connect()]);
  try {
    await one!.query('BEGIN');
    await two!.query('BEGIN');
    await one!.query('INSERT INTO messages (conversation_id, sender_id, body) VALUES ($1, $2, $3)', [
      conv.id,
      conv.partner,
      'one',
    ]);
    // Blocks on the conversation row that `one` has locked until `one` commits.
    const second = two!.query('INSERT INTO messages (conversation_id, sender_id, body) VALUES ($1, $2, $3)', [
      conv.id,
      conv.partner,
      'two',
    ]);
    await new Promise((r) => setTimeout(r, 100));
    await one!.query('COMMIT');
    await second;
    await two!.query('COMMIT');
  } finally {
    await Promise.all([one!.end(), two!.end()]);
  }
  const entry = (await chats()).find((c) => c.conversation.id === conv.id)!;
  expect(entry.num_unread_messages).toBe(2);
  expect(entry.last_message?.text).toBe('two');
});

// The listening connection drops (PostgreSQL restart, network): as soon as the node notices, lists are read from
// the database on every request, and it listens again by itself.
onPostgres(
  'when the notification connection drops, lists are right again at once, and it comes back',
  async () => {
    const conv = await newConversation();
    await chats(); // cached now
    const listener = `listen chats_changed ${t.app.config.dbSchema}`;
    const listening = async () =>
      Number(
        (
          await t.app.database.raw.query<{ n: string }>(
            'SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1',
            [listener],
          )
        )[0]!.n,
      );
    expect(await listening()).toBe(1);
    await t.app.database.raw.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
      [listener],
    );
    await send(conv.id, conv.partner, 'terwijl niemand luisterde');
    // The notification of this message went nowhere. The list shows it as soon as the node has seen the
    // connection close (well before it reconnects, a second later), not after the 30 s upper bound.
    const started = Date.now();
    let text: string | undefined;
    while (Date.now() - started < 900) {
      const list = (await t.call({ method: 'GET', url: '/api/chats.php', cookie })).json().chats as Chat[];
      text = list.find((c) => c.conversation.id === conv.id)!.last_message?.text ?? undefined;
      if (text) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(text).toBe('terwijl niemand luisterde');
    for (let i = 0; i < 50 && (await listening()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await listening()).toBe(1);
  },
);
