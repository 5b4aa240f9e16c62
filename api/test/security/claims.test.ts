import { createHash } from 'node:crypto';
import { LOCKOUT_MINUTES } from '../../src/domains/accounts';
import { createTestApp, type TestContext } from '../../src/testing/helpers';
import { lastMail, signup, signupBody, tokenFrom } from '../../src/testing/accounts';

/**
 * Claims of the README's security section that no other test proved; the section names the test
 * of every claim.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(() => t.close());

const query = <T>(text: string, params: unknown[] = []) => t.app.database.raw.query<T>(text, params);
const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');

test('an emailed token is stored only as its SHA-256 (activation and reset links), a session only as its hash', async () => {
  const member = await signup(t);
  const activation = tokenFrom(await lastMail(t, member.email, 'activation'), '/activate/done');
  const reset = await t.call({
    method: 'POST',
    url: '/api/password-reset.php',
    payload: { email: member.email },
  });
  expect(reset.statusCode).toBe(204);
  const resetToken = tokenFrom(await lastMail(t, member.email, 'reset'), '/reset-password/do');
  const stored = JSON.stringify(await query('SELECT * FROM one_time_tokens'));
  for (const token of [activation, resetToken]) {
    expect(stored).not.toContain(token);
    expect(
      await query('SELECT purpose FROM one_time_tokens WHERE token_hash = $1', [sha256(token)]),
    ).toHaveLength(1);
  }
  const sid = member.cookie.replace(/^sid=/, '').split(';')[0]!;
  expect(JSON.stringify(await query('SELECT * FROM sessions'))).not.toContain(sid);
  expect(await query('SELECT user_id FROM sessions WHERE token_hash = $1', [sha256(sid)])).toHaveLength(1);
});

test('lockout rows are deleted once they expire; a running lock stays', async () => {
  const site = (await query<{ id: number }>('SELECT id FROM sites ORDER BY id LIMIT 1'))[0]!.id;
  await query(
    `INSERT INTO login_lockouts (site_id, lock_key, failed_count, window_start, locked_until) VALUES
       ($1, 'a:claims-ended', 5, now() - interval '40 minutes', now() - interval '1 minute'),
       ($1, 'a:claims-running', 5, now() - interval '2 minutes', now() + make_interval(mins => $2)),
       ($1, 'a:claims-window-over', 2, now() - interval '16 minutes', NULL),
       ($1, 'a:claims-window-open', 2, now() - interval '1 minute', NULL)`,
    [site, LOCKOUT_MINUTES],
  );
  await t.app.services.loginGuard.purge();
  const left = await query<{ lock_key: string }>(
    `SELECT lock_key FROM login_lockouts WHERE lock_key LIKE 'a:claims-%' ORDER BY lock_key`,
  );
  expect(left.map((r) => r.lock_key)).toEqual(['a:claims-running', 'a:claims-window-open']);
});

test('every route of the OpenAPI document declares its input: path parameters typed, bodies with a schema', async () => {
  await t.app.ready();
  const spec = t.app.swagger() as unknown as {
    paths: Record<
      string,
      Record<string, { parameters?: { in: string; name: string; schema?: { type?: string } }[] }>
    >;
  };
  const untyped: string[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const [method, op] of Object.entries(methods)) {
      for (const name of names) {
        const param = op.parameters?.find((p) => p.in === 'path' && p.name === name);
        if (!param?.schema?.type) untyped.push(`${method.toUpperCase()} ${path} {${name}}`);
      }
    }
  }
  expect(untyped).toEqual([]);
  // A JSON body sent to a route is validated by its schema: an unknown shape is a 400 naming a field, not a 500.
  const res = await t.call({
    method: 'POST',
    url: '/api/password-reset.php',
    payload: { email: { $ne: null } },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().error.field).toBe('email');
});

test('a signup and its activation mail are one transaction: when the mail cannot be written, no account remains', async () => {
  // Fault injection: the outbox refuses every insert for the length of this test.
  await query(
    `CREATE FUNCTION claims_refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'mail refused'; END $$`,
  );
  await query(
    'CREATE TRIGGER claims_refuse_mail BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION claims_refuse_mail()',
  );
  try {
    const body = signupBody();
    const res = await t.call({ method: 'POST', url: '/api/signup.php', payload: body });
    expect(res.statusCode).toBe(500);
    expect(await query('SELECT id FROM users WHERE lower(email) = lower($1)', [body.email])).toEqual([]);
  } finally {
    await query('DROP TRIGGER claims_refuse_mail ON mail_outbox');
    await query('DROP FUNCTION claims_refuse_mail()');
  }
  // And with the outbox working again the same signup goes through, mail included.
  const member = await signup(t);
  expect((await lastMail(t, member.email, 'activation')).to).toBe(member.email);
});
