import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { first } from '../../src/db/sql';
import { createTestApp, deployTestShell, XHR, type TestContext } from '../../src/testing/helpers';
import { mailsTo, signup, signupBody } from '../../src/testing/accounts';
import { DEMO_EMAIL } from '../../src/seed/demo';
import { packageOf } from '../../src/testing/payments';
import type { OutboxEntry } from '../../src/lib/mail';
import type { PushPayload } from '../../src/lib/push';

// One origin per site, never from the request (docs/adr/0035-one-origin-per-site.md): forged Host and
// X-Forwarded-Host headers against every route that writes an absolute URL, reading the mails and pages that result.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 2 });
  await deployTestShell(t.app);
}, 300_000);
afterAll(() => t?.close());

// Every request from its own address: the per-address rate limits stay out of the way.
let address = 0;
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const send = (ctx: TestContext, opts: InjectOptions) =>
  ctx.app.inject({ remoteAddress: nextAddress(), ...opts, headers: { ...XHR, ...opts.headers } });

/** Hosts that are not exactly one of the default site's hosts: user-info, a foreign port, a path, two values. */
const FORGED = [
  'localhost:1@evil.example',
  'evil.example@localhost',
  'localhost:9999',
  '127.0.0.1:9999',
  'localhost:8080',
  'localhost/evil.example',
  'localhost, evil.example',
  'localhost:',
  'gay.localhost:443',
];

/** The absolute URLs in a text (mail bodies and headers, pages). */
const urls = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);

const outboxSize = async (ctx: TestContext) =>
  (await first<{ n: number }>(ctx.app.db, sql`SELECT count(*)::int AS n FROM mail_outbox`))!.n;

async function resetMail(ctx: TestContext, email: string): Promise<OutboxEntry> {
  const mail = (await mailsTo(ctx, email)).find((m) => m.template === 'reset');
  if (!mail) throw new Error(`no reset mail to ${email}`);
  return mail;
}

/** Every absolute URL of a mail (text, html, List-Unsubscribe), which must all start with `origin`. */
function expectMailOn(mail: OutboxEntry, origin: string) {
  const found = [
    ...urls(mail.text),
    ...urls(mail.html),
    ...urls(mail.headers['List-Unsubscribe'] ?? ''),
  ].filter((u) => !u.startsWith('http://www.w3.org') && !u.startsWith('https://schema.org'));
  expect(found.length).toBeGreaterThan(1);
  for (const url of found) expect({ url, ok: url.startsWith(`${origin}/`) }).toEqual({ url, ok: true });
}

/** canonical, hreflang, og:url/og:image and the JSON-LD url of a lander page, and the page's own absolute URLs. */
function headUrls(body: string): string[] {
  return urls(body.slice(0, body.indexOf('</head>'))).filter((u) => !u.startsWith('https://schema.org'));
}

describe('a Host that is not exactly one of the site’s hosts is refused before any work', () => {
  test.each(FORGED)(
    '%s: 400 host_invalid on the api, the pages, robots and sitemap; no mail written',
    async (host) => {
      const before = await outboxSize(t);
      const body = signupBody();
      const calls: InjectOptions[] = [
        { method: 'POST', url: '/api/password-reset.php', payload: { email: DEMO_EMAIL } },
        { method: 'POST', url: '/api/signup.php', payload: body },
        { method: 'GET', url: '/api/settings.php' },
      ];
      for (const call of calls) {
        const res = await send(t, { ...call, headers: { host, 'accept-language': 'nl' } });
        expect({ url: call.url, status: res.statusCode, code: res.json().error?.code }).toEqual({
          url: call.url,
          status: 400,
          code: 'host_invalid',
        });
        expect(res.json().error.message).toBe('Dit adres hoort niet bij deze site.');
      }
      for (const url of ['/', '/landers/gallery', '/robots.txt', '/sitemap.xml', '/login']) {
        const res = await send(t, { method: 'GET', url, headers: { host, 'accept-language': 'en' } });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
        expect(res.body).toContain('This address does not belong to this site.');
        expect(res.body).not.toContain('evil');
        expect(res.body).not.toContain('9999');
      }
      expect(await outboxSize(t)).toBe(before);
      const created = await first(t.app.db, sql`SELECT 1 FROM users WHERE email = ${body.email}`);
      expect(created).toBeUndefined();
    },
  );

  test('an unknown host: 404 site_unknown, no mail', async () => {
    const before = await outboxSize(t);
    const res = await send(t, {
      method: 'POST',
      url: '/api/password-reset.php',
      headers: { host: 'evil.example' },
      payload: { email: DEMO_EMAIL },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('site_unknown');
    expect(await outboxSize(t)).toBe(before);
  });
});

describe('links come from the site’s origin, whatever Host named the site', () => {
  // The test app listens nowhere; its local origin is http://localhost (PORT 80 in createTestApp).
  test.each([
    'localhost',
    'localhost:80',
    'LOCALHOST',
    'www.localhost',
    '127.0.0.1',
    '127.0.0.1:80',
    '[::1]',
  ])('Host %s: the reset mail and its List-Unsubscribe point at http://localhost', async (host) => {
    const member = await signup(t);
    const res = await send(t, {
      method: 'POST',
      url: '/api/password-reset.php',
      headers: { host },
      payload: { email: member.email },
    });
    expect(res.statusCode).toBe(204);
    const mail = await resetMail(t, member.email);
    expect(mail.text).toMatch(/http:\/\/localhost\/reset-password\/do\?token=/);
    expect(mail.headers['List-Unsubscribe']).toContain('<http://localhost/api/unsubscribe.php?token=');
    expectMailOn(mail, 'http://localhost');
  });

  test('X-Forwarded-Host is ignored without TRUST_PROXY', async () => {
    const member = await signup(t);
    const res = await send(t, {
      method: 'POST',
      url: '/api/password-reset.php',
      headers: { host: 'localhost', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      payload: { email: member.email },
    });
    expect(res.statusCode).toBe(204);
    expectMailOn(await resetMail(t, member.email), 'http://localhost');
    const robots = await send(t, {
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'localhost', 'x-forwarded-host': 'gay.localhost' },
    });
    expect(robots.body).toContain('Sitemap: http://localhost/sitemap.xml');
  });

  describe('with a configured origin', () => {
    const ORIGIN = 'https://www.demo-dating.example';
    beforeAll(async () => {
      await t.app.db.execute(sql`UPDATE sites SET origin = ${ORIGIN} WHERE host = 'localhost'`);
      await t.app.services.sites.reload();
    });
    afterAll(async () => {
      await t.app.db.execute(sql`UPDATE sites SET origin = '' WHERE host = 'localhost'`);
      await t.app.services.sites.reload();
    });

    test('the origin’s host is one of the site’s hosts, on its own port only', async () => {
      for (const host of ['www.demo-dating.example', 'www.demo-dating.example:443', 'demo-dating.example']) {
        const res = await send(t, { method: 'GET', url: '/api/settings.php', headers: { host } });
        expect({ host, status: res.statusCode, domain: res.json().domain }).toEqual({
          host,
          status: 200,
          domain: 'localhost',
        });
      }
      for (const host of ['www.demo-dating.example:80', 'www.demo-dating.example:8443']) {
        const res = await send(t, { method: 'GET', url: '/api/settings.php', headers: { host } });
        expect({ host, status: res.statusCode }).toEqual({ host, status: 400 });
      }
    });

    test('activation, reset and resent activation mails link to the origin', async () => {
      const member = await signup(t, {}, '127.0.0.1');
      const activation = (await mailsTo(t, member.email)).find((m) => m.template === 'activation')!;
      expect(activation.text).toContain(`${ORIGIN}/activate/done?token=`);
      expectMailOn(activation, ORIGIN);

      await send(t, {
        method: 'POST',
        url: '/api/password-reset.php',
        headers: { host: 'localhost' },
        payload: { email: member.email },
      });
      const reset = await resetMail(t, member.email);
      expect(reset.text).toContain(`${ORIGIN}/reset-password/do?token=`);
      expectMailOn(reset, ORIGIN);

      // The first activation mail is older than the resend interval.
      await t.app.db.execute(
        sql`UPDATE one_time_tokens SET created_at = now() - interval '1 day'
            WHERE purpose = 'activation' AND user_id = (SELECT id FROM users WHERE email = ${member.email})`,
      );
      const again = await send(t, {
        method: 'POST',
        url: '/api/activation-mail.php',
        headers: { host: 'www.localhost', cookie: member.cookie },
      });
      expect(again.statusCode).toBeLessThan(300);
      const activations = (await mailsTo(t, member.email)).filter((m) => m.template === 'activation');
      expect(activations).toHaveLength(2);
      for (const mail of activations) expectMailOn(mail, ORIGIN);
    });

    test('canonical, hreflang, og, JSON-LD, sitemap and robots', async () => {
      const page = await send(t, {
        method: 'GET',
        url: '/landers/gallery/general-de',
        headers: { host: '127.0.0.1' },
      });
      expect(page.statusCode).toBe(200);
      const head = page.body.slice(0, page.body.indexOf('</head>'));
      expect(head).toContain(`<link rel="canonical" href="${ORIGIN}/landers/gallery/general-de">`);
      expect(head).toContain(
        `<link rel="alternate" hreflang="nl" href="${ORIGIN}/landers/gallery/general-nl">`,
      );
      expect(head).toContain(`"url":"${ORIGIN}/"`);
      const found = headUrls(page.body);
      expect(found.length).toBeGreaterThan(12);
      for (const url of found) expect({ url, ok: url.startsWith(`${ORIGIN}/`) }).toEqual({ url, ok: true });

      const sitemap = await send(t, { method: 'GET', url: '/sitemap.xml', headers: { host: 'localhost' } });
      const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeGreaterThan(20);
      for (const loc of locs) expect(loc.startsWith(`${ORIGIN}/`)).toBe(true);
      const robots = await send(t, { method: 'GET', url: '/robots.txt', headers: { host: 'localhost' } });
      expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    });

    test('the payment provider is sent back to and notifies the origin', async () => {
      const member = await signup(t);
      const { pkg } = await packageOf(t, member.cookie);
      const res = await send(t, {
        method: 'POST',
        url: '/api/order.php',
        headers: { host: 'www.localhost', cookie: member.cookie },
        payload: { package_id: pkg.id, method: 'ideal' },
      });
      expect(res.statusCode).toBe(201);
      const row = await first<{ redirect_url: string; webhook_url: string }>(
        t.app.db,
        sql`SELECT redirect_url, webhook_url FROM test_provider_payments ORDER BY created_at DESC LIMIT 1`,
      );
      expect(row!.redirect_url.startsWith(`${ORIGIN}/transactions/`)).toBe(true);
      expect(row!.webhook_url).toBe(`${ORIGIN}/api/payment-webhook.php`);
    });

    test('a like told to an offline member: a push that opens a path of the site, a mail on the origin', async () => {
      const liked = await signup(t);
      const liker = await signup(t);
      const ids = async (email: string) =>
        (await first<{ id: number }>(t.app.db, sql`SELECT id FROM users WHERE email = ${email}`))!.id;
      const likedId = await ids(liked.email);
      await t.app.db.execute(sql`UPDATE users SET status = 'confirmed' WHERE id = ${likedId}`);
      await t.app.db.execute(
        sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
            VALUES (${likedId}, ${`https://push.example/${likedId}`}, 'k', 'a')`,
      );
      const pushed: { userId: number; payload: PushPayload }[] = [];
      const spy = jest
        .spyOn(t.app.services.push, 'sendToUser')
        .mockImplementation(async (userId, payload) => {
          pushed.push({ userId, payload });
          return 1;
        });
      try {
        const res = await send(t, {
          method: 'POST',
          url: '/api/like.php',
          headers: { host: '127.0.0.1', cookie: liker.cookie },
          payload: { id: likedId },
        });
        expect(res.statusCode).toBe(200);
        let mail: OutboxEntry | undefined;
        // The notice goes out after the like's answer: poll for it (20 s at most).
        for (const deadline = Date.now() + 20_000; Date.now() < deadline && !(mail && pushed.length);) {
          mail = (await mailsTo(t, liked.email)).find((m) => m.template === 'like');
          if (!(mail && pushed.length)) await new Promise((resolve) => setImmediate(resolve));
        }
        expect(pushed.find((p) => p.userId === likedId)?.payload.url).toMatch(/^\/likes\/m\/\d+$/);
        expectMailOn(mail!, ORIGIN);
      } finally {
        spy.mockRestore();
      }
    });
  });
});

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestApp({ profiles: 0, trustProxy: 1 });
    await deployTestShell(proxied.app);
  }, 300_000);
  afterAll(() => proxied?.close());

  test('X-Forwarded-Host names the site, and is held to the same rule', async () => {
    const member = await signup(proxied, {}, 'gay.localhost');
    const ok = await send(proxied, {
      method: 'POST',
      url: '/api/password-reset.php',
      headers: { host: '10.0.0.5:8080', 'x-forwarded-host': 'gay.localhost', 'x-forwarded-proto': 'https' },
      payload: { email: member.email },
    });
    expect(ok.statusCode).toBe(204);
    // The gay site's own origin (development: http://gay.localhost), not the forwarded scheme or the proxy's Host.
    expectMailOn(await resetMail(proxied, member.email), 'http://gay.localhost');

    for (const forwarded of ['gay.localhost:1@evil.example', 'gay.localhost:9999']) {
      const res = await send(proxied, {
        method: 'POST',
        url: '/api/password-reset.php',
        headers: { host: 'gay.localhost', 'x-forwarded-host': forwarded },
        payload: { email: member.email },
      });
      expect({ forwarded, status: res.statusCode }).toEqual({ forwarded, status: 400 });
    }
    const unknown = await send(proxied, {
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'gay.localhost', 'x-forwarded-host': 'evil.example' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  test('HSTS on what came over TLS to the proxy, on pages, the api, robots and refusals alike', async () => {
    for (const url of ['/', '/api/settings.php', '/robots.txt']) {
      const tls = await send(proxied, {
        method: 'GET',
        url,
        headers: { host: 'localhost', 'x-forwarded-proto': 'https' },
      });
      expect({ url, hsts: tls.headers['strict-transport-security'] }).toEqual({
        url,
        hsts: 'max-age=31536000; includeSubDomains',
      });
      const plain = await send(proxied, { method: 'GET', url, headers: { host: 'localhost' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    }
    const refused = await send(proxied, {
      method: 'GET',
      url: '/',
      headers: { host: 'localhost:9999', 'x-forwarded-proto': 'https' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Without TRUST_PROXY the header is the client's word: no HSTS on plain http.
    const direct = await send(t, {
      method: 'GET',
      url: '/',
      headers: { host: 'localhost', 'x-forwarded-proto': 'https' },
    });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});
