import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { balance, books, clientId, listen, member, send, type Member } from '../../../testing/chat';

// Default costs of the demo site (sites.ts DEFAULTS): message 5, gift 20, photo 10, signup bonus 10, length 1000.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 4 });
}, 120_000);
afterAll(() => t.close());

const page = (who: Member, query: string) =>
  t.call({ method: 'GET', url: `/api/messages.php?${query}`, cookie: who.cookie });

describe('sending and reading', () => {
  test('a message to a member starts the conversation, is paid once and reaches both members live', async () => {
    const a = await member(t, { topUp: 40 });
    const b = await member(t);
    const live = listen(t, a.id, b.id);
    const id = clientId();
    const res = await send(t, a, { member: b.id, client_id: id, text: '  Hoi Bea!  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toMatchObject({
      from_me: true,
      type: 'text',
      text: 'Hoi Bea!',
      client_id: id,
      read_at: null,
    });
    expect(body.chat).toMatchObject({ profile: { id: b.id }, num_unread_messages: 0 });
    expect(body.credits).toBe(10 + 40 - 5);
    expect(await books(t, a.id)).toMatchObject({
      balance: 45,
      ledgerSum: 45,
      messages: 1,
      orphanDebits: 0,
      unpaidMessages: 0,
    });
    const ledger = await first<{ kind: string; amount: number; ref: string }>(
      t.app.db,
      sql`SELECT kind, amount, ref FROM credit_ledger WHERE user_id = ${a.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(ledger).toEqual({ kind: 'message', amount: -5, ref: `message:${body.message.id}` });

    // Each member's message and counters events; the counters come after a short batching timer.
    const toB = await live.next(b.id, (e) => e.type === 'message');
    expect(toB).toMatchObject({
      conversation: body.message.conversation,
      message: { id: body.message.id, from_me: false, client_id: null, text: 'Hoi Bea!' },
      chat: { profile: { id: a.id }, num_unread_messages: 1 },
    });
    expect(await live.next(a.id, (e) => e.type === 'message')).toMatchObject({
      message: { from_me: true, client_id: id },
    });
    expect(await live.next(b.id, (e) => e.type === 'counters')).toMatchObject({
      unread_messages: 1,
      credits: 10,
      paid_user: false,
    });
    expect(await live.next(a.id, (e) => e.type === 'counters')).toMatchObject({ credits: 45 });

    // B opens the conversation: the newest page marks it read, A gets the receipt, B's list shows 0 unread.
    live.clear();
    const read = await page(b, `member=${a.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      conversation: { id: body.message.conversation, started_by_me: false },
      profile: { id: a.id },
      messages: [{ id: body.message.id, from_me: false }],
      next_cursor: null,
    });
    expect(read.json().messages[0].read_at).not.toBeNull();
    // The receipt comes back through the event log (with Redis a moment after the answer).
    expect(await live.next(a.id, (e) => e.type === 'read')).toMatchObject({
      type: 'read',
      conversation: body.message.conversation,
      up_to: body.message.id,
    });
    await t.app.services.chats.settled();
    const chats = (await t.call({ method: 'GET', url: '/api/chats.php', cookie: b.cookie })).json().chats;
    expect(chats[0]).toMatchObject({
      conversation: { id: body.message.conversation },
      num_unread_messages: 0,
    });
    const mine = (await page(a, `conversation=${body.message.conversation}`)).json();
    expect(mine.messages[0].read_at).toBe(read.json().messages[0].read_at);
    live.stop();
  });

  test('pages come newest first by cursor, each oldest first, never overlapping', async () => {
    const a = await member(t, { topUp: 1000 });
    const b = await member(t);
    const first1 = (await send(t, a, { member: b.id, text: 'bericht 1' })).json();
    const conv = first1.message.conversation as number;
    for (let i = 2; i <= 65; i++) {
      const r = await send(t, a, { conversation: conv, text: `bericht ${i}` });
      expect(r.statusCode).toBe(200);
    }
    const p1 = (await page(b, `conversation=${conv}`)).json();
    expect(p1.messages).toHaveLength(30);
    expect(p1.messages[0].text).toBe('bericht 36');
    expect(p1.messages[29].text).toBe('bericht 65');
    const p2 = (await page(b, `conversation=${conv}&before=${p1.next_cursor}`)).json();
    expect(p2.messages.map((m: { text: string }) => m.text)).toEqual(
      Array.from({ length: 30 }, (_, i) => `bericht ${i + 6}`),
    );
    const p3 = (await page(b, `conversation=${conv}&before=${p2.next_cursor}`)).json();
    expect(p3.messages).toHaveLength(5);
    expect(p3.next_cursor).toBeNull();
    expect((await page(b, `conversation=${conv}&before=abc`)).statusCode).toBe(400);
    expect((await page(b, `conversation=${conv}&limit=1000`)).statusCode).toBe(400);
    expect((await page(b, 'limit=3')).statusCode).toBe(400);
  });

  test('the query behind a page uses the conversation index', async () => {
    const plan = await t.app.db.transaction(async (tx) => {
      // A test database is tiny: only plans that could serve a big one are allowed.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      const result = (await tx.execute(
        sql`EXPLAIN SELECT id FROM messages WHERE conversation_id = 1 AND id < 100 ORDER BY id DESC LIMIT 31`,
      )) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toMatch(/messages_conversation_idx/);
  });

  test('the same client id sent again answers the stored message and debits once', async () => {
    const a = await member(t, { topUp: 40 });
    const b = await member(t);
    const id = clientId();
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await send(t, a, { member: b.id, client_id: id, text: 'één keer' }));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().message.id)).size).toBe(1);
    expect(answers.every((r) => r.json().credits === 45)).toBe(true);
    expect(await books(t, a.id)).toMatchObject({ balance: 45, ledgerSum: 45, messages: 1, orphanDebits: 0 });
  });

  test('typing reaches the partner; deleting a conversation tells my other tabs', async () => {
    const a = await member(t);
    const b = await member(t);
    const conv = (await send(t, a, { member: b.id, text: 'hallo' })).json().message.conversation;
    const live = listen(t, a.id, b.id);
    const typing = await t.call({
      method: 'POST',
      url: '/api/typing.php',
      cookie: b.cookie,
      payload: { conversation: conv },
    });
    expect(typing.statusCode).toBe(200);
    expect(await live.next(a.id, (e) => e.type === 'typing')).toEqual({
      type: 'typing',
      conversation: conv,
      member: b.id,
    });
    const c = await member(t);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/typing.php',
          cookie: c.cookie,
          payload: { conversation: conv },
        })
      ).statusCode,
    ).toBe(404);
    const del = await t.call({
      method: 'DELETE',
      url: '/api/chat.php',
      cookie: a.cookie,
      payload: { conversation: conv },
    });
    expect(del.statusCode).toBe(200);
    expect(await live.next(a.id, (e) => e.type === 'conversation_removed')).toEqual({
      type: 'conversation_removed',
      conversation: conv,
    });
    expect((await page(a, `conversation=${conv}`)).statusCode).toBe(404);
    // A message from B brings it back for A.
    expect((await send(t, b, { conversation: conv, text: 'nog daar?' })).statusCode).toBe(200);
    expect((await page(a, `conversation=${conv}`)).statusCode).toBe(200);
    live.stop();
  });

  test('PUT marks a conversation read while it is open', async () => {
    const a = await member(t);
    const b = await member(t);
    const sent = (await send(t, a, { member: b.id, text: 'lees je dit?' })).json().message;
    const res = await t.call({
      method: 'PUT',
      url: '/api/messages.php',
      cookie: b.cookie,
      payload: { conversation: sent.conversation },
    });
    expect(res.json()).toEqual({ ok: true, up_to: sent.id });
    const again = await t.call({
      method: 'PUT',
      url: '/api/messages.php',
      cookie: b.cookie,
      payload: { conversation: sent.conversation },
    });
    expect(again.json()).toEqual({ ok: true, up_to: null });
  });
});

describe('refusals: a precise 4xx with a translated message, and no debit', () => {
  let a: Member;
  let b: Member;
  beforeAll(async () => {
    a = await member(t, { topUp: 90 });
    b = await member(t);
  });

  async function refused(payload: Record<string, unknown>, status: number, code: string, who = a) {
    const before = await balance(t, who.id);
    const messagesBefore = (await books(t, who.id)).messages;
    const res = await send(t, who, payload);
    expect({ status: res.statusCode, code: res.json().error?.code }).toEqual({ status, code });
    expect(res.json().error.message).toEqual(expect.any(String));
    expect(await balance(t, who.id)).toBe(before);
    expect((await books(t, who.id)).messages).toBe(messagesBefore);
    return res.json().error;
  }

  test('empty, whitespace, too long, NUL and control characters', async () => {
    expect((await refused({ member: b.id, text: '' }, 400, 'message_empty')).message).toBe(
      'Je bericht is leeg.',
    );
    await refused({ member: b.id, text: ' \n\t ' }, 400, 'message_empty');
    await refused({ member: b.id }, 400, 'message_empty');
    const long = await refused({ member: b.id, text: 'x'.repeat(1001) }, 400, 'message_too_long');
    expect(long.message).toBe('Je bericht is te lang (maximaal 1000 tekens).');
    await refused({ member: b.id, text: 'nul\u0000byte' }, 400, 'validation');
    await refused({ member: b.id, text: 'bel\u0007' }, 400, 'validation');
    // 1000 characters of an emoji are 2000 UTF-16 units, and still within the limit.
    expect((await send(t, a, { member: b.id, text: '😀'.repeat(1000) })).statusCode).toBe(200);
  });

  test('myself, a deleted member, an unknown member, a conversation that is not mine', async () => {
    await refused({ member: a.id, text: 'ik' }, 400, 'validation');
    const gone = await member(t);
    await t.app.db.execute(sql`UPDATE users SET status = 'deleted' WHERE id = ${gone.id}`);
    expect((await refused({ member: gone.id, text: 'hoi' }, 410, 'member_unavailable')).message).toBe(
      'Dit lid is niet meer beschikbaar.',
    );
    await refused({ member: 2_000_000, text: 'hoi' }, 404, 'not_found');
    const c = await member(t);
    const d = await member(t);
    const theirs = (await send(t, c, { member: d.id, text: 'privé' })).json().message.conversation;
    await refused({ conversation: theirs, text: 'ik lees mee' }, 404, 'not_found');
    expect((await page(a, `conversation=${theirs}`)).statusCode).toBe(404);
    await refused({ conversation: theirs, member: b.id, text: 'beide' }, 400, 'validation');
  });

  test('blocked either way', async () => {
    const c = await member(t);
    const block = (by: Member, other: Member) =>
      t.call({ method: 'POST', url: '/api/block.php', cookie: by.cookie, payload: { profile_id: other.id } });
    expect((await block(c, a)).statusCode).toBe(204);
    expect((await refused({ member: c.id, text: 'hoi' }, 403, 'blocked')).message).toBe(
      'Dit lid is niet beschikbaar.',
    );
    const e = await member(t);
    expect((await block(a, e)).statusCode).toBe(204);
    await refused({ member: e.id, text: 'hoi' }, 403, 'blocked');
  });

  test('not enough credits: Je hebt onvoldoende credits', async () => {
    const poor = await member(t); // the bonus of 10 pays two messages
    expect((await send(t, poor, { member: b.id, text: '1' })).statusCode).toBe(200);
    expect((await send(t, poor, { member: b.id, text: '2' })).statusCode).toBe(200);
    const error = await refused({ member: b.id, text: '3' }, 402, 'insufficient_credits', poor);
    expect(error.message).toBe('Je hebt onvoldoende credits');
    expect(await books(t, poor.id)).toMatchObject({
      balance: 0,
      ledgerSum: 0,
      messages: 2,
      orphanDebits: 0,
      unpaidMessages: 0,
    });
  });

  test('unknown gift, unknown photo, a photo that is not mine, missing ids', async () => {
    await refused({ member: b.id, type: 'gift', gift_id: 999_999 }, 404, 'not_found');
    await refused({ member: b.id, type: 'gift' }, 400, 'validation');
    await refused({ member: b.id, type: 'photo', photo_id: 999_999 }, 404, 'not_found');
    const row = await first<{ id: number }>(
      t.app.db,
      sql`INSERT INTO chat_photos (owner_id, filename, thumb_filename, width, height)
          VALUES (${b.id}, 'x.jpg', 'x_t.jpg', 10, 10) RETURNING id`,
    );
    await refused({ member: b.id, type: 'photo', photo_id: row!.id }, 403, 'forbidden');
  });

  test('bad client ids and visitors', async () => {
    await refused({ member: b.id, text: 'x', client_id: 'short' }, 400, 'validation');
    await refused({ member: b.id, text: 'x', client_id: 'has spaces in it' }, 400, 'validation');
    const visitor = await t.call({
      method: 'POST',
      url: '/api/messages.php',
      payload: { member: b.id, client_id: clientId(), type: 'text', text: 'x' },
    });
    expect(visitor.statusCode).toBe(403);
  });
});

describe('free members start at most 2 chats', () => {
  test('the third start answers the premium-only chat limit; replies and paid members are not limited', async () => {
    const free = await member(t, { topUp: 100 });
    const [p1, p2, p3, p4] = [await member(t), await member(t), await member(t), await member(t)];
    expect((await send(t, free, { member: p1.id, text: '1' })).statusCode).toBe(200);
    expect((await send(t, free, { member: p2.id, text: '2' })).statusCode).toBe(200);
    const before = await balance(t, free.id);
    const third = await send(t, free, { member: p3.id, text: '3' });
    expect(third.statusCode).toBe(403);
    expect(third.json().error).toMatchObject({
      code: 'chat_limit',
      message: 'Als gratis lid kun je maximaal 2 chats starten. Word premium om verder te chatten.',
    });
    expect(await balance(t, free.id)).toBe(before);
    // Talking on in a started chat, or answering someone who started one, is not starting a chat.
    expect((await send(t, free, { member: p1.id, text: 'nog een' })).statusCode).toBe(200);
    expect((await send(t, p4, { member: free.id, text: 'hoi jij' })).statusCode).toBe(200);
    expect((await send(t, free, { member: p4.id, text: 'hoi terug' })).statusCode).toBe(200);
    await t.app.db.execute(sql`UPDATE users SET paid_user = TRUE WHERE id = ${free.id}`);
    expect((await send(t, free, { member: p3.id, text: '3 als premium' })).statusCode).toBe(200);
  });
});

describe('gifts and photos', () => {
  test('the catalogue in my language at the site price; a gift costs gift_credits', async () => {
    const a = await member(t, { topUp: 30 });
    const b = await member(t);
    const nl = (await t.call({ method: 'GET', url: '/api/gifts.php', cookie: a.cookie })).json().gifts;
    expect(nl.length).toBeGreaterThanOrEqual(8);
    expect(nl[0]).toMatchObject({
      name: 'Hartje',
      credits: 20,
      image: expect.stringMatching(/^\/api\/gift\.php\?id=\d+$/),
    });
    const en = (
      await t.call({ method: 'GET', url: '/api/gifts.php', headers: { cookie: 'locale=en' } })
    ).json().gifts;
    expect(en[0].name).toBe('Heart');
    const image = await t.call({ method: 'GET', url: nl[0].image });
    expect(image.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(image.body).toMatch(/^<svg /);

    const res = await send(t, a, { member: b.id, type: 'gift', gift_id: nl[1].id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      type: 'gift',
      text: null,
      gift: { id: nl[1].id, name: 'Roos' },
    });
    expect(res.json().credits).toBe(40 - 20);
    const ledger = await first<{ kind: string; amount: number }>(
      t.app.db,
      sql`SELECT kind, amount FROM credit_ledger WHERE user_id = ${a.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(ledger).toEqual({ kind: 'gift', amount: -20 });
  });

  test('a photo is re-encoded without metadata, costs photo_credits and is shown only to the two members', async () => {
    const sharp = (await import('sharp')).default;
    const { multipart } = await import('../../../testing/accounts');
    const a = await member(t, { topUp: 10 });
    const b = await member(t);
    const outsider = await member(t);
    const original = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#9b5fc0' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'secret-artist' } })
      .toBuffer();
    expect(original.includes(Buffer.from('secret-artist'))).toBe(true);
    const upload = await t.call({
      method: 'POST',
      url: '/api/chat-photo.php',
      cookie: a.cookie,
      ...multipart('file', 'me.jpg', 'image/jpeg', original),
    });
    expect(upload.statusCode).toBe(201);
    const photo = upload.json().photo;
    expect(photo).toMatchObject({ width: 400, height: 300, url: `/api/chat-photo.php?id=${photo.id}` });

    const bogus = await t.call({
      method: 'POST',
      url: '/api/chat-photo.php',
      cookie: a.cookie,
      ...multipart('file', 'x.jpg', 'image/jpeg', Buffer.from('<svg></svg>')),
    });
    expect(bogus.json().error.code).toBe('photo_invalid');

    // Not sent yet: only the owner sees it.
    expect((await t.call({ method: 'GET', url: photo.url, cookie: b.cookie })).statusCode).toBe(404);
    const res = await send(t, a, { member: b.id, type: 'photo', photo_id: photo.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().credits).toBe(20 - 10);
    for (const who of [a, b]) {
      const full = await t.call({ method: 'GET', url: photo.url, cookie: who.cookie });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('image/jpeg');
      expect(full.rawPayload.includes(Buffer.from('secret-artist'))).toBe(false);
      expect((await sharp(full.rawPayload).metadata()).exif).toBeUndefined();
      expect((await t.call({ method: 'GET', url: photo.thumb_url, cookie: who.cookie })).statusCode).toBe(
        200,
      );
    }
    expect((await t.call({ method: 'GET', url: photo.url, cookie: outsider.cookie })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: photo.url })).statusCode).toBe(403);
    const seen = (await page(b, `member=${a.id}`)).json().messages.at(-1);
    expect(seen).toMatchObject({ type: 'photo', photo: { id: photo.id, thumb_url: photo.thumb_url } });
  });
});

describe('signup and fictional profiles', () => {
  test('the signup bonus is a ledger row; a step-0 message is sent once from it', async () => {
    const fictional = await first<{ id: number }>(
      t.app.db,
      sql`SELECT id FROM users WHERE fictional ORDER BY id LIMIT 1`,
    );
    const m = await member(t, {
      over: { signup_message: 'Hoi, ik zag je profiel!', profile_id: fictional!.id },
    });
    const ledger = await first<{ kinds: string }>(
      t.app.db,
      sql`SELECT string_agg(kind || ':' || amount, ',' ORDER BY id) AS kinds FROM credit_ledger WHERE user_id = ${m.id}`,
    );
    expect(ledger!.kinds).toBe('bonus:10,message:-5');
    expect(await books(t, m.id)).toMatchObject({
      balance: 5,
      ledgerSum: 5,
      messages: 1,
      orphanDebits: 0,
      unpaidMessages: 0,
    });
    const conv = (await page(m, `member=${fictional!.id}`)).json();
    expect(conv.messages).toMatchObject([{ text: 'Hoi, ik zag je profiel!', from_me: true }]);
    expect(conv.profile.fictional).toBe(true);
    // Sent again (a retried signup step), it is the same message.
    const again = await t.app.services.messages.send(
      { id: m.id, siteId: 1, language: 'nl' },
      { message_credits: 5, photo_credits: 10, gift_credits: 20, message_length: 1000 },
      {
        member: fictional!.id,
        client_id: `signup-message-${m.id}`,
        type: 'text',
        text: 'Hoi, ik zag je profiel!',
      },
    );
    expect(again.message.id).toBe(conv.messages[0].id);
    expect(await books(t, m.id)).toMatchObject({ balance: 5, messages: 1 });
  });

  test('messages to a fictional profile wait for staff in an index-backed queue', async () => {
    const fictional = await first<{ id: number }>(
      t.app.db,
      // One of the site's own (the brands' fictional members are not shown on localhost).
      sql`SELECT id FROM users WHERE fictional AND site_id = (SELECT id FROM sites WHERE host = 'localhost')
          ORDER BY id DESC LIMIT 1`,
    );
    const m = await member(t);
    const conv = (await send(t, m, { member: fictional!.id, text: 'Ben je er?' })).json().message
      .conversation;
    const waiting = async () =>
      (
        (await t.app.db.execute(
          sql`SELECT id FROM conversations WHERE fictional_id IS NOT NULL
                AND last_sender_id IS DISTINCT FROM fictional_id AND last_sender_id IS NOT NULL ORDER BY updated_at`,
        )) as unknown as { rows: { id: number }[] }
      ).rows.map((r) => r.id);
    expect(await waiting()).toContain(conv);
    // Staff answer as the profile: the conversation leaves the queue.
    await t.app.db.execute(
      sql`INSERT INTO messages (conversation_id, sender_id, body) VALUES (${conv}, ${fictional!.id}, 'Ja hoor!')`,
    );
    expect(await waiting()).not.toContain(conv);
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = (await tx.execute(
        sql`EXPLAIN SELECT id FROM conversations WHERE fictional_id IS NOT NULL
              AND last_sender_id IS DISTINCT FROM fictional_id AND last_sender_id IS NOT NULL ORDER BY updated_at`,
      )) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toMatch(/conversations_fictional_waiting_idx/);
  });

  test('counters: unread messages, new likes, credits and premium in one call', async () => {
    const a = await member(t);
    const b = await member(t, { topUp: 5 });
    await send(t, b, { member: a.id, text: 'een' });
    await send(t, b, { member: a.id, text: 'twee' });
    await t.app.db.execute(sql`INSERT INTO likes (user_id, liked_id) VALUES (${b.id}, ${a.id})`);
    expect(await t.app.services.counters.of(a.id)).toEqual({
      unread_messages: 2,
      new_likes: 1,
      credits: 10,
      paid_user: false,
    });
    expect(await t.app.services.counters.of(b.id)).toMatchObject({ unread_messages: 0, credits: 5 });
  });

  test('a send to a member whose page is open: the counters in one statement, no chat-list read', async () => {
    const a = await member(t, { topUp: 20 });
    const b = await member(t);
    await send(t, a, { member: b.id, text: 'eerste' });
    // The first message reached no page (with Redis: once its publish has been answered), so it asked no counters.
    await t.app.services.live.settled();
    const live = listen(t, b.id);
    await t.app.services.live.ready(b.id);
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const driver = jest.spyOn(client, 'query');
    await send(t, a, { member: b.id, text: 'tweede' });
    expect(await live.next(b.id, (e) => e.type === 'counters')).toMatchObject({ unread_messages: 2 });
    const texts = driver.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text));
    driver.mockRestore();
    live.stop();
    expect(texts.filter((text) => text.includes('AS new_likes'))).toHaveLength(1);
    expect(texts.some((text) => text.includes('WITH mine AS'))).toBe(false);
  });

  test('counters: unread messages as the chat list sums them (a blocked partner’s and a hidden chat’s left out)', async () => {
    const a = await member(t);
    const [b, c, d] = [
      await member(t, { topUp: 20 }),
      await member(t, { topUp: 20 }),
      await member(t, { topUp: 20 }),
    ];
    for (const from of [b, b, c, d, d, d]) await send(t, from, { member: a.id, text: 'hallo' });
    const block = await t.call({
      method: 'POST',
      url: '/api/block.php',
      cookie: a.cookie,
      payload: { profile_id: c.id },
    });
    expect(block.statusCode).toBeLessThan(300);
    const chat = await first<{ id: number }>(
      t.app.db,
      sql`SELECT id FROM conversations WHERE user_a = ${Math.min(a.id, d.id)} AND user_b = ${Math.max(a.id, d.id)}`,
    );
    await t.app.services.chats.remove(a.id, chat!.id);
    const list = await t.app.services.chats.list(a.id);
    const listed = list.reduce((sum, entry) => sum + entry.num_unread_messages, 0);
    expect(listed).toBe(2);
    expect((await t.app.services.counters.of(a.id)).unread_messages).toBe(listed);
  });
});
