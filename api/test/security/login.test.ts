import { createTestApp, type TestContext } from '../../src/testing/helpers';
import { signup } from '../../src/testing/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(() => t.close());

const attempt = (email: string, password: string, device?: string) =>
  t.call({
    method: 'POST',
    url: '/api/user.php',
    payload: { email, password },
    headers: device ? { cookie: `did=${device}` } : {},
  });
const deviceOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'did')?.value;
const query = <T>(text: string, params: unknown[] = []) => t.app.database.raw.query<T>(text, params);

describe('lockout with a per-device count', () => {
  test('an attacker locks out clients without the device cookie, not the owner on their usual device', async () => {
    const owner = await signup(t);
    const first = await attempt(owner.email, owner.password);
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first)!;
    expect(device).toBeTruthy();
    expect(first.cookies.find((c) => c.name === 'did')).toMatchObject({ httpOnly: true, path: '/api/' });

    for (let i = 0; i < 4; i++) expect((await attempt(owner.email, 'guess')).statusCode).toBe(401);
    expect((await attempt(owner.email, 'guess')).statusCode).toBe(429);
    // Without the cookie (the attacker, or the owner on a new device): locked, even with the right password.
    expect((await attempt(owner.email, owner.password)).statusCode).toBe(429);
    // A forged device cookie is no cookie.
    expect((await attempt(owner.email, owner.password, `${device.split('.')[0]}.forged`)).statusCode).toBe(
      429,
    );
    // The owner's usual browser still gets in.
    expect((await attempt(owner.email, owner.password, device)).statusCode).toBe(200);
  });

  test("one member's device cookie does not open another member's lock", async () => {
    const a = await signup(t);
    const b = await signup(t);
    const deviceOfA = deviceOf(await attempt(a.email, a.password))!;
    for (let i = 0; i < 5; i++) await attempt(b.email, 'guess');
    expect((await attempt(b.email, b.password, deviceOfA)).statusCode).toBe(429);
  });

  test('guesses from a known device are limited on that device too', async () => {
    const owner = await signup(t);
    const device = deviceOf(await attempt(owner.email, owner.password))!;
    for (let i = 0; i < 4; i++) expect((await attempt(owner.email, 'guess', device)).statusCode).toBe(401);
    expect((await attempt(owner.email, 'guess', device)).statusCode).toBe(429);
    expect((await attempt(owner.email, owner.password, device)).statusCode).toBe(429);
    // Another client is a separate count.
    expect((await attempt(owner.email, owner.password)).statusCode).toBe(200);
  });
});

describe('no secrets in the audit tables', () => {
  test('a password typed into the email field is stored nowhere', async () => {
    const typed = 'Geheim-Wachtwoord-42';
    expect((await attempt(typed, 'x')).statusCode).toBe(401);
    const dump = JSON.stringify([
      await query('SELECT * FROM login_audit'),
      await query('SELECT * FROM login_lockouts'),
    ]).toLowerCase();
    expect(dump).not.toContain(typed.toLowerCase());
    const [row] = await query<{ email: string | null; ident_hash: string }>(
      'SELECT email, ident_hash FROM login_audit ORDER BY id DESC LIMIT 1',
    );
    expect(row).toMatchObject({ email: null });
    expect(row!.ident_hash).toMatch(/^[\w-]{40,}$/);
  });

  test("a member's address is kept normalised, so staff can see the attempts on an account", async () => {
    const member = await signup(t);
    await attempt(`  ${member.email.toUpperCase()} `, 'x');
    const [row] = await query<{ email: string }>('SELECT email FROM login_audit ORDER BY id DESC LIMIT 1');
    expect(row!.email).toBe(member.email.toLowerCase());
  });

  test('a valid-looking address of no member is kept only as its keyed hash', async () => {
    await attempt('  Someone.Else@Example.COM ', 'x');
    const [row] = await query<{ email: string | null; ident_hash: string }>(
      'SELECT email, ident_hash FROM login_audit ORDER BY id DESC LIMIT 1',
    );
    expect(row).toEqual({ email: null, ident_hash: expect.stringMatching(/^[\w-]{40,}$/) });
    expect(JSON.stringify(await query('SELECT * FROM login_audit'))).not.toContain('someone.else');
  });

  test('audit rows are purged after the retention period', async () => {
    const old = await signup(t);
    const recent = await signup(t);
    await attempt(old.email, 'x');
    await query(`UPDATE login_audit SET created_at = now() - interval '91 days' WHERE email = $1`, [
      old.email.toLowerCase(),
    ]);
    await attempt(recent.email, 'x');
    await t.app.services.loginGuard.purge();
    const left = await query<{ email: string }>(`SELECT email FROM login_audit WHERE email IN ($1, $2)`, [
      old.email.toLowerCase(),
      recent.email.toLowerCase(),
    ]);
    expect(left.map((r) => r.email)).toEqual([recent.email.toLowerCase()]);
  });
});
