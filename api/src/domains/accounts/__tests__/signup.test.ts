import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import {
  cookieOf,
  lastMail,
  mailsTo,
  signup,
  signupBody,
  tokenFrom,
  uniqueEmail,
} from '../../../testing/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 8 });
}, 60_000);
afterAll(() => t.close());

const post = (payload: Record<string, unknown>, host = 'localhost') =>
  t.call({ method: 'POST', url: '/api/signup.php', headers: { host }, payload });

describe('signup validation (docs/product/member-model.md, exact catalogue texts)', () => {
  test.each([
    [
      { name: 'same@example.org', email: 'same@example.org' },
      'name_equals_email',
      'name',
      'Je profielnaam moet anders zijn dan je e-mailadres',
    ],
    [{ name: '@piet' }, 'name_starts_with_at', 'name', 'Je profielnaam mag niet beginnen met een @'],
    [{ date_of_birth: '' }, 'birthdate_required', 'date_of_birth', 'Vul uw geboortedatum in (18+ jaar)'],
    [
      { date_of_birth: `${new Date().getUTCFullYear() - 17}-01-01` },
      'birthdate_required',
      'date_of_birth',
      'Vul uw geboortedatum in (18+ jaar)',
    ],
    [{ date_of_birth: '1990-02-30' }, 'birthdate_invalid', 'date_of_birth', 'Ongeldige geboortedatum.'],
    [{ email: 'not-an-address' }, 'email_invalid', 'email', 'Ongeldige e-mail'],
    [
      { password: 'kort' },
      'password_too_short',
      'password',
      'Je wachtwoord moet minimaal 8 tekens lang zijn.',
    ],
  ])('%j → 400 %s', async (over, code, field, message) => {
    const res = await post(signupBody(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, field, message });
  });

  test('a source longer than the contract allows is a 400 naming the field', async () => {
    const res = await post(signupBody({ source: 'x'.repeat(51) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation', field: 'source' });
  });

  test('the password may not be the email address', async () => {
    const email = uniqueEmail();
    const res = await post(signupBody({ email, password: email }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('password');
  });

  test('messages follow the requested language', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/signup.php',
      headers: { 'accept-language': 'de-DE' },
      payload: signupBody({ name: '@x' }),
    });
    expect(res.json().error.message).not.toBe('Je profielnaam mag niet beginnen met een @');
  });
});

test('a signup is logged in, not confirmed, keeps tracking values and its source, and gets the activation mail', async () => {
  const body = signupBody({
    network: 'net1',
    ref: 'r1',
    sub1: 'a',
    sub2: 'b',
    sub3: 'c',
    source: 'profile:12',
  });
  const res = await post(body);
  expect(res.statusCode).toBe(201);
  const user = res.json().user;
  expect(user).toMatchObject({ email: body.email, status: 'not_confirmed', language: 'nl' });
  expect(user.profile).toMatchObject({
    name: body.name,
    gender: 'male',
    sexuality: 'hetero',
    date_of_birth: '1990-04-12',
  });
  const sid = res.cookies.find((c) => c.name === 'sid')!;
  expect(sid.httpOnly).toBe(true);
  expect(sid.sameSite).toBe('Lax');

  const me = await t.call({ method: 'GET', url: '/api/user.php', cookie: cookieOf(res) });
  expect(me.json().user.status).toBe('not_confirmed');

  const row = await first<Record<string, string>>(
    t.app.db,
    sql`SELECT tracking_network, tracking_ref, tracking_sub1, tracking_sub2, tracking_sub3, signup_source, password_hash
        FROM users WHERE id = ${user.profile.id}`,
  );
  expect(row).toMatchObject({
    signup_source: 'profile:12',
    tracking_network: 'net1',
    tracking_ref: 'r1',
    tracking_sub1: 'a',
    tracking_sub2: 'b',
    tracking_sub3: 'c',
  });
  expect(row!.password_hash).toMatch(/^\$argon2id\$/);

  const mail = await lastMail(t, body.email as string, 'activation');
  expect(mail.subject).toContain('Demo Dating');
  expect(mail.headers['List-Unsubscribe']).toMatch(
    /^<http:\/\/localhost(:\d+)?\/api\/unsubscribe\.php\?token=[\w-]+>/,
  );
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const token = tokenFrom(mail, '/activate/done');
  const stored = await first<{ n: number }>(
    t.app.db,
    sql`SELECT count(*)::int AS n FROM one_time_tokens WHERE token_hash = ${token}`,
  );
  expect(stored!.n).toBe(0); // only the hash is stored
});

test("signing up in a page's language (an English slug lander) makes it the new member's language and the cookie's", async () => {
  const res = await post(signupBody({ locale: 'en' }));
  expect(res.statusCode).toBe(201);
  expect(res.json().user.language).toBe('en');
  expect([res.headers['set-cookie']].flat().join('\n')).toMatch(/(^|\n)locale=en;/);
});

test('a duplicate email gets the spec message and nothing more', async () => {
  const { email } = await signup(t);
  const res = await post(signupBody({ email: email.toUpperCase() }));
  expect(res.statusCode).toBe(409);
  expect(res.json().error).toMatchObject({
    code: 'email_taken',
    field: 'email',
    message: 'Dit e-mailadres heeft al een account op deze site.',
  });
});

test('settings.signups with_trafficsource needs network or ref (she.localhost)', async () => {
  const closed = await post(signupBody(), 'she.localhost');
  expect(closed.statusCode).toBe(403);
  expect(closed.json().error.code).toBe('signups_closed');
  const open = await post(signupBody({ ref: 'partner' }), 'she.localhost');
  expect(open.statusCode).toBe(201);
});

test('settings.signups none closes signups', async () => {
  await t.app.db.execute(
    sql`UPDATE sites SET settings = settings || '{"signups":"none"}'::jsonb WHERE host = 'gay.localhost'`,
  );
  await t.app.services.sites.reload();
  const res = await post(signupBody({ network: 'x' }), 'gay.localhost');
  expect(res.statusCode).toBe(403);
  expect(res.json().error.code).toBe('signups_closed');
});

describe('activation', () => {
  test('the link confirms once; a replay, a wrong token and an expired token fail', async () => {
    const { email, cookie } = await signup(t);
    const token = tokenFrom(await lastMail(t, email, 'activation'), '/activate/done');

    const ok = await t.call({ method: 'POST', url: '/api/activate.php', payload: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.status).toBe('confirmed');
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user.status).toBe(
      'confirmed',
    );

    const replay = await t.call({ method: 'POST', url: '/api/activate.php', payload: { token } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({ code: 'activation_failed', message: 'Activeren mislukt' });

    const wrong = await t.call({ method: 'POST', url: '/api/activate.php', payload: { token: `${token}x` } });
    expect(wrong.json().error.code).toBe('activation_failed');
  });

  test('an activation link older than 48 hours fails', async () => {
    const { user } = await signup(t);
    const expired = await t.app.services.accounts.tokens.issue(user.profile.id, 'activation', {
      now: new Date(Date.now() - 49 * 3_600_000),
    });
    const res = await t.call({ method: 'POST', url: '/api/activate.php', payload: { token: expired } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('activation_failed');
  });

  test('resend: a new link replaces the old one, and is rate limited', async () => {
    const { email, cookie } = await signup(t);
    const first = tokenFrom(await lastMail(t, email, 'activation'), '/activate/done');
    // The signup mail was just sent: an immediate resend is throttled.
    const soon = await t.call({ method: 'POST', url: '/api/activation-mail.php', cookie });
    expect(soon.statusCode).toBe(429);
    await t.app.db.execute(
      sql`UPDATE one_time_tokens SET created_at = now() - interval '5 minutes' WHERE purpose = 'activation'`,
    );
    const again = await t.call({ method: 'POST', url: '/api/activation-mail.php', cookie });
    expect(again.statusCode).toBe(204);
    const mails = (await mailsTo(t, email)).filter((m) => m.template === 'activation');
    expect(mails).toHaveLength(2);
    const second = tokenFrom(mails[0]!, '/activate/done');
    expect(
      (await t.call({ method: 'POST', url: '/api/activate.php', payload: { token: first } })).statusCode,
    ).toBe(400);
    expect(
      (await t.call({ method: 'POST', url: '/api/activate.php', payload: { token: second } })).statusCode,
    ).toBe(200);
    // Confirmed members get no more activation mails.
    const done = await t.call({ method: 'POST', url: '/api/activation-mail.php', cookie });
    expect(done.statusCode).toBe(409);
  });

  test('resend needs a session', async () => {
    const res = await t.call({ method: 'POST', url: '/api/activation-mail.php' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('auth_required');
  });
});

test('state-changing account calls refuse requests without X-Requested-With (CSRF)', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/signup.php', payload: signupBody() });
  expect(res.statusCode).toBe(403);
  expect(res.json().error.code).toBe('csrf');
});

test('a signup from a profile sends its first message to that profile, paid with the signup credits', async () => {
  const target = await first<{ id: number }>(
    t.app.db,
    sql`SELECT id FROM users WHERE fictional ORDER BY id LIMIT 1`,
  );
  const { cookie, user } = await signup(t, { profile_id: target!.id, signup_message: 'Hoi, leuk profiel!' });
  expect(user.credits).toBe(10 - 5);
  const chats = (await t.call({ method: 'GET', url: '/api/chats.php', cookie })).json().chats;
  expect(chats).toHaveLength(1);
  expect(chats[0].profile.id).toBe(target!.id);
  expect(chats[0].last_message).toMatchObject({ text: 'Hoi, leuk profiel!', from_me: true });
});
