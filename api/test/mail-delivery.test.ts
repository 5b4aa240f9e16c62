import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app';
import { ConfigError, configFromEnv } from '../src/config';
import { first, rows } from '../src/db/sql';
import { mailCli } from '../src/domains/staff';
import { createTestApp, type TestContext } from '../src/testing/helpers';

const onPostgres = process.env.DATABASE_URL ? test : test.skip;

describe('production needs a way to deliver mail', () => {
  test('NODE_ENV=production without SMTP_URL or MAIL_OUTBOX_ONLY is refused with a clear message', async () => {
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(/SMTP_URL.*MAIL_OUTBOX_ONLY=1/);
    expect(configFromEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe(
      'smtp://127.0.0.1:2525',
    );
    expect(configFromEnv({ NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1' }).mailOutboxOnly).toBe(true);
    expect(configFromEnv({}).production).toBe(false);
    await expect(buildApp({ env: { NODE_ENV: 'production' }, logger: false })).rejects.toThrow(ConfigError);
  });

  test('the server process exits with that message', () => {
    const tsx = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
    const run = spawnSync(process.execPath, [tsx, path.join(__dirname, '..', 'src', 'server.ts')], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Not started: NODE_ENV=production needs SMTP_URL');
  });
});

/** A local SMTP stand-in: answers 451 to the first `failNext[address]` deliveries, 550 to bounce@ addresses. */
function smtpStandIn() {
  const failNext = new Map<string, number>();
  const received: { to: string; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('bounce')) {
        return cb(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]!.address;
        const left = failNext.get(to) ?? 0;
        if (left > 0) {
          failNext.set(to, left - 1);
          return cb(Object.assign(new Error('try again later'), { responseCode: 451 }));
        }
        received.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  return {
    failNext,
    received,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('delivery through SMTP with retries', () => {
  const smtp = smtpStandIn();
  let t: TestContext;
  beforeAll(async () => {
    const port = await smtp.listen();
    t = await createTestApp({ profiles: 0, smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const delivery = () => t.app.services.mail.delivery;
  const send = (to: string) =>
    t.app.services.mail.send({
      to,
      template: 'activation',
      locale: 'nl',
      params: { name: 'Anna', link: 'https://localhost/activate/done?token=x', hours: 48 },
      unsubscribeUrl: 'https://localhost/api/unsubscribe.php?token=abc',
    });
  const state = (id: number) =>
    first<{
      attempts: number;
      sent_at: Date | string | null;
      failed_at: Date | string | null;
      next_attempt_at: Date | string | null;
      last_error: string | null;
    }>(
      t.app.db,
      sql`SELECT attempts, sent_at, failed_at, next_attempt_at, last_error FROM mail_outbox WHERE id = ${id}`,
    ).then((r) => r!);
  const secondsUntil = (v: Date | string | null, from: number) => (new Date(v!).getTime() - from) / 1000;

  test('a temporary failure is retried with back-off until the mail is delivered', async () => {
    smtp.failNext.set('flaky@example.org', 2);
    const before = Date.now();
    const id = await send('flaky@example.org');
    await delivery().idle();

    let s = await state(id);
    expect(s).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(s.last_error).toMatch(/451/);
    expect(secondsUntil(s.next_attempt_at, before)).toBeGreaterThanOrEqual(29);
    expect(secondsUntil(s.next_attempt_at, before)).toBeLessThan(60);
    expect((await delivery().undelivered('retrying')).map((m) => m.id)).toContain(id);

    // Not due yet: nothing happens.
    expect(await delivery().deliverDue(new Date())).toEqual({ sent: 0, retried: 0, failed: 0 });

    const second = new Date(Date.now() + 31_000);
    expect(await delivery().deliverDue(second)).toMatchObject({ retried: 1 });
    s = await state(id);
    expect(s.attempts).toBe(2);
    expect(secondsUntil(s.next_attempt_at, second.getTime())).toBeCloseTo(60, 0);

    expect(await delivery().deliverDue(new Date(second.getTime() + 61_000))).toMatchObject({ sent: 1 });
    s = await state(id);
    expect(s).toMatchObject({ attempts: 3, next_attempt_at: null, last_error: null, failed_at: null });
    expect(s.sent_at).not.toBeNull();
    const got = smtp.received.filter((m) => m.to === 'flaky@example.org');
    expect(got).toHaveLength(1);
    expect(got[0]!.raw).toMatch(
      /^List-Unsubscribe: <https:\/\/localhost\/api\/unsubscribe\.php\?token=abc>/m,
    );
    expect(got[0]!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect((await delivery().undelivered('retrying')).map((m) => m.id)).not.toContain(id);
  });

  test('a permanent refusal (5xx) is given up at once, listed for staff, and can be queued again', async () => {
    const id = await send('bounce@example.org');
    await delivery().idle();
    const s = await state(id);
    expect(s.failed_at).not.toBeNull();
    expect(s.attempts).toBe(1);
    expect(s.last_error).toMatch(/550/);
    const failed = await delivery().undelivered('failed');
    expect(failed.find((m) => m.id === id)).toMatchObject({
      to: 'bounce@example.org',
      template: 'activation',
    });
    expect(await delivery().retry(id)).toBe(true);
    expect(await state(id)).toMatchObject({ attempts: 0, failed_at: null });
  });

  onPostgres('nodes sending at the same time deliver each mail exactly once (SKIP LOCKED)', async () => {
    await t.app.db.execute(
      sql`INSERT INTO mail_outbox (to_address, from_address, subject, html, text, template, locale, next_attempt_at)
          SELECT 'bulk' || g || '@example.org', 'a@localhost', 'bulk ' || g, '<p>x</p>', 'x', 'activation', 'nl', now()
          FROM generate_series(1, 40) g`,
    );
    const results = await Promise.all([1, 2, 3, 4].map(() => delivery().deliverDue()));
    await delivery().idle();
    const bulk = smtp.received.filter((m) => m.to.startsWith('bulk'));
    expect(bulk).toHaveLength(40);
    expect(new Set(bulk.map((m) => m.to)).size).toBe(40);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBeLessThanOrEqual(40);
    const left = await rows(
      t.app.db,
      sql`SELECT id FROM mail_outbox WHERE to_address LIKE 'bulk%' AND sent_at IS NULL`,
    );
    expect(left).toHaveLength(0);
  });

  onPostgres('the staff command lists failed mails', async () => {
    const id = await send('bounce2@example.org');
    await delivery().idle();
    const lines: string[] = [];
    const out = { log: (s: string) => lines.push(s), error: (s: string) => lines.push(s), warn: () => {} };
    const env = { DATABASE_URL: t.app.config.databaseUrl, DATABASE_SCHEMA: t.app.config.dbSchema };
    expect(await mailCli(['failed'], env, out as unknown as Console)).toBe(0);
    expect(
      lines.some((l) => l.startsWith(`${id}\tbounce2@example.org\tactivation\t1 attempts\tfailed `)),
    ).toBe(true);
    expect(await mailCli(['nonsense'], env, out as unknown as Console)).toBe(2);
  });
});
