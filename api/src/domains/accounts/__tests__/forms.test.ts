import { checkForm } from '@dating/shared/forms/check';
import {
  MailChangeSchema,
  PasswordChangeSchema,
  PasswordResetDoSchema,
  SignupSchema,
} from '@dating/shared/forms/account';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { PASSWORD, signup, signupBody, uniqueEmail } from '../../../testing/accounts';

// ADR 0022: the member forms' schemas are the routes' body schemas; a refusal names the rule's catalogue code.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 2 });
}, 60_000);
afterAll(() => t.close());

describe('a refused form body answers what the browser shows for the same input', () => {
  test.each([
    [{ email: 'a..b@example.org' }, 'email_invalid', 'email', 'Ongeldige e-mail'],
    [{ email: '.anna@example.org' }, 'email_invalid', 'email', 'Ongeldige e-mail'],
    [{ name: '   ' }, 'validation', 'name', undefined],
    [{ name: 'x'.repeat(31) }, 'validation', 'name', undefined],
    [{ name: ' @piet' }, 'name_starts_with_at', 'name', 'Je profielnaam mag niet beginnen met een @'],
    [{ password: 'x'.repeat(129) }, 'validation', 'password', undefined],
    [{ gender: 'other' }, 'validation', 'gender', undefined],
  ])('signup %j → 400 %s', async (over, code, field, message) => {
    const body = signupBody(over);
    const res = await t.call({ method: 'POST', url: '/api/signup.php', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, field, ...(message ? { message } : {}) });
    // The browser's resolver reads the same schema: its first finding is the server's answer.
    expect(checkForm(SignupSchema, body)[0]).toEqual([field, expect.objectContaining({ code })]);
  });

  test('password change: a short new password carries its minimum; an empty old one is the wrong one', async () => {
    const { cookie } = await signup(t);
    const put = (payload: Record<string, string>) =>
      t.call({ method: 'PUT', url: '/api/password.php', cookie, payload });
    const short = await put({ old_password: PASSWORD, password: 'kort' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({
      code: 'password_too_short',
      field: 'password',
      params: { min: 8 },
      message: 'Je wachtwoord moet minimaal 8 tekens lang zijn.',
    });
    const empty = await put({ old_password: '', password: 'Nieuw-wachtwoord-1' });
    expect(empty.json().error).toMatchObject({ code: 'old_password_wrong', field: 'old_password' });
    expect(checkForm(PasswordChangeSchema, { old_password: '', password: 'Nieuw-wachtwoord-1' })).toEqual([
      ['old_password', { code: 'old_password_wrong' }],
    ]);
  });

  test('a visitor is 403 before the body is judged', async () => {
    for (const [method, url, payload] of [
      ['PUT', '/api/password.php', { old_password: '', password: 'x' }],
      ['POST', '/api/mail-change.php', { email: 'nope', password: '' }],
      ['PUT', '/api/profile.php', { name: '@x' }],
    ] as const) {
      const res = await t.call({ method, url, payload });
      expect({ url, status: res.statusCode, code: res.json().error.code }).toEqual({
        url,
        status: 403,
        code: 'auth_required',
      });
    }
  });

  test('email change: the current address and an empty password are refused with their codes', async () => {
    const { cookie, email } = await signup(t);
    const post = (payload: Record<string, string>) =>
      t.call({ method: 'POST', url: '/api/mail-change.php', cookie, payload });
    const same = await post({ email: ` ${email.toUpperCase()}`, password: PASSWORD });
    expect(same.json().error).toMatchObject({ code: 'new_email_invalid', field: 'email' });
    const empty = await post({ email: uniqueEmail(), password: '' });
    expect(empty.json().error).toMatchObject({ code: 'password_wrong', field: 'password' });
    expect(checkForm(MailChangeSchema, { email: 'nieuw@example.org', password: '' })[0]?.[1].code).toBe(
      'password_wrong',
    );
  });

  test('profile: the name rules of the signup apply to a change', async () => {
    const { cookie } = await signup(t);
    const res = await t.call({ method: 'PUT', url: '/api/profile.php', cookie, payload: { name: '@naam' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'name_starts_with_at', field: 'name' });
  });

  test('password reset: a missing repeat is a 400 naming it, as the schema lists it required', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/password-reset-do.php',
      payload: { token: 'x', password: 'Nieuw-wachtwoord-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation', field: 'password_repeat' });
    expect(checkForm(PasswordResetDoSchema, { token: 'x', password: 'Nieuw-wachtwoord-1' })[0]?.[0]).toBe(
      'password_repeat',
    );
  });
});
