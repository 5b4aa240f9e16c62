import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { multipart, signup } from '../../../testing/accounts';

// An approved photo gets smaller WebP copies (AVIF where smaller) at immutable public keys, named
// in every profile answer as `sources`; a photo without them (made before) keeps the original.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 4 });
}, 120_000);
afterAll(() => t.close());

test('approval makes WebP copies of 160, 320 and 480 px, served immutable; a photo without copies shows the original', async () => {
  const { cookie } = await signup(t);
  const picture = await sharp({
    create: { width: 900, height: 1100, channels: 3, background: '#336699' },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="1100"><circle cx="450" cy="500" r="300" fill="#e0a070"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  const uploaded = await t.call({
    method: 'POST',
    url: '/api/photos.php',
    cookie,
    ...multipart('photo', 'me.jpg', 'image/jpeg', picture),
  });
  expect(uploaded.statusCode).toBe(201);
  const id = uploaded.json().photos[0].id as number;
  // Under inspection: no copies named.
  expect(uploaded.json().photos[0].sources).toBeUndefined();

  await t.app.services.photos.approve(id);
  const photo = (await t.call({ method: 'GET', url: '/api/photos.php', cookie })).json().photos[0];
  const stem = (photo.filename as string).replace(/\.jpg$/, '');
  expect(photo.sources.webp).toBe(`${stem}_160.webp 160w, ${stem}_320.webp 320w, ${stem}_480.webp 480w`);
  for (const width of [160, 320, 480]) {
    const res = await t.call({ method: 'GET', url: `${stem}_${width}.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, (width * 5) / 4]);
  }
  // AVIF only where it came out smaller than the WebP of the same width.
  for (const entry of (photo.sources.avif ?? '').split(', ').filter(Boolean)) {
    const [url, w] = entry.split(' ');
    const [avif, webp] = await Promise.all([
      t.call({ method: 'GET', url }),
      t.call({ method: 'GET', url: `${stem}_${parseInt(w, 10)}.webp` }),
    ]);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.rawPayload.length).toBeLessThan(webp.rawPayload.length);
  }

  // The orphan sweep keeps the copies while their photo exists, and removes them with it.
  await t.app.services.photos.cleanupOrphans(new Date(), 0);
  expect((await t.call({ method: 'GET', url: `${stem}_320.webp` })).statusCode).toBe(200);

  // An older photo (no copies recorded): the answer names none, the original stays the picture.
  await t.app.db.execute(sql`UPDATE photos SET variants = NULL WHERE id = ${id}`);
  const older = (await t.call({ method: 'GET', url: '/api/photos.php', cookie })).json().photos[0];
  expect(older.sources).toBeUndefined();
  expect(older.filename).toBe(photo.filename);

  await t.app.db.execute(sql`DELETE FROM photos WHERE id = ${id}`);
  await t.app.services.photos.cleanupOrphans(new Date(), 0);
  expect((await t.call({ method: 'GET', url: `${stem}_320.webp` })).statusCode).toBe(404);
});
