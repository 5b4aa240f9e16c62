import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import { photoKey } from '../photos';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import {
  PASSWORD,
  lastMail,
  mailsTo,
  multipart,
  signup,
  signupBody,
  tokenFrom,
} from '../../../testing/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 8 });
}, 60_000);
afterAll(() => t.close());

const DAY = 86_400_000;
const remove = (cookie: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/account-delete.php', cookie, payload });
const reactivate = (token: string) =>
  t.call({ method: 'POST', url: '/api/account-reactivate.php', payload: { token } });
const login = (email: string, password = PASSWORD) =>
  t.call({ method: 'POST', url: '/api/user.php', payload: { email, password } });

async function memberWithPhoto(over: Record<string, unknown> = {}) {
  const m = await signup(t, over);
  await t.app.db.execute(sql`UPDATE users SET status = 'confirmed' WHERE id = ${m.user.profile.id}`);
  const img = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
    .jpeg()
    .toBuffer();
  const up = await t.call({
    method: 'POST',
    url: '/api/photos.php',
    cookie: m.cookie,
    ...multipart('photo', 'a.jpg', 'image/jpeg', img),
  });
  expect(up.statusCode).toBe(201);
  return { ...m, id: m.user.profile.id as number, photo: up.json().photos[0] };
}

test('the page offers alternatives, reasons and the company delete discount', async () => {
  const { cookie } = await signup(t);
  const info = (await t.call({ method: 'GET', url: '/api/account-delete.php', cookie })).json();
  expect(info).toEqual({
    reasons: expect.arrayContaining(['found_partner', 'other']),
    alternatives: ['invisible', 'notifications', 'discount'],
    delete_discount: 50,
    restore_days: 14,
  });
});

test('deletion needs the password, ends sessions, hides the member; reactivation within 14 days restores it', async () => {
  const m = await memberWithPhoto();
  const viewer = await signup(t);
  const other = (await login(m.email)).cookies.find((c) => c.name === 'sid')!;

  const wrong = await remove(m.cookie, { reason: 'not_using', password: 'Fout-wachtwoord-1' });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().error.code).toBe('password_wrong');
  expect((await remove(m.cookie, { reason: 'other', password: PASSWORD })).json().error.field).toBe(
    'reason_text',
  );

  const res = await remove(m.cookie, { reason: 'found_partner', password: PASSWORD });
  expect(res.statusCode).toBe(200);
  const until = new Date(res.json().restore_until).getTime();
  expect(Math.abs(until - (Date.now() + 14 * DAY))).toBeLessThan(60_000);

  for (const cookie of [m.cookie, `sid=${other.value}`]) {
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user).toBe(false);
  }
  expect((await login(m.email)).statusCode).toBe(401);
  expect(
    (await t.call({ method: 'GET', url: `/api/member.php?id=${m.id}`, cookie: viewer.cookie })).statusCode,
  ).toBe(404);

  // Signing up again with the address says the account is deleted but not final, and re-sends the link.
  const again = await t.call({
    method: 'POST',
    url: '/api/signup.php',
    payload: signupBody({ email: m.email }),
  });
  expect(again.statusCode).toBe(409);
  expect(again.json().error.code).toBe('account_deleted_pending');

  const mail = await lastMail(t, m.email, 'reactivation');
  expect(mail.headers['List-Unsubscribe']).toContain('/api/unsubscribe.php?token=');
  const token = tokenFrom(mail, '/account-deleted', 'reactivate');
  const ok = await reactivate(token);
  expect(ok.statusCode).toBe(200);
  expect(ok.json().user).toMatchObject({ email: m.email, status: 'confirmed' });
  const cookie = `sid=${ok.cookies.find((c) => c.name === 'sid')!.value}`;
  expect(
    (await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user.profile.main_image.id,
  ).toBe(m.photo.id);
  expect((await login(m.email)).statusCode).toBe(200);

  const replay = await reactivate(token);
  expect(replay.statusCode).toBe(400);
  expect(replay.json().error.code).toBe('link_invalid');
  // A reactivated account is not erased by the job later.
  expect(await t.app.services.accounts.deletion.eraseDue(new Date(Date.now() + 15 * DAY))).not.toContain(
    m.id,
  );
});

test('after 14 days the link is dead and the erasure job removes personal data and photo files', async () => {
  const m = await memberWithPhoto();
  const stored = await first<{ filename: string; thumb_filename: string }>(
    t.app.db,
    sql`SELECT filename, thumb_filename FROM photos WHERE id = ${m.photo.id}`,
  );
  const [file, thumb] = [photoKey(stored!.filename), photoKey(stored!.thumb_filename)];
  const exists = async (key: string) => (await t.app.services.storage.head(key)) !== null;
  expect(await exists(file)).toBe(true);
  await t.call({
    method: 'PUT',
    url: '/api/profile.php',
    cookie: m.cookie,
    payload: { city: 'Utrecht', about: 'Geheim' },
  });
  expect((await remove(m.cookie, { reason: 'privacy', password: PASSWORD })).statusCode).toBe(200);
  const token = tokenFrom(await lastMail(t, m.email, 'reactivation'), '/account-deleted', 'reactivate');

  const jobs = t.app.services.accounts.deletion;
  expect(await jobs.eraseDue(new Date(Date.now() + 13 * DAY))).not.toContain(m.id);
  expect(await exists(file)).toBe(true);
  expect(await jobs.eraseDue(new Date(Date.now() + 14 * DAY + 60_000))).toContain(m.id);
  // Running again finds nothing more to do.
  expect(await jobs.eraseDue(new Date(Date.now() + 15 * DAY))).not.toContain(m.id);

  expect(await exists(file)).toBe(false);
  expect(await exists(thumb)).toBe(false);
  const row = await first<Record<string, unknown>>(
    t.app.db,
    sql`SELECT u.email, u.password_hash, u.tracking_network, p.name, p.city, p.about, p.main_photo_id,
          (SELECT count(*)::int FROM photos WHERE user_id = u.id) AS photos,
          (SELECT count(*)::int FROM sessions WHERE user_id = u.id) AS sessions
        FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ${m.id}`,
  );
  expect(row).toEqual({
    email: null,
    password_hash: null,
    tracking_network: null,
    name: 'deleted',
    city: null,
    about: null,
    main_photo_id: null,
    photos: 0,
    sessions: 0,
  });
  expect(await mailsTo(t, m.email)).toHaveLength(0);
  expect((await reactivate(token)).json().error.code).toBe('link_invalid');
  // The address is free again.
  expect(
    (await t.call({ method: 'POST', url: '/api/signup.php', payload: signupBody({ email: m.email }) }))
      .statusCode,
  ).toBe(201);
});

test('an expired reactivation link fails', async () => {
  const m = await signup(t);
  await remove(m.cookie, { reason: 'not_using', password: PASSWORD });
  const late = await t.app.services.accounts.tokens.issue(m.user.profile.id, 'reactivate', {
    now: new Date(Date.now() - 15 * DAY),
  });
  expect((await reactivate(late)).json().error.code).toBe('link_invalid');
});

test("the export is a JSON download of all of one's own data", async () => {
  const m = await memberWithPhoto({ network: 'net1', sub2: 'b', source: 'profile-like' });
  await t.app.db.execute(sql`INSERT INTO likes (user_id, liked_id) VALUES (${m.id}, 1)`);
  const res = await t.call({ method: 'GET', url: '/api/account-export.php', cookie: m.cookie });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="account-${m.id}.json"`);
  const data = res.json();
  expect(data.email).toBe(m.email);
  expect(data.tracking).toEqual({ network: 'net1', sub2: 'b' });
  expect(data.signup_source).toBe('profile-like');
  expect(data.user.profile.id).toBe(m.id);
  expect(data.user.id).toBeUndefined();
  expect(data.photos).toHaveLength(1);
  expect(Object.keys(data.notifications)).toHaveLength(8);
  expect(data.likes).toEqual([expect.objectContaining({ profile_id: 1 })]);
  expect(data).toHaveProperty('messages');
  expect(data).toHaveProperty('transactions');
  expect(data.credit_ledger[0]).toMatchObject({ kind: 'bonus', ref: 'signup' });
  expect(JSON.stringify(data)).not.toContain('argon2');
  expect((await t.call({ method: 'GET', url: '/api/account-export.php' })).statusCode).toBe(403);

  const plain = await signup(t);
  const bare = (await t.call({ method: 'GET', url: '/api/account-export.php', cookie: plain.cookie })).json();
  expect(bare).toMatchObject({ tracking: {}, signup_source: null });
});
