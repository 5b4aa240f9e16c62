import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { first } from '../../src/db/sql';
import { createTestApp, type TestContext } from '../../src/testing/helpers';
import { multipart } from '../../src/testing/accounts';
import { member, send, type Member } from '../../src/testing/chat';
import { staffSession, type StaffMember } from '../../src/testing/staff';
import { startTestS3, type TestS3 } from '../../src/testing/s3';

/**
 * Photos private until approved (docs/adr/0024-object-storage.md): no photo that moderation has not approved reaches anyone but its owner and staff, and
 * no chat photo anyone but its two members (and staff through the conversation), on both storage drivers; never
 * with a cache header a shared cache may keep. Every state × every viewer × every way to ask: the address the API
 * gives, the public file name guessed from the private one, HEAD, thumbnails, byte ranges, a forged If-None-Match.
 */
const PRIVATE = 'private, no-store';
const jpeg = (colour: string) =>
  sharp({ create: { width: 90, height: 60, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe.each(['local', 's3'] as const)('photo access on the %s storage', (driver) => {
  let t: TestContext;
  let s3: TestS3 | undefined;
  let owner: Member;
  let other: Member;
  let staff: StaffMember;
  beforeAll(async () => {
    if (driver === 's3') s3 = await startTestS3();
    t = await createTestApp({ profiles: 0, ...(s3 ? { storage: s3.config(`t${Date.now()}`) } : {}) });
    owner = await member(t, { topUp: 100 });
    other = await member(t, { topUp: 100 });
    staff = await staffSession(t, 'operator');
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const get = (
    url: string,
    cookie?: string,
    headers: Record<string, string> = {},
    method: 'GET' | 'HEAD' = 'GET',
  ) => t.call({ method, url, ...(cookie ? { cookie } : {}), headers });

  async function uploadPhoto(colour: string) {
    const res = await t.call({
      method: 'POST',
      url: '/api/photos.php',
      cookie: owner.cookie,
      ...multipart('photo', 'me.jpg', 'image/jpeg', await jpeg(colour)),
    });
    expect(res.statusCode).toBe(201);
    const photo = res.json().photos.at(-1) as { id: number; filename: string; thumb_filename: string };
    const row = await first<{ filename: string; thumb_filename: string }>(
      t.app.db,
      sql`SELECT filename, thumb_filename FROM photos WHERE id = ${photo.id}`,
    );
    return { ...photo, stored: row! };
  }

  /** Every way a viewer could ask for these bytes. */
  type Attempt = { url: string; method: 'GET' | 'HEAD'; headers: Record<string, string> };
  function attempts(urls: string[]): Attempt[] {
    return urls.flatMap((url): Attempt[] => [
      { url, method: 'GET' as const, headers: {} },
      { url, method: 'HEAD' as const, headers: {} },
      { url, method: 'GET' as const, headers: { range: 'bytes=0-99' } },
      { url, method: 'GET' as const, headers: { range: 'bytes=-10' } },
      { url, method: 'GET' as const, headers: { 'if-none-match': '*' } },
    ]);
  }

  function refused(res: LightMyRequestResponse, what: string) {
    // 403 (no session) or 404; never the bytes, a 206 part, a 304 confirming it exists, or a redirect to them.
    expect([401, 403, 404]).toContain(res.statusCode);
    if (res.statusCode === 404 || res.statusCode === 403)
      expect(res.headers['content-type'] ?? '').not.toMatch(/^image\//);
    expect(res.rawPayload.length < 2 || res.rawPayload[0] !== 0xff).toBe(true);
    expect(what).toBeTruthy();
  }

  function served(res: LightMyRequestResponse, cacheControl: string) {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe(cacheControl);
  }

  test('a photo under inspection: its owner and staff only, never cacheable; a guess at a public name finds nothing', async () => {
    const photo = await uploadPhoto('#aa3366');
    const viaApi = [photo.filename, photo.thumb_filename];
    expect(viaApi).toEqual([`/api/photo.php?id=${photo.id}`, `/api/photo.php?id=${photo.id}&size=thumb`]);
    const staffUrls = [`/api/staff/photos/${photo.id}/file`, `/api/staff/photos/${photo.id}/file?size=thumb`];
    // The stored names are private keys; the public folder has nothing under them, nor under the old layout.
    expect(photo.stored.filename).toMatch(/^private\/photos\/[0-9a-f]{32}\.jpg$/);
    const name = photo.stored.filename.split('/').pop()!;
    const guesses = [
      `/media/photos/${name}`,
      `/media/photos/${name.replace('.jpg', '_t.jpg')}`,
      `/media/${photo.stored.filename}`,
      `/media/../${photo.stored.filename}`,
      `/media/%2e%2e/${photo.stored.filename}`,
      `/${photo.stored.filename}`,
      `/api/chat-photo.php?id=${photo.id}`,
    ];

    // The owner: the bytes, HEAD, ranges, a 304 for its own etag, all `private, no-store`.
    const full = await get(viaApi[0]!, owner.cookie);
    served(full, PRIVATE);
    expect((await sharp(full.rawPayload).metadata()).width).toBe(90);
    served(await get(viaApi[1]!, owner.cookie), PRIVATE);
    const head = await get(viaApi[0]!, owner.cookie, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe(PRIVATE);
    expect(Number(head.headers['content-length'])).toBe(full.rawPayload.length);
    const part = await get(viaApi[0]!, owner.cookie, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['cache-control']).toBe(PRIVATE);
    expect(part.rawPayload.equals(full.rawPayload.subarray(0, 100))).toBe(true);
    const again = await get(viaApi[0]!, owner.cookie, { 'if-none-match': String(full.headers.etag) });
    expect(again.statusCode).toBe(304);

    // Staff, through the moderation queue's addresses.
    const queue = (await get('/api/staff/photos', staff.cookie)).json().photos as {
      id: number;
      url: string;
    }[];
    expect(queue.find((p) => p.id === photo.id)).toMatchObject({
      url: staffUrls[0],
      thumb_url: staffUrls[1],
    });
    for (const url of staffUrls) served(await get(url, staff.cookie), PRIVATE);

    // Everyone else, every way; the staff routes refuse members and visitors too.
    for (const viewer of [undefined, other.cookie]) {
      for (const a of attempts([...viaApi, ...staffUrls, ...guesses])) {
        refused(await get(a.url, viewer, a.headers, a.method), `${a.method} ${a.url}`);
      }
    }
    // Even the owner and staff find nothing at a guessed public name.
    for (const viewer of [owner.cookie, staff.cookie])
      for (const url of guesses.slice(0, 5)) expect((await get(url, viewer)).statusCode).toBe(404);
  });

  test('approved: a new public, immutable name; the old private addresses never become public', async () => {
    const photo = await uploadPhoto('#3366aa');
    const before = photo.stored;
    expect(await t.app.services.photos.approve(photo.id)).toBe(true);
    const after = await first<{ filename: string; thumb_filename: string }>(
      t.app.db,
      sql`SELECT filename, thumb_filename FROM photos WHERE id = ${photo.id}`,
    );
    expect(after!.filename).toMatch(/^photos\/[0-9a-f]{32}\.jpg$/);
    // A new random name: nothing known before approval leads to the public file.
    const oldName = before.filename.split('/').pop()!;
    expect(after!.filename).not.toContain(oldName.replace('.jpg', ''));
    expect(await t.app.services.storage.head(before.filename)).toBeNull();
    expect(await t.app.services.storage.head(before.thumb_filename)).toBeNull();

    const publicUrls = [`/media/${after!.filename}`, `/media/${after!.thumb_filename}`];
    for (const viewer of [undefined, other.cookie, owner.cookie, staff.cookie]) {
      for (const url of publicUrls) served(await get(url, viewer), 'public, max-age=31536000, immutable');
      const head = await get(publicUrls[0]!, viewer, {}, 'HEAD');
      expect(head.statusCode).toBe(200);
      const part = await get(publicUrls[0]!, viewer, { range: 'bytes=10-19' });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.length).toBe(10);
      expect((await get(`/media/photos/${oldName}`, viewer)).statusCode).toBe(404);
    }
    // The private address: a redirect for the owner; for anyone else still nothing, with or without the name.
    const mine = await get(photo.filename, owner.cookie);
    expect(mine.statusCode).toBe(302);
    expect(mine.headers.location).toBe(publicUrls[0]);
    expect(mine.headers['cache-control']).toBe(PRIVATE);
    for (const viewer of [undefined, other.cookie])
      for (const a of attempts([photo.filename, photo.thumb_filename]))
        refused(await get(a.url, viewer, a.headers, a.method), `${a.method} ${a.url}`);
  });

  test('rejected: gone for everyone, the owner and staff included', async () => {
    const photo = await uploadPhoto('#66aa33');
    expect(await t.app.services.photos.reject(photo.id)).toBe(true);
    expect(await t.app.services.storage.head(photo.stored.filename)).toBeNull();
    const urls = [photo.filename, photo.thumb_filename, `/api/staff/photos/${photo.id}/file`];
    for (const viewer of [undefined, other.cookie, owner.cookie, staff.cookie])
      for (const a of attempts(urls))
        refused(await get(a.url, viewer, a.headers, a.method), `${a.method} ${a.url}`);
  });

  test('a chat photo: the two members only, never cacheable', async () => {
    const third = await member(t, { topUp: 100 });
    const up = await t.call({
      method: 'POST',
      url: '/api/chat-photo.php',
      cookie: owner.cookie,
      ...multipart('file', 'c.jpg', 'image/jpeg', await jpeg('#112233')),
    });
    expect(up.statusCode).toBe(201);
    const photo = up.json().photo as { id: number; url: string; thumb_url: string };
    const row = await first<{ filename: string }>(
      t.app.db,
      sql`SELECT filename FROM chat_photos WHERE id = ${photo.id}`,
    );
    // Before it is sent: its owner only.
    served(await get(photo.url, owner.cookie), PRIVATE);
    for (const a of attempts([photo.url, photo.thumb_url]))
      refused(await get(a.url, other.cookie, a.headers, a.method), a.url);
    expect((await send(t, owner, { member: other.id, type: 'photo', photo_id: photo.id })).statusCode).toBe(
      200,
    );

    for (const who of [owner, other]) {
      served(await get(photo.url, who.cookie), PRIVATE);
      served(await get(photo.thumb_url, who.cookie), PRIVATE);
      expect((await get(photo.url, who.cookie, { range: 'bytes=0-9' })).statusCode).toBe(206);
    }
    const guesses = [
      `/media/photos/${row!.filename}`,
      `/media/chat-photos/${row!.filename}`,
      `/chat-photos/${row!.filename}`,
    ];
    for (const viewer of [undefined, third.cookie])
      for (const a of attempts([photo.url, photo.thumb_url, ...guesses]))
        refused(await get(a.url, viewer, a.headers, a.method), `${a.method} ${a.url}`);
    for (const viewer of [owner.cookie, other.cookie])
      for (const url of guesses) expect((await get(url, viewer)).statusCode).toBe(404);
  });
});
