import sharp from 'sharp';
import { createTestApp, type TestContext } from '../../src/testing/helpers';
import { multipart, signup } from '../../src/testing/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.call({ method: 'GET', url, cookie });

test('a photo under inspection is seen by its owner (as being checked) and by no one else', async () => {
  const owner = await signup(t);
  const other = await signup(t);
  const id = owner.user.profile.id as number;
  // A confirmed member (an unconfirmed profile is not served to others at all).
  await t.app.database.raw.query(`UPDATE users SET status = 'confirmed' WHERE id = $1`, [id]);
  await t.app.database.raw.query(`UPDATE profiles SET status = 'active' WHERE user_id = $1`, [id]);
  const image = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  const up = await t.call({
    method: 'POST',
    url: '/api/photos.php',
    cookie: owner.cookie,
    ...multipart('photo', 'me.jpg', 'image/jpeg', image),
  });
  expect(up.statusCode).toBeLessThan(300);

  const mine = (await get('/api/user.php', owner.cookie)).json().user.profile;
  expect(mine.main_image).toMatchObject({ status: 'inspection' });
  expect((await get(`/api/member.php?id=${id}`, owner.cookie)).json().profile.main_image).toMatchObject({
    status: 'inspection',
  });

  for (const cookie of [other.cookie, undefined]) {
    const seen = (await get(`/api/member.php?id=${id}`, cookie)).json().profile;
    expect(seen.main_image).toBeNull();
    expect(seen.images).toEqual([]);
  }

  // Not after any time by itself (auto-approval is off unless the site sets it, accounts/photos).
  expect(await t.app.services.photos.approveDue(new Date(Date.now() + 30 * 86_400_000))).toBe(0);
  expect((await get(`/api/member.php?id=${id}`, other.cookie)).json().profile.main_image).toBeNull();
  // Approved by staff: now everyone sees it.
  expect(await t.app.services.photos.approve(mine.main_image.id as number)).toBe(true);
  await t.app.services.members.clearCache();
  const approved = (await get(`/api/member.php?id=${id}`, other.cookie)).json().profile;
  expect(approved.main_image).toMatchObject({ status: 'active' });
});
