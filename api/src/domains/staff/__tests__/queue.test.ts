import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { StaffConversation, StaffQueueResponse } from '@dating/shared/contract/staff';
import { first, rows } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { multipart } from '../../../testing/accounts';
import { balance, clientId, listen, member, send, type Member } from '../../../testing/chat';
import { staffSession, type StaffMember } from '../../../testing/staff';

// PGlite by default; with DATABASE_URL the same tests run on PostgreSQL (the parallel claims are the point there).
let t: TestContext;
let fictional: number[];
let opA: StaffMember;
let opB: StaffMember;
beforeAll(async () => {
  t = await createTestApp({ profiles: 8 });
  const site = await t.app.services.sites.resolve('localhost');
  fictional = (
    await rows<{ id: number }>(
      t.app.db,
      sql`SELECT id FROM users WHERE fictional AND site_id = ${site.id} ORDER BY id`,
    )
  ).map((r) => r.id);
  opA = await staffSession(t, 'operator');
  opB = await staffSession(t, 'operator');
});
afterAll(() => t.close());

const queue = async (cookie: string) =>
  (await t.call({ method: 'GET', url: '/api/staff/queue?limit=100', cookie })).json<StaffQueueResponse>();
const claim = (cookie: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/staff/queue/claim', cookie, payload });
const reply = (cookie: string, conversation: number, payload: Record<string, unknown>) =>
  t.call({
    method: 'POST',
    url: `/api/staff/conversations/${conversation}/reply`,
    cookie,
    payload: { client_id: clientId('staff'), ...payload },
  });

async function writeTo(m: Member, fictionalId: number, text: string): Promise<number> {
  const res = await send(t, m, { member: fictionalId, text });
  expect(res.statusCode).toBe(200);
  return res.json().message.conversation as number;
}

test('a message to a fictional profile waits in the queue; one operator claims and answers it, the member gets it live', async () => {
  const m = await member(t, { topUp: 50 });
  const conversation = await writeTo(m, fictional[0]!, 'Hallo, ben je er?');
  const listed = await queue(opA.cookie);
  const item = listed.items.find((i) => i.conversation === conversation);
  expect(item).toMatchObject({
    member: { id: m.id },
    fictional: { id: fictional[0] },
    locale: 'nl',
    last_message: { type: 'text', text: 'Hallo, ben je er?' },
    claim: null,
  });
  // Oldest first.
  const times = listed.items.map((i) => i.last_message.sent_at);
  expect([...times].sort()).toEqual(times);

  const a = await claim(opA.cookie, { conversation });
  expect(a.statusCode).toBe(200);
  // The list names who holds it: the holder sees it as theirs, every other operator as another's.
  const claimIn = async (cookie: string) =>
    (await queue(cookie)).items.find((i) => i.conversation === conversation)?.claim;
  expect(await claimIn(opA.cookie)).toMatchObject({ staff: { id: opA.id, name: opA.name }, mine: true });
  expect(await claimIn(opB.cookie)).toMatchObject({ staff: { id: opA.id }, mine: false });
  const b = await claim(opB.cookie, { conversation });
  expect(b.statusCode).toBe(409);
  expect(b.json().error.code).toBe('claim_taken');
  const stolen = await reply(opB.cookie, conversation, { type: 'text', text: 'Ik ook!' });
  expect(stolen.statusCode).toBe(409);
  expect(stolen.json().error.code).toBe('claim_expired');

  const detail = (
    await t.call({ method: 'GET', url: `/api/staff/conversations/${conversation}`, cookie: opA.cookie })
  ).json<StaffConversation>();
  expect(detail.member).toMatchObject({ id: m.id, locale: 'nl' });
  expect(detail.fictional.id).toBe(fictional[0]);
  expect(detail.messages.map((x) => [x.text, x.from_me])).toEqual([['Hallo, ben je er?', false]]);
  expect(detail.claim).toMatchObject({ mine: true });
  expect(detail.gifts.length).toBeGreaterThan(0);

  const credits = await balance(t, m.id);
  const events = listen(t, m.id);
  const sent = await reply(opA.cookie, conversation, { type: 'text', text: 'Ja hoor, hier ben ik.' });
  expect(sent.statusCode).toBe(201);
  expect(sent.json().message).toMatchObject({ text: 'Ja hoor, hier ben ik.', from_me: true });
  const live = await events.next(m.id, (e) => e.type === 'message');
  events.stop();
  expect(live).toMatchObject({ conversation, message: { text: 'Ja hoor, hier ben ik.', from_me: false } });

  // The member's own view of the conversation has it; the member paid nothing for it; it left the queue.
  const page = await t.call({
    method: 'GET',
    url: `/api/messages.php?member=${fictional[0]}`,
    cookie: m.cookie,
  });
  expect(page.json().messages.map((x: { text: string }) => x.text)).toEqual([
    'Hallo, ben je er?',
    'Ja hoor, hier ben ik.',
  ]);
  expect(await balance(t, m.id)).toBe(credits);
  expect((await queue(opA.cookie)).items.some((i) => i.conversation === conversation)).toBe(false);
  const audited = await first<{ n: number }>(
    t.app.db,
    sql`SELECT count(*)::int AS n FROM staff_audit WHERE action = 'reply' AND staff_id = ${opA.id} AND target_id = ${conversation}`,
  );
  expect(audited!.n).toBe(1);

  // A gift from the catalogue, and the same client id twice sends one message.
  const gift = detail.gifts[0]!.id;
  const id = clientId('gift');
  const g1 = await reply(opA.cookie, conversation, { type: 'gift', gift_id: gift, client_id: id });
  const g2 = await reply(opA.cookie, conversation, { type: 'gift', gift_id: gift, client_id: id });
  expect(g1.statusCode).toBe(201);
  expect(g2.json().message.id).toBe(g1.json().message.id);
  const unknownPhoto = await reply(opA.cookie, conversation, { type: 'photo', album_photo_id: 999999 });
  expect(unknownPhoto.statusCode).toBe(404);
  expect(unknownPhoto.json().error.field).toBe('album_photo_id');
  const empty = await reply(opA.cookie, conversation, { type: 'text', text: '   ' });
  expect(empty.statusCode).toBe(400);
});

test('a claim times out: after its expiry another operator takes it; release gives it back at once', async () => {
  const m = await member(t);
  const conversation = await writeTo(m, fictional[1]!, 'Hoi');
  expect((await claim(opA.cookie, { conversation })).statusCode).toBe(200);
  expect((await claim(opB.cookie, { conversation })).statusCode).toBe(409);
  await t.app.db.execute(
    sql`UPDATE staff_claims SET expires_at = now() - interval '1 second' WHERE conversation_id = ${conversation}`,
  );
  expect((await claim(opB.cookie, { conversation })).statusCode).toBe(200);
  const late = await reply(opA.cookie, conversation, { type: 'text', text: 'Te laat' });
  expect(late.statusCode).toBe(409);
  const released = await t.call({
    method: 'POST',
    url: '/api/staff/queue/release',
    cookie: opB.cookie,
    payload: { conversation },
  });
  expect(released.statusCode).toBe(200);
  expect((await claim(opA.cookie, { conversation })).statusCode).toBe(200);
});

test('50 operators claim the same conversation at once: exactly one holds it', async () => {
  const m = await member(t);
  const conversation = await writeTo(m, fictional[2]!, 'Wie antwoordt?');
  const ops = await Promise.all(Array.from({ length: 50 }, () => staffSession(t, 'operator')));
  const results = await Promise.all(ops.map((op) => claim(op.cookie, { conversation })));
  const won = results.filter((r) => r.statusCode === 200);
  expect(won).toHaveLength(1);
  expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
  const holder = await rows<{ staff_id: number }>(
    t.app.db,
    sql`SELECT staff_id FROM staff_claims WHERE conversation_id = ${conversation}`,
  );
  expect(holder).toHaveLength(1);
  expect(ops[results.indexOf(won[0]!)]!.id).toBe(holder[0]!.staff_id);
});

test('50 operators take "the next one" at once: each waiting conversation goes to one of them', async () => {
  for (let i = 3; i < 7; i++) await writeTo(await member(t), fictional[i]!, `Bericht ${i}`);
  const free = await first<{ n: number }>(
    t.app.db,
    sql`SELECT count(*)::int AS n FROM conversations c LEFT JOIN staff_claims sc ON sc.conversation_id = c.id
        WHERE c.fictional_id IS NOT NULL AND c.last_sender_id IS DISTINCT FROM c.fictional_id
          AND c.last_sender_id IS NOT NULL AND (sc.conversation_id IS NULL OR sc.expires_at <= now())`,
  );
  expect(free!.n).toBeGreaterThanOrEqual(4);
  const ops = await Promise.all(Array.from({ length: 50 }, () => staffSession(t, 'operator')));
  const results = await Promise.all(ops.map((op) => claim(op.cookie, {})));
  const won = results.filter((r) => r.statusCode === 200).map((r) => r.json().conversation as number);
  expect(new Set(won).size).toBe(won.length);
  expect(won.length).toBe(Math.min(50, free!.n));
  expect(results.filter((r) => r.statusCode === 404)).toHaveLength(50 - won.length);
});

test('photos: the member’s photo shows to the operator through the staff route; a reply with an album photo reaches the member', async () => {
  const img = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#a35' } })
    .jpeg()
    .toBuffer();
  const m = await member(t, { topUp: 100 });
  const up = await t.call({
    method: 'POST',
    url: '/api/chat-photo.php',
    cookie: m.cookie,
    ...multipart('file', 'p.jpg', 'image/jpeg', img),
  });
  expect(up.statusCode).toBe(201);
  const sent = await send(t, m, { member: fictional[7]!, type: 'photo', photo_id: up.json().photo.id });
  expect(sent.statusCode).toBe(200);
  const conversation = sent.json().message.conversation as number;
  expect((await claim(opA.cookie, { conversation })).statusCode).toBe(200);

  // The fictional profile's album: a photo stored for it (the photos service's own pipeline) and approved.
  await t.app.services.photos.upload(fictional[7]!, false, img);
  const albumId = (await first<{ id: number }>(
    t.app.db,
    sql`SELECT id FROM photos WHERE user_id = ${fictional[7]!} ORDER BY id DESC LIMIT 1`,
  ))!.id;
  await t.app.db.execute(sql`UPDATE photos SET status = 'active' WHERE id = ${albumId}`);

  const detail = (
    await t.call({ method: 'GET', url: `/api/staff/conversations/${conversation}`, cookie: opA.cookie })
  ).json<StaffConversation>();
  expect(detail.fictional.album.map((p) => p.id)).toContain(albumId);
  const photo = detail.messages[0]!.photo!;
  expect(photo.url).toBe(`/api/staff/conversations/${conversation}/photo?photo=${photo.id}`);
  const bytes = await t.call({ method: 'GET', url: photo.thumb_url, cookie: opA.cookie });
  expect(bytes.statusCode).toBe(200);
  expect(bytes.headers['content-type']).toBe('image/jpeg');
  // Only photos of this conversation.
  const other = await t.call({
    method: 'GET',
    url: `/api/staff/conversations/${conversation}/photo?photo=999999`,
    cookie: opA.cookie,
  });
  expect(other.statusCode).toBe(404);

  const replied = await reply(opA.cookie, conversation, { type: 'photo', album_photo_id: albumId });
  expect(replied.statusCode).toBe(201);
  const chatPhoto = replied.json().message.photo as { url: string };
  const seen = await t.call({ method: 'GET', url: chatPhoto.url, cookie: m.cookie });
  expect(seen.statusCode).toBe(200);
  expect(seen.headers['content-type']).toMatch(/image\/jpeg/);
});
