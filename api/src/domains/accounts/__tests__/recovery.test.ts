import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { PASSWORD, lastMail, mailsTo, signup, tokenFrom, uniqueEmail } from '../../../testing/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 8 });
}, 60_000);
afterAll(() => t.close());

const requestReset = (email: string) =>
  t.call({ method: 'POST', url: '/api/password-reset.php', payload: { email } });
const doReset = (token: string, password: string, password_repeat = password) =>
  t.call({
    method: 'POST',
    url: '/api/password-reset-do.php',
    payload: { token, password, password_repeat },
  });
const login = (email: string, password: string) =>
  t.call({ method: 'POST', url: '/api/user.php', payload: { email, password } });

describe('password reset', () => {
  test('unknown address → 404 with the spec message; invalid address → 400', async () => {
    const res = await requestReset(uniqueEmail('nobody'));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'email_not_found', message: 'E-mailadres niet gevonden' });
    expect((await requestReset('nope')).json().error.code).toBe('email_invalid');
  });

  test('the link sets a new password once, ends every session, and cannot be replayed', async () => {
    const { email, cookie } = await signup(t);
    const other = (await login(email, PASSWORD)).cookies.find((c) => c.name === 'sid')!;
    expect((await requestReset(email)).statusCode).toBe(204);
    const mail = await lastMail(t, email, 'reset');
    expect(mail.headers['List-Unsubscribe']).toContain('/api/unsubscribe.php?token=');
    const token = tokenFrom(mail, '/reset-password/do');

    const differ = await doReset(token, 'Nieuw-wachtwoord-1', 'Nieuw-wachtwoord-2');
    expect(differ.statusCode).toBe(400);
    expect(differ.json().error).toMatchObject({
      code: 'passwords_differ',
      field: 'password_repeat',
      message: 'De opgegeven wachtwoorden zijn niet gelijk.',
    });
    const short = await doReset(token, 'kort');
    expect(short.json().error.code).toBe('password_too_short');

    // Those mistakes did not spend the link.
    expect((await doReset(token, 'Nieuw-wachtwoord-1')).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user).toBe(false);
    expect(
      (await t.call({ method: 'GET', url: '/api/user.php', cookie: `sid=${other.value}` })).json().user,
    ).toBe(false);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'Nieuw-wachtwoord-1')).statusCode).toBe(200);

    const replay = await doReset(token, 'Nog-een-wachtwoord-1');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({
      code: 'link_invalid',
      message: 'Link verlopen of invalide, vraag een nieuwe e-mail aan',
    });
  });

  test('a reset link expires after one hour; wrong tokens fail', async () => {
    const { user } = await signup(t);
    const expired = await t.app.services.accounts.tokens.issue(user.profile.id, 'reset', {
      now: new Date(Date.now() - 61 * 60_000),
    });
    expect((await doReset(expired, 'Nieuw-wachtwoord-1')).json().error.code).toBe('link_invalid');
    expect((await doReset('made-up-token', 'Nieuw-wachtwoord-1')).json().error.code).toBe('link_invalid');
  });

  test('at most 3 reset mails a day per account', async () => {
    const { email } = await signup(t);
    for (let i = 0; i < 3; i++) expect((await requestReset(email)).statusCode).toBe(204);
    const fourth = await requestReset(email);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toMatchObject({
      code: 'reset_limit',
      message: 'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.',
    });
    expect((await mailsTo(t, email)).filter((m) => m.template === 'reset')).toHaveLength(3);
    // A day later the limit is lifted.
    await t.app.db.execute(
      sql`UPDATE one_time_tokens SET created_at = created_at - interval '25 hours' WHERE purpose = 'reset'`,
    );
    expect((await requestReset(email)).statusCode).toBe(204);
  });

  test('a reset lifts a login lockout', async () => {
    const { email } = await signup(t);
    for (let i = 0; i < 5; i++) await login(email, 'Fout-wachtwoord-1');
    const locked = await login(email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('account_locked');
    await requestReset(email);
    const token = tokenFrom(await lastMail(t, email, 'reset'), '/reset-password/do');
    expect((await doReset(token, 'Nieuw-wachtwoord-1')).statusCode).toBe(204);
    expect((await login(email, 'Nieuw-wachtwoord-1')).statusCode).toBe(200);
  });
});

describe('password change', () => {
  test('needs the old password and ends the other sessions only', async () => {
    const { email, cookie } = await signup(t);
    const other = (await login(email, PASSWORD)).cookies.find((c) => c.name === 'sid')!;
    const wrong = await t.call({
      method: 'PUT',
      url: '/api/password.php',
      cookie,
      payload: { old_password: 'Fout-wachtwoord-1', password: 'Nieuw-wachtwoord-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'old_password_wrong',
      field: 'old_password',
      message: 'Controleer je oude wachtwoord.',
    });
    const ok = await t.call({
      method: 'PUT',
      url: '/api/password.php',
      cookie,
      payload: { old_password: PASSWORD, password: 'Nieuw-wachtwoord-1' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user.email).toBe(email);
    expect(
      (await t.call({ method: 'GET', url: '/api/user.php', cookie: `sid=${other.value}` })).json().user,
    ).toBe(false);
  });

  test('visitors get 403 auth_required', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/password.php',
      payload: { old_password: 'a', password: 'b' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('auth_required');
  });
});

describe('email change', () => {
  const change = (cookie: string, email: string, password = PASSWORD) =>
    t.call({ method: 'POST', url: '/api/mail-change.php', cookie, payload: { email, password } });

  test('a link to the new address completes it; the old address is told; no replay', async () => {
    const { email, cookie } = await signup(t);
    const next = uniqueEmail('new');
    expect((await change(cookie, next)).statusCode).toBe(204);
    const told = await lastMail(t, email, 'mail_change_old');
    expect(told.text).toContain(next);
    const token = tokenFrom(await lastMail(t, next, 'mail_change_new'), '/mail-change/do');
    // Nothing changes before the link is followed.
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user.email).toBe(email);

    const done = await t.call({ method: 'POST', url: '/api/mail-change-do.php', payload: { token } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: next });
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user.email).toBe(next);
    expect((await login(next, PASSWORD)).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);

    const replay = await t.call({ method: 'POST', url: '/api/mail-change-do.php', payload: { token } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('link_invalid');
  });

  test('invalid new address, wrong password, taken address', async () => {
    const { cookie } = await signup(t);
    const { email: taken } = await signup(t);
    const invalid = await change(cookie, 'geen-adres');
    expect(invalid.json().error).toMatchObject({
      code: 'new_email_invalid',
      message: 'Nieuw e-mailadres invalide.',
    });
    expect((await change(cookie, uniqueEmail(), 'Fout-wachtwoord-1')).json().error.code).toBe(
      'password_wrong',
    );
    const dup = await change(cookie, taken);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('email_taken');
  });

  test('an address taken after the link was sent is refused and the link stays unspent', async () => {
    const { cookie } = await signup(t);
    const next = uniqueEmail('race');
    await change(cookie, next);
    const token = tokenFrom(await lastMail(t, next, 'mail_change_new'), '/mail-change/do');
    await signup(t, { email: next });
    const res = await t.call({ method: 'POST', url: '/api/mail-change-do.php', payload: { token } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_taken');
  });
});
