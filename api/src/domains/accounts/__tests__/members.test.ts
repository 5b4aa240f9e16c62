import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { signup } from '../../../testing/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 8 });
}, 60_000);
afterAll(() => t.close());

async function confirmedMember(over: Record<string, unknown> = {}) {
  const m = await signup(t, over);
  await t.app.db.execute(sql`UPDATE users SET status = 'confirmed' WHERE id = ${m.user.profile.id}`);
  return { ...m, id: m.user.profile.id as number };
}

const get = (url: string, cookie: string) => t.call({ method: 'GET', url, cookie });
/** Search results may be shared for a few seconds (services/members.ts); tests look at fresh ones. */
const freshSearch = () => t.app.services.members.clearCache();
async function searchIds(cookie: string): Promise<number[]> {
  freshSearch();
  const res = await get('/api/members.php?numResults=100', cookie);
  return (res.json().profiles as { id: number }[]).map((p) => p.id);
}

describe('blocking (docs/product/member-model.md)', () => {
  test('removes likes and chats, and hides the blocker from the blocked member everywhere', async () => {
    const a = await confirmedMember();
    const b = await confirmedMember({ gender: 'female', seeking: 'male' });
    await t.app.db.execute(
      sql`INSERT INTO likes (user_id, liked_id) VALUES (${a.id}, ${b.id}), (${b.id}, ${a.id})`,
    );
    const conv = await t.app.services.chats.open(b.id, a.id);
    await t.app.db.execute(
      sql`INSERT INTO messages (conversation_id, sender_id, body) VALUES (${conv}, ${b.id}, 'Hoi!')`,
    );
    expect((await get('/api/chats.php', a.cookie)).json().chats).toHaveLength(1);
    expect(await searchIds(b.cookie)).toContain(a.id);

    const res = await t.call({
      method: 'POST',
      url: '/api/block.php',
      cookie: a.cookie,
      payload: { profile_id: b.id },
    });
    expect(res.statusCode).toBe(204);

    // The blocked member: no profile, not in search, no likes, no chats.
    expect((await get(`/api/member.php?id=${a.id}`, b.cookie)).statusCode).toBe(404);
    expect(await searchIds(b.cookie)).not.toContain(a.id);
    const bLikes = (await get('/api/likes.php', b.cookie)).json();
    expect([
      ...bLikes.profiles,
      ...bLikes.liked_by.map((l: { profile: unknown }) => l.profile),
    ]).not.toContainEqual(expect.objectContaining({ id: a.id }));
    expect((await get('/api/chats.php', b.cookie)).json().chats).toHaveLength(0);
    // The blocker does not see them in search or lists either.
    expect(await searchIds(a.cookie)).not.toContain(b.id);
    expect((await get('/api/chats.php', a.cookie)).json().chats).toHaveLength(0);
    // Rows are gone, not only hidden.
    const left = await first<{ likes: number; convs: number }>(
      t.app.db,
      sql`SELECT (SELECT count(*)::int FROM likes WHERE (user_id = ${a.id} AND liked_id = ${b.id}) OR (user_id = ${b.id} AND liked_id = ${a.id})) AS likes,
                 (SELECT count(*)::int FROM conversations WHERE id = ${conv}) AS convs`,
    );
    expect(left).toEqual({ likes: 0, convs: 0 });

    const list = (await get('/api/blocks.php', a.cookie)).json().blocks;
    expect(list).toHaveLength(1);
    expect(list[0].profile).toMatchObject({ id: b.id, name: b.user.profile.name });

    // Unblock (idempotent): visible again.
    for (let i = 0; i < 2; i++) {
      expect(
        (
          await t.call({
            method: 'DELETE',
            url: '/api/block.php',
            cookie: a.cookie,
            payload: { profile_id: b.id },
          })
        ).statusCode,
      ).toBe(204);
    }
    expect((await get(`/api/member.php?id=${a.id}`, b.cookie)).statusCode).toBe(200);
    expect((await get('/api/blocks.php', a.cookie)).json().blocks).toHaveLength(0);
  });

  test('blocking oneself is 400, an unknown member 404, visitors 403', async () => {
    const a = await confirmedMember();
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/block.php',
          cookie: a.cookie,
          payload: { profile_id: a.id },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/block.php',
          cookie: a.cookie,
          payload: { profile_id: 999_999 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'POST', url: '/api/block.php', payload: { profile_id: a.id } })).statusCode,
    ).toBe(403);
  });
});

describe('profile update', () => {
  const put = (cookie: string, payload: Record<string, unknown>) =>
    t.call({ method: 'PUT', url: '/api/profile.php', cookie, payload });

  test('every field with its option list; region by code; invisible mode hides from search', async () => {
    const a = await confirmedMember();
    const b = await confirmedMember();
    const res = await put(a.cookie, {
      name: 'NieuweNaam',
      country: 'NL',
      region: 'NH',
      city: 'Haarlem',
      reason: 'dating',
      hair_color: 'dark_blond',
      eye_color: 'green',
      body_type: 'slim',
      relationship_status: 'living_together',
      tattoos: true,
      interests: ['wine', 'sushi', 'wine'],
      about: 'Over mij',
      seeking: 'male',
      date_of_birth: '1985-12-31',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.profile).toMatchObject({
      name: 'NieuweNaam',
      country: 'NL',
      region: 'Noord-Holland',
      city: 'Haarlem',
      hair_color: 'dark_blond',
      eye_color: 'green',
      body_type: 'slim',
      relationship_status: 'living_together',
      tattoos: true,
      interests: ['wine', 'sushi'],
      about: 'Over mij',
      sexuality: 'gay',
      date_of_birth: '1985-12-31',
    });

    expect(await searchIds(b.cookie)).toContain(a.id);
    const hidden = await put(a.cookie, { invisible: true });
    expect(hidden.json().user.invisible).toBe(true);
    // At once, although search results are cached for a few seconds.
    const cached = (await get('/api/members.php?numResults=100', b.cookie)).json().profiles as {
      id: number;
    }[];
    expect(cached.map((p) => p.id)).not.toContain(a.id);
    await put(a.cookie, { invisible: false });
    expect(await searchIds(b.cookie)).toContain(a.id);
  });

  test.each([
    [{ hair_color: 'purple' }, 'validation', 'hair_color'],
    [{ interests: ['knitting'] }, 'validation', '0'],
    [{ country: 'US' }, 'validation', 'country'],
    [{ region: 'XX' }, 'validation', 'region'],
    [{ name: '@naam' }, 'name_starts_with_at', 'name'],
    [{ date_of_birth: '2020-01-01' }, 'birthdate_required', 'date_of_birth'],
    [{ city: 'Nergenshuizen' }, 'town_unknown', 'city'],
    [{ country: 'DE', city: 'Papendrecht' }, 'town_unknown', 'city'],
  ])('%j → 400 %s', async (payload, code, field) => {
    const a = await confirmedMember();
    const res = await put(a.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    if (code !== 'validation' || field !== '0') expect(res.json().error.field).toBe(field);
  });
});

test('a town is one of the country’s place list, stored as the list writes it; the error is in the member’s language', async () => {
  const a = await confirmedMember();
  const put = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.call({ method: 'PUT', url: '/api/profile.php', cookie: a.cookie, payload, headers });
  const ok = await put({ country: 'NL', city: '  papendrecht ' });
  expect(ok.statusCode).toBe(200);
  expect(ok.json().user.profile.city).toBe('Papendrecht');
  const wrong = await put({ city: 'Ergens 12' }, { 'accept-language': 'nl' });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().error).toMatchObject({ code: 'town_unknown', field: 'city' });
  expect(wrong.json().error.message).toContain('Deze plaats kennen we niet');
  // An empty town clears it.
  expect((await put({ city: '' })).json().user.profile.city).toBeNull();
});

test('towns.php lists the towns profile.php accepts, of a region or a country; a wrong country or region is 400', async () => {
  const towns = async (query: string) => t.call({ method: 'GET', url: `/api/towns.php?${query}` });
  const holland = (await towns('country=NL&region=NH')).json().towns as string[];
  expect(holland).toEqual(expect.arrayContaining(['Amsterdam', 'Haarlem']));
  expect(holland).not.toContain('Papendrecht');
  expect(holland).toEqual([...holland].sort((a, b) => a.localeCompare(b)));
  const country = (await towns('country=nl')).json().towns as string[];
  expect(country).toEqual(expect.arrayContaining(['Papendrecht', 'Aalden', 'Urk']));
  // Every listed town is accepted as a member's town.
  const a = await confirmedMember();
  const put = await t.call({
    method: 'PUT',
    url: '/api/profile.php',
    cookie: a.cookie,
    payload: { country: 'NL', city: holland[holland.length - 1] },
  });
  expect(put.json().user.profile.city).toBe(holland[holland.length - 1]);
  for (const [query, field] of [
    ['country=XX', 'country'],
    ['country=NL&region=ZZ', 'region'],
    ['region=NH', 'country'],
  ]) {
    const res = await towns(query!);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe(field);
  }
});

describe('notification preferences and List-Unsubscribe', () => {
  test('the 8 types can be switched; a one-click unsubscribe disables all with its reason; re-enable', async () => {
    const a = await confirmedMember();
    const initial = (await get('/api/notifications.php', a.cookie)).json();
    expect(Object.keys(initial.preferences)).toHaveLength(8);
    expect(initial).toMatchObject({ disabled: [], disabled_reason: null, email: a.email });

    const upd = await t.call({
      method: 'PUT',
      url: '/api/notifications.php',
      cookie: a.cookie,
      payload: { preferences: { promotions: false, news: false } },
    });
    expect(upd.json().preferences).toMatchObject({ promotions: false, news: false, like: true });

    const mail = (
      await t.call({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(a.email)}` })
    ).json().mails[0];
    const url = /<(https?:\/\/[^>]+)>/.exec(mail.headers['List-Unsubscribe'])![1]!;
    const { pathname, search } = new URL(url);
    // RFC 8058: the mail client POSTs without cookie or X-Requested-With.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: pathname + search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const after = (await get('/api/notifications.php', a.cookie)).json();
    expect(after.disabled_reason).toBe('list_unsubscribe');
    expect(after.disabled).toHaveLength(8);
    const user = (await get('/api/user.php', a.cookie)).json().user;
    expect(user.notifications_disabled_reason).toBe('list_unsubscribe');
    expect(user.notifications_disabled).toHaveLength(8);

    const re = await t.call({
      method: 'PUT',
      url: '/api/notifications.php',
      cookie: a.cookie,
      payload: { reenable: true },
    });
    expect(re.json()).toMatchObject({ disabled: [], disabled_reason: null });
    expect(Object.values(re.json().preferences).every(Boolean)).toBe(true);

    // The footer link (GET) only asks (unsubscribe.test.ts): the preferences stay on.
    const page = await t.app.inject({ method: 'GET', url: pathname + search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await get('/api/notifications.php', a.cookie)).json().disabled_reason).toBeNull();
  });
});

test('push subscription: stored once however often it is sent', async () => {
  const a = await confirmedMember();
  const sub = {
    endpoint: 'https://push.example.org/send/abc',
    expirationTime: null,
    keys: { p256dh: 'BPk', auth: 'xyz' },
  };
  for (let i = 0; i < 2; i++) {
    const res = await t.call({ method: 'POST', url: '/api/user.php?push=1', cookie: a.cookie, payload: sub });
    expect(res.statusCode).toBeLessThan(300);
  }
  const n = await first<{ n: number }>(
    t.app.db,
    sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = ${a.id}`,
  );
  expect(n!.n).toBe(1);
  expect((await get('/api/user.php', a.cookie)).json().user.push_subscribed).toBe(true);
});

test('complaints are stored and mailed to the site support address', async () => {
  const res = await t.call({
    method: 'POST',
    url: '/api/complaints.php',
    payload: {
      name: 'Klager',
      email: 'klager@example.org',
      subject: 'Nepprofiel',
      message: 'Profiel 12 is nep.',
      url: '/members/12',
    },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id;
  const row = await first<{ subject: string; url: string }>(
    t.app.db,
    sql`SELECT subject, url FROM complaints WHERE id = ${id}`,
  );
  expect(row).toEqual({ subject: 'Nepprofiel', url: '/members/12' });
  const mails = (await t.call({ method: 'GET', url: '/dev/mailbox.json?to=support@localhost' })).json().mails;
  expect(mails[0]).toMatchObject({ template: 'complaint' });
  expect(mails[0].text).toContain('Profiel 12 is nep.');
  expect(mails[0].text).toContain('klager@example.org');

  const bad = await t.call({
    method: 'POST',
    url: '/api/complaints.php',
    payload: { name: 'X', email: 'nope', subject: 'S', message: 'M' },
  });
  expect(bad.json().error.code).toBe('email_invalid');
  const empty = await t.call({
    method: 'POST',
    url: '/api/complaints.php',
    payload: { name: 'X', email: 'a@b.nl', subject: ' ', message: 'M' },
  });
  expect(empty.json().error).toMatchObject({ code: 'validation', field: 'subject' });
});
