import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { PHOTO_MAX_BYTES } from '@dating/shared/contract/account';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { multipart, signup } from '../../../testing/accounts';
import { staffSession } from '../../../testing/staff';
import { staffPath, type StaffSite } from '@dating/shared/contract/staff';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 8 });
}, 60_000);
afterAll(() => t.close());

const jpeg = (w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#a03070' } })
    .jpeg()
    .toBuffer();

const upload = (cookie: string, data: Buffer, type = 'image/jpeg', field = 'photo') =>
  t.call({ method: 'POST', url: '/api/photos.php', cookie, ...multipart(field, 'upload.jpg', type, data) });

/** A photo's bytes as its owner gets them (photos under inspection are served to their owner only). */
const bytesOf = async (url: string, cookie: string) => {
  const res = await t.call({ method: 'GET', url, cookie });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

/** The GPS IFD pointer tag (0x8825) in either byte order. */
const hasGpsPointer = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

test('an upload is re-encoded, stripped of EXIF and GPS, thumbnailed, under inspection and the main image', async () => {
  const { cookie } = await signup(t);
  const original = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 22/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 53/1 0/1',
      },
    })
    .toBuffer();
  const meta = await sharp(original).metadata();
  expect(meta.exif && hasGpsPointer(meta.exif)).toBe(true);

  const res = await upload(cookie, original);
  expect(res.statusCode).toBe(201);
  const { photos, limit } = res.json();
  expect(limit).toBe(3);
  expect(photos).toHaveLength(1);
  expect(photos[0]).toMatchObject({ status: 'inspection', main: true });
  // Not public before approval: served through the api to its owner (ADR 0024).
  expect(photos[0].filename).toBe(`/api/photo.php?id=${photos[0].id}`);
  expect(photos[0].thumb_filename).toBe(`/api/photo.php?id=${photos[0].id}&size=thumb`);

  const stored = await sharp(await bytesOf(photos[0].filename, cookie)).metadata();
  expect(stored.format).toBe('jpeg');
  expect(stored.exif).toBeUndefined();
  expect(stored.xmp).toBeUndefined();
  expect(stored.iptc).toBeUndefined();
  expect(stored.width).toBe(120);
  const thumb = await sharp(await bytesOf(photos[0].thumb_filename, cookie)).metadata();
  expect(thumb.exif).toBeUndefined();
  expect(thumb.width).toBeLessThanOrEqual(320);

  const me = (await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user;
  expect(me.profile.main_image).toMatchObject({ id: photos[0].id, status: 'inspection' });

  // Approved: a new public name under /media/, served to anyone.
  await t.app.services.photos.approve(photos[0].id);
  const approved = (await t.call({ method: 'GET', url: '/api/photos.php', cookie })).json().photos[0];
  expect(approved.filename).toMatch(/^\/media\/photos\/[0-9a-f]{32}\.jpg$/);
  const served = await t.call({ method: 'GET', url: approved.filename });
  expect(served.statusCode).toBe(200);
  expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await sharp(served.rawPayload).metadata()).width).toBe(120);
  // The owner's address from before approval now leads to the public one.
  const old = await t.call({ method: 'GET', url: photos[0].filename, cookie });
  expect(old.statusCode).toBe(302);
  expect(old.headers.location).toBe(approved.filename);
});

test('a large but allowed photo (several MB) is accepted and scaled down', async () => {
  const { cookie } = await signup(t);
  const noise = Buffer.alloc(1200 * 1000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const png = await sharp(noise, { raw: { width: 1200, height: 1000, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.length).toBeGreaterThan(2 * 1024 * 1024);
  const res = await upload(cookie, png, 'image/png');
  expect(res.statusCode).toBe(201);
  const stored = await sharp(await bytesOf(res.json().photos[0].filename, cookie)).metadata();
  expect(stored.format).toBe('jpeg');
  expect(Math.max(stored.width!, stored.height!)).toBeLessThanOrEqual(1600);
});

test('a non-image is refused by content, whatever its declared type (400)', async () => {
  const { cookie } = await signup(t);
  const res = await upload(cookie, Buffer.from('<?php echo "hi"; ?>'.repeat(20)), 'image/jpeg');
  expect(res.statusCode).toBe(400);
  expect(res.json().error.code).toBe('photo_invalid');
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  );
  expect((await upload(cookie, svg, 'image/svg+xml')).json().error.code).toBe('photo_invalid');
  const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .gif()
    .toBuffer();
  expect((await upload(cookie, gif, 'image/gif')).json().error.code).toBe('photo_invalid');
  expect((await t.call({ method: 'GET', url: '/api/photos.php', cookie })).json().photos).toHaveLength(0);
});

test('an oversized file is refused (413) and nothing is stored', async () => {
  const { cookie } = await signup(t);
  const before = await t.app.services.storage.list('');
  const big = Buffer.concat([await jpeg(), Buffer.alloc(PHOTO_MAX_BYTES + 1024, 1)]);
  const res = await upload(cookie, big);
  expect(res.statusCode).toBe(413);
  expect(res.json().error.code).toBe('photo_too_large');
  const after = await t.app.services.storage.list('');
  expect(after.length).toBe(before.length);
});

test('an image with too many pixels is refused before decoding (400)', async () => {
  const { cookie } = await signup(t);
  // 8000 x 6000 = 48 megapixels of one colour: a small PNG, a large decode.
  const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  expect(bomb.length).toBeLessThan(PHOTO_MAX_BYTES);
  const res = await upload(cookie, bomb, 'image/png');
  expect(res.statusCode).toBe(400);
  expect(res.json().error.code).toBe('photo_invalid');
}, 30_000);

test('the wrong multipart field is a 400', async () => {
  const { cookie } = await signup(t);
  const res = await upload(cookie, await jpeg(), 'image/jpeg', 'file');
  expect(res.statusCode).toBe(400);
});

test('free members have 3 photos, premium 25; choose main; delete moves main to the next', async () => {
  const { cookie, user } = await signup(t);
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await upload(cookie, await jpeg(60 + i, 40));
    expect(res.statusCode).toBe(201);
    ids.push(res.json().photos[i].id);
  }
  const fourth = await upload(cookie, await jpeg());
  expect(fourth.statusCode).toBe(403);
  expect(fourth.json().error).toMatchObject({
    code: 'photo_limit',
    message: 'Foto-limiet bereikt',
    params: { limit: 3 },
  });

  const main = await t.call({
    method: 'PUT',
    url: '/api/photos.php',
    cookie,
    payload: { id: ids[1], main: true },
  });
  expect(main.json().photos.find((p: { main: boolean }) => p.main).id).toBe(ids[1]);
  const del = await t.call({ method: 'DELETE', url: '/api/photos.php', cookie, payload: { id: ids[1] } });
  expect(del.statusCode).toBe(200);
  expect(del.json().photos.map((p: { id: number }) => p.id)).toEqual([ids[0], ids[2]]);
  expect(del.json().photos[0].main).toBe(true);

  // Someone else's photo is not found.
  const { cookie: other } = await signup(t);
  expect(
    (
      await t.call({
        method: 'PUT',
        url: '/api/photos.php',
        cookie: other,
        payload: { id: ids[0], main: true },
      })
    ).statusCode,
  ).toBe(404);
  expect(
    (await t.call({ method: 'DELETE', url: '/api/photos.php', cookie: other, payload: { id: ids[0] } }))
      .statusCode,
  ).toBe(404);

  await t.app.db.execute(sql`UPDATE users SET paid_user = TRUE WHERE id = ${user.profile.id}`);
  const premium = await upload(cookie, await jpeg());
  expect(premium.statusCode).toBe(201);
  expect(premium.json().limit).toBe(25);
});

test('moderation: operator approve and reject; nothing unreviewed becomes public by default', async () => {
  const { cookie } = await signup(t);
  const a = (await upload(cookie, await jpeg())).json().photos[0].id as number;
  const b = (await upload(cookie, await jpeg())).json().photos[1].id as number;
  const c = (await upload(cookie, await jpeg())).json().photos[2].id as number;
  const photos = t.app.services.photos;
  expect((await photos.inspectionQueue()).map((p) => p.id)).toEqual(expect.arrayContaining([a, b, c]));

  expect(await photos.approve(a)).toBe(true);
  expect(await photos.reject(b)).toBe(true);
  let list = (await t.call({ method: 'GET', url: '/api/photos.php', cookie })).json().photos;
  expect(list.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([
    [a, 'active'],
    [c, 'inspection'],
  ]);

  // The site has no auto-approval (the default): however long it waits, an unreviewed photo stays private.
  expect(await photos.approveDue(new Date(Date.now() + 365 * 86_400_000))).toBe(0);
  list = (await t.call({ method: 'GET', url: '/api/photos.php', cookie })).json().photos;
  expect(list.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([
    [a, 'active'],
    [c, 'inspection'],
  ]);
});

test('auto-approval is a site setting, set in the back office: with it a photo is public after that delay', async () => {
  const { cookie } = await signup(t);
  const photo = (await upload(cookie, await jpeg())).json().photos[0] as { id: number; url: string };
  const admin = await staffSession(t, 'admin');
  const siteId = Number(
    (await t.app.database.raw.query<{ id: number }>(`SELECT id FROM sites WHERE host = 'localhost'`))[0]!.id,
  );
  const path = staffPath('site', siteId);
  const site = (await t.call({ method: 'GET', url: path, cookie: admin.cookie })).json() as StaffSite;
  expect(site.settings.photo_auto_approve_minutes).toBe(0);
  const bad = await t.call({
    method: 'PUT',
    url: path,
    cookie: admin.cookie,
    payload: { version: site.version, settings: { photo_auto_approve_minutes: -1 } },
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().error.field).toBe('photo_auto_approve_minutes');
  const saved = await t.call({
    method: 'PUT',
    url: path,
    cookie: admin.cookie,
    payload: { version: site.version, settings: { photo_auto_approve_minutes: 10 } },
  });
  expect(saved.statusCode).toBe(200);
  expect((saved.json() as StaffSite).settings.photo_auto_approve_minutes).toBe(10);
  const status = async () =>
    (
      (await t.call({ method: 'GET', url: '/api/photos.php', cookie })).json().photos as {
        id: number;
        status: string;
      }[]
    ).find((p) => p.id === photo.id)!.status;
  try {
    await t.app.services.photos.approveDue(new Date(Date.now() + 9 * 60_000));
    expect(await status()).toBe('inspection');
    await t.app.services.photos.approveDue(new Date(Date.now() + 11 * 60_000));
    expect(await status()).toBe('active');
  } finally {
    // Off again (the default), for the other tests of this file.
    const now = (await t.call({ method: 'GET', url: path, cookie: admin.cookie })).json() as StaffSite;
    await t.call({
      method: 'PUT',
      url: path,
      cookie: admin.cookie,
      payload: { version: now.version, settings: { photo_auto_approve_minutes: 0 } },
    });
  }
});

test('photo calls need a session', async () => {
  expect((await t.call({ method: 'GET', url: '/api/photos.php' })).json().error.code).toBe('auth_required');
  expect((await upload('', await jpeg())).statusCode).toBe(403);
});
