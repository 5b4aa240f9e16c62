import { createTestApp, type TestContext } from '../../../testing/helpers';
import { lastMail, signup } from '../../../testing/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 2 });
});
afterAll(() => t.close());

/** A member and the path + query of the List-Unsubscribe URL of the mail they got. */
async function memberWithLink() {
  const m = await signup(t);
  const mail = await lastMail(t, m.email, 'activation');
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const url = new URL(/<(https?:\/\/[^>]+)>/.exec(mail.headers['List-Unsubscribe']!)![1]!);
  return { ...m, link: url.pathname + url.search, token: url.searchParams.get('token')! };
}

const prefs = async (cookie: string) =>
  (await t.call({ method: 'GET', url: '/api/notifications.php', cookie })).json();

describe('/api/unsubscribe.php', () => {
  test('GET only shows a translated confirmation page; nothing changes', async () => {
    const m = await memberWithLink();
    for (const [lang, text] of [
      ['nl', 'Ja, afmelden'],
      ['de', 'Ja, abmelden'],
    ] as const) {
      const page = await t.app.inject({ method: 'GET', url: m.link, headers: { 'accept-language': lang } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(text);
      expect(page.body).toContain(`<form method="post" action="/api/unsubscribe.php?token=${m.token}">`);
    }
    expect(await prefs(m.cookie)).toMatchObject({ disabled: [], disabled_reason: null });
  });

  test('RFC 8058 one-click POST, without session or X-Requested-With, unsubscribes (form and multipart)', async () => {
    const a = await memberWithLink();
    const res = await t.app.inject({
      method: 'POST',
      url: a.link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await prefs(a.cookie)).toMatchObject({ disabled_reason: 'list_unsubscribe' });
    expect((await prefs(a.cookie)).disabled).toHaveLength(8);

    const b = await memberWithLink();
    const boundary = 'xYzBoundary';
    const multi = await t.app.inject({
      method: 'POST',
      url: b.link,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multi.statusCode).toBe(200);
    expect(await prefs(b.cookie)).toMatchObject({ disabled_reason: 'list_unsubscribe' });
  });

  test('without the header, only a valid token passes the CSRF check', async () => {
    const m = await memberWithLink();
    for (const url of ['/api/unsubscribe.php?token=nope', '/api/unsubscribe.php']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('csrf');
    }
    // The token does not open other routes: the exemption belongs to this route's secret, not to a path.
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications.php?token=${m.token}`,
      headers: { cookie: m.cookie },
      payload: { reenable: true },
    });
    expect(other.statusCode).toBe(403);
    expect(await prefs(m.cookie)).toMatchObject({ disabled_reason: null });
  });
});
