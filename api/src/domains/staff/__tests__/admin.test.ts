import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { staffPath, type StaffSite } from '@dating/shared/contract/staff';
import { first, rows } from '../../../db/sql';
import { multipart, PASSWORD, uniqueEmail } from '../../../testing/accounts';
import { hashPassword } from '../../accounts';
import type { TestContext } from '../../../testing/helpers';
import {
  createOrder,
  createPaymentsApp,
  olderMember,
  packageOf,
  payAtProvider,
  state,
} from '../../../testing/payments';
import { clientId } from '../../../testing/chat';
import { staffSession, type StaffMember } from '../../../testing/staff';

let t: TestContext;
let admin: StaffMember;
let operator: StaffMember;
beforeAll(async () => {
  t = await createPaymentsApp({}, { profiles: 2 });
  admin = await staffSession(t, 'admin');
  operator = await staffSession(t, 'operator');
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: Record<string, unknown> = {}, headers = {}) =>
  t.call({ method: 'POST', url, cookie, payload, headers });
const outbox = (to: string) =>
  rows<{ template: string; locale: string; subject: string; text: string }>(
    t.app.db,
    sql`SELECT template, locale, subject, text FROM mail_outbox WHERE lower(to_address) = lower(${to}) ORDER BY id`,
  );

/** The audit rows of one target, oldest first (each written by the domain that made the change, in its transaction). */
const audited = (targetType: string, targetId: number) =>
  rows<{ action: string; staff_id: number | null; before: unknown; after: unknown }>(
    t.app.db,
    sql`SELECT action, staff_id, before, after FROM staff_audit
        WHERE target_type = ${targetType} AND target_id = ${targetId} ORDER BY id`,
  );

/** A member made directly (signup is rate limited per address and tested on its own), with a session. */
async function person(opts: { language?: string; gender?: 'male' | 'female'; status?: string } = {}) {
  const site = await t.app.services.sites.resolve('localhost');
  const email = uniqueEmail('staffed');
  const row = await first<{ id: number }>(
    t.app.db,
    sql`INSERT INTO users (site_id, email, password_hash, status, language, signup_date)
        VALUES (${site.id}, ${email}, ${await hashPassword(PASSWORD)}, ${opts.status ?? 'confirmed'},
                ${opts.language ?? 'nl'}, now() - interval '1 day') RETURNING id`,
  );
  const id = row!.id;
  const name = `Lid${id}`;
  await t.app.db.execute(
    sql`INSERT INTO profiles (user_id, name, gender, date_of_birth, country)
        VALUES (${id}, ${name}, ${opts.gender ?? 'male'}, '1990-01-01', 'NL')`,
  );
  await t.app.db.execute(
    sql`INSERT INTO notification_preferences (user_id) VALUES (${id}) ON CONFLICT DO NOTHING`,
  );
  const token = await t.app.services.sessions.create(id);
  return { id, email, name, cookie: `sid=${token}` };
}

async function uploadPhoto(cookie: string): Promise<number> {
  const img = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();
  const res = await t.call({
    method: 'POST',
    url: '/api/photos.php',
    cookie,
    ...multipart('photo', 'p.jpg', 'image/jpeg', img),
  });
  expect(res.statusCode).toBe(201);
  const photos = (await t.call({ method: 'GET', url: '/api/photos.php', cookie })).json().photos as {
    id: number;
  }[];
  return photos[photos.length - 1]!.id;
}

test('moderation: an approved photo shows at once to other members; a rejected one is mailed in the member’s language', async () => {
  const owner = await person({ language: 'de', gender: 'female' });
  const viewer = await person();
  const ownerId = owner.id;
  const photo = await uploadPhoto(owner.cookie);
  const images = async () => {
    const res = await t.call({ method: 'GET', url: `/api/member.php?id=${ownerId}`, cookie: viewer.cookie });
    expect(res.statusCode).toBe(200);
    const p = res.json().profile ?? res.json();
    return [p.main_image, ...(p.images ?? [])].filter(Boolean).map((i: { id: number }) => i.id);
  };
  // Read once, so the profile cache holds the "before".
  expect(await images()).not.toContain(photo);

  const pending = (await t.call({ method: 'GET', url: '/api/staff/photos', cookie: operator.cookie })).json()
    .photos;
  expect(pending.map((p: { id: number }) => p.id)).toContain(photo);
  expect((await post(operator.cookie, staffPath('photoApprove', photo))).statusCode).toBe(200);
  expect(await images()).toContain(photo);
  expect((await post(operator.cookie, staffPath('photoApprove', photo))).statusCode).toBe(404);

  const second = await uploadPhoto(owner.cookie);
  const noReason = await post(operator.cookie, staffPath('photoReject', second), { reason: '' });
  expect(noReason.statusCode).toBe(400);
  const rejected = await post(operator.cookie, staffPath('photoReject', second), {
    reason: 'Gezicht niet zichtbaar',
  });
  expect(rejected.statusCode).toBe(200);
  const gone = await first(t.app.db, sql`SELECT id FROM photos WHERE id = ${second}`);
  expect(gone).toBeUndefined();
  const mail = (await outbox(owner.email)).find((m) => m.template === 'photo_rejected')!;
  expect(mail.locale).toBe('de');
  expect(mail.subject).toBe('Ihr Foto wurde nicht freigegeben');
  expect(mail.text).toContain('Gezicht niet zichtbaar');
  const audit = await rows<{ action: string; target_id: number }>(
    t.app.db,
    sql`SELECT action, target_id FROM staff_audit WHERE staff_id = ${operator.id} AND action LIKE 'photo_%' ORDER BY id`,
  );
  expect(audit).toEqual([
    { action: 'photo_approve', target_id: photo },
    { action: 'photo_reject', target_id: second },
  ]);
});

test('reports and complaints: state open → in progress → done, a reply mailed to the member', async () => {
  const reporter = await person();
  const fictional = (await first<{ id: number }>(
    t.app.db,
    sql`SELECT id FROM users WHERE fictional LIMIT 1`,
  ))!.id;
  expect(
    (await post(reporter.cookie, '/api/report.php', { id: fictional, reason: 'fake', text: 'Nep' }))
      .statusCode,
  ).toBe(201);
  const listed = await t.call({
    method: 'GET',
    url: '/api/staff/reports?state=open',
    cookie: operator.cookie,
  });
  expect(listed.statusCode).toBe(200);
  const list = listed.json();
  const report = list.reports.find(
    (r: { reporter: { email: string } }) => r.reporter?.email === reporter.email,
  );
  expect(report).toMatchObject({
    state: 'open',
    reason: 'fake',
    reported: { id: fictional, fictional: true },
  });

  const empty = await post(operator.cookie, staffPath('reportUpdate', report.id), {});
  expect(empty.statusCode).toBe(400);
  const progress = await post(operator.cookie, staffPath('reportUpdate', report.id), {
    state: 'in_progress',
  });
  expect(progress.json().state).toBe('in_progress');
  const done = await post(operator.cookie, staffPath('reportUpdate', report.id), {
    state: 'done',
    reply: 'Bedankt, we hebben het profiel bekeken.',
  });
  expect(done.statusCode).toBe(200);
  expect(done.json()).toMatchObject({
    state: 'done',
    replies: [{ text: 'Bedankt, we hebben het profiel bekeken.' }],
  });
  const mail = (await outbox(reporter.email)).find((m) => m.template === 'staff_reply')!;
  expect(mail.text).toContain('Bedankt, we hebben het profiel bekeken.');

  const complaint = await t.call({
    method: 'POST',
    url: '/api/complaints.php',
    payload: {
      name: 'Klager',
      email: 'klager@example.org',
      subject: 'Nepprofiel',
      message: 'Profiel is nep.',
    },
  });
  const id = complaint.json().id as number;
  const open = (
    await t.call({ method: 'GET', url: '/api/staff/complaints?state=open', cookie: operator.cookie })
  ).json();
  expect(open.complaints.map((c: { id: number }) => c.id)).toContain(id);
  const answered = await post(operator.cookie, staffPath('complaintUpdate', id), {
    state: 'done',
    reply: 'Opgelost.',
  });
  expect(answered.json()).toMatchObject({ state: 'done', email: 'klager@example.org' });
  expect(
    (await outbox('klager@example.org')).some(
      (m) => m.template === 'staff_reply' && m.subject.includes('Nepprofiel'),
    ),
  ).toBe(true);
  // One audit row per change, written by the case's owner (likes, accounts) with the state change; the refused
  // empty update wrote none.
  expect(await audited('report', report.id)).toEqual([
    {
      action: 'report_update',
      staff_id: operator.id,
      before: { state: 'open' },
      after: { state: 'in_progress', reply: null },
    },
    {
      action: 'report_update',
      staff_id: operator.id,
      before: { state: 'in_progress' },
      after: { state: 'done', reply: 'Bedankt, we hebben het profiel bekeken.' },
    },
  ]);
  expect(await audited('complaint', id)).toEqual([
    {
      action: 'complaint_update',
      staff_id: operator.id,
      before: { state: 'open' },
      after: { state: 'done', reply: 'Opgelost.' },
    },
  ]);
});

test('members: search by email, name and id; ban ends the sessions and refuses login; unban; grant credits named', async () => {
  const m = await person();
  const id = m.id;
  for (const q of [m.email.toUpperCase(), m.name, String(id)]) {
    const res = await t.call({
      method: 'GET',
      url: `/api/staff/members?q=${encodeURIComponent(q)}`,
      cookie: admin.cookie,
    });
    expect(res.json().members.map((x: { id: number }) => x.id)).toContain(id);
  }
  const tooShort = await t.call({ method: 'GET', url: '/api/staff/members?q=a', cookie: admin.cookie });
  expect(tooShort.json().error).toMatchObject({ code: 'validation', field: 'q' });

  const ban = await post(admin.cookie, staffPath('memberBan', id), { reason: 'Spam' });
  expect(ban.statusCode).toBe(200);
  expect(ban.json().banned).toMatchObject({ reason: 'Spam', by: admin.name });
  // The session ended: the same cookie is a visitor's now.
  expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).json().user).toBe(false);
  const login = await t.call({
    method: 'POST',
    url: '/api/user.php',
    payload: { email: m.email, password: PASSWORD },
  });
  expect(login.statusCode).toBe(403);
  expect(login.json().error.code).toBe('account_banned');
  // Nor does any other way in (an activation link starts a session): a banned member's session is not valid.
  const other = `sid=${await t.app.services.sessions.create(id)}`;
  expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: other })).json().user).toBe(false);
  expect((await post(admin.cookie, staffPath('memberBan', id), { reason: 'Again' })).statusCode).toBe(409);
  expect((await post(admin.cookie, staffPath('memberUnban', id))).json().banned).toBeNull();
  expect(
    (await t.call({ method: 'POST', url: '/api/user.php', payload: { email: m.email, password: PASSWORD } }))
      .statusCode,
  ).toBe(200);

  const before = (await state(t, id)).credits;
  for (const amount of [0, -5, 10_001]) {
    const bad = await post(admin.cookie, staffPath('memberCredits', id), { amount, reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('amount');
  }
  const grant = await post(admin.cookie, staffPath('memberCredits', id), {
    amount: 25,
    reason: 'Excuses voor de storing',
  });
  expect(grant.statusCode).toBe(200);
  expect(grant.json()).toMatchObject({
    credits: before + 25,
    ledger: { amount: 25, staff: admin.name, note: 'Excuses voor de storing' },
  });
  const s = await state(t, id);
  expect(s.credits).toBe(before + 25);
  expect(s.ledgerSum).toBe(s.credits);
  const detail = (await t.call({ method: 'GET', url: staffPath('member', id), cookie: admin.cookie })).json();
  expect(detail.ledger[0]).toMatchObject({ amount: 25, staff: admin.name });
  expect(detail.account).toMatchObject({ id, email: m.email, credits: before + 25 });
  // Each change audited once by its owner (accounts' bans, payments' credits); the refused ban wrote none.
  const log = await audited('member', id);
  expect(log.map((a) => [a.action, a.staff_id])).toEqual([
    ['member_ban', admin.id],
    ['member_unban', admin.id],
    ['member_credits', admin.id],
  ]);
  expect(log[0]).toMatchObject({ before: null, after: { reason: 'Spam', by: admin.name } });
  expect(log[1]).toMatchObject({ before: { reason: 'Spam', by: admin.name }, after: null });
  expect(log[2]).toMatchObject({
    before: { credits: before },
    after: { credits: before + 25, amount: 25, reason: 'Excuses voor de storing' },
  });
});

test('members: resend activation to an unconfirmed member, delete a member (sessions end)', async () => {
  const m = await person({ status: 'not_confirmed' });
  const id = m.id;
  const before = (await outbox(m.email)).filter((x) => x.template === 'activation').length;
  expect((await post(admin.cookie, staffPath('memberActivation', id))).statusCode).toBe(200);
  expect((await outbox(m.email)).filter((x) => x.template === 'activation').length).toBe(before + 1);
  await t.app.db.execute(sql`UPDATE users SET status = 'confirmed' WHERE id = ${id}`);
  expect((await post(admin.cookie, staffPath('memberActivation', id))).statusCode).toBe(409);

  const del = await t.call({ method: 'DELETE', url: staffPath('memberDelete', id), cookie: admin.cookie });
  expect(del.statusCode).toBe(200);
  expect(
    (await first<{ status: string }>(t.app.db, sql`SELECT status FROM users WHERE id = ${id}`))!.status,
  ).toBe('deleted');
  expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).json().user).toBe(false);
  expect((await audited('member', id)).map((a) => [a.action, a.before, a.after])).toEqual([
    ['member_resend_activation', null, null],
    ['member_delete', { status: 'confirmed' }, { status: 'deleted' }],
  ]);
});

test('members: staff deletion revokes what the member’s own deletion revokes (reactivation links, sessions, push)', async () => {
  /** A member with an open session, a push subscription and a still valid reactivation link from before. */
  async function prepared() {
    const m = await person();
    await t.app.db.execute(
      sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
          VALUES (${m.id}, ${`https://push.example.org/${m.id}`}, 'key', 'auth')`,
    );
    const link = await t.app.services.accounts.tokens.issue(m.id, 'reactivate');
    return { ...m, link };
  }
  async function revoked(m: Awaited<ReturnType<typeof prepared>>) {
    const push = await first<{ n: number | string }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM push_subscriptions WHERE user_id = ${m.id}`,
    );
    const deletion = await first<{ purge_after: Date | string }>(
      t.app.db,
      sql`SELECT purge_after FROM account_deletions WHERE user_id = ${m.id} AND purged_at IS NULL`,
    );
    return {
      status: (await first<{ status: string }>(t.app.db, sql`SELECT status FROM users WHERE id = ${m.id}`))!
        .status,
      session: (await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).json().user,
      push: Number(push!.n),
      oldLink: await t.app.services.accounts.tokens.peek(m.link, 'reactivate'),
      erasable: deletion !== undefined,
    };
  }
  const own = await prepared();
  const byStaff = await prepared();
  const self = await t.call({
    method: 'POST',
    url: '/api/account-delete.php',
    cookie: own.cookie,
    payload: { password: PASSWORD, reason: 'found_partner' },
  });
  expect(self.statusCode).toBe(200);
  const del = await t.call({
    method: 'DELETE',
    url: staffPath('memberDelete', byStaff.id),
    cookie: admin.cookie,
  });
  expect(del.statusCode).toBe(200);

  const expected = { status: 'deleted', session: false, push: 0, oldLink: null, erasable: true };
  expect(await revoked(own)).toEqual(expected);
  expect(await revoked(byStaff)).toEqual(expected);
  // Deleted once: a second staff deletion finds no member to delete.
  const again = await t.call({
    method: 'DELETE',
    url: staffPath('memberDelete', byStaff.id),
    cookie: admin.cookie,
  });
  expect(again.statusCode).toBe(404);
});

test('refunds: within refund_days through the provider with the reason audited; twice or too old refused', async () => {
  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const res = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'creditcard' });
  const { order } = res.json() as { order: { id: number; payment_id: string } };
  await payAtProvider(t, order.payment_id, 'paid');
  const paid = await state(t, m.id);

  const noReason = await post(admin.cookie, staffPath('refund', order.id), {});
  expect(noReason.statusCode).toBe(400);
  const refund = await post(admin.cookie, staffPath('refund', order.id), { reason: 'Dubbel betaald' });
  expect(refund.statusCode).toBe(200);
  expect(refund.json()).toMatchObject({ order: { status: 'refunded' }, taken: pkg.credits, shortfall: 0 });
  expect((await state(t, m.id)).credits).toBe(paid.credits - pkg.credits);
  const again = await post(admin.cookie, staffPath('refund', order.id), { reason: 'Nog eens' });
  expect(again.statusCode).toBe(409);
  expect(again.json().error.code).toBe('refund_unavailable');
  const audit = await first<{ after: { reason: string } }>(
    t.app.db,
    sql`SELECT after FROM staff_audit WHERE action = 'order_refund' AND target_id = ${order.id}`,
  );
  expect(audit!.after.reason).toBe('Dubbel betaald');

  const old = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'creditcard' });
  const oldOrder = old.json().order as { id: number; payment_id: string };
  await payAtProvider(t, oldOrder.payment_id, 'paid');
  await t.app.db.execute(
    sql`UPDATE orders SET completed_at = now() - interval '15 days' WHERE id = ${oldOrder.id}`,
  );
  const late = await post(
    admin.cookie,
    staffPath('refund', oldOrder.id),
    { reason: 'Te laat' },
    { 'accept-language': 'nl' },
  );
  expect(late.statusCode).toBe(409);
  expect(late.json().error).toMatchObject({ code: 'refund_window', params: { days: 14 } });
  expect(late.json().error.message).toBe('Deze betaling is ouder dan de terugbetalingstermijn van 14 dagen.');
});

test('settings: each bad value is refused with its field; the later of two saves gets 409; a new message cost applies at the next message', async () => {
  const site = await t.app.services.sites.resolve('localhost');
  const read = async () =>
    (
      await t.call({ method: 'GET', url: staffPath('site', site.id), cookie: admin.cookie })
    ).json<StaffSite>();
  const current = await read();
  for (const [settings, field] of [
    [{ message_credits: -1 }, 'message_credits'],
    [{ niche: 9 }, 'niche'],
    [{ domain: 'http://bad domain/' }, 'domain'],
    [{ domain: 'no-tld' }, 'domain'],
    [{ support_email: 'nope' }, 'support_email'],
    [{ signups: 'sometimes' }, 'signups'],
    [{ texts: { xx: { index_title: 'x' } } }, 'texts.xx'],
    [{ unknown_setting: 1 }, 'unknown_setting'],
  ] as const) {
    const res = await t.call({
      method: 'PUT',
      url: staffPath('siteUpdate', site.id),
      cookie: admin.cookie,
      payload: { version: current.version, settings },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe(field);
  }

  const other = await staffSession(t, 'admin');
  const saved = await t.call({
    method: 'PUT',
    url: staffPath('siteUpdate', site.id),
    cookie: admin.cookie,
    payload: {
      version: current.version,
      settings: { message_credits: 7, texts: { de: { index_title: 'Hallo' } } },
    },
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({
    version: current.version + 1,
    settings: { message_credits: 7 },
    preview: { message_credits: 7 },
  });
  const later = await t.call({
    method: 'PUT',
    url: staffPath('siteUpdate', site.id),
    cookie: other.cookie,
    headers: { 'accept-language': 'de' },
    payload: { version: current.version, settings: { message_credits: 3 } },
  });
  expect(later.statusCode).toBe(409);
  expect(later.json().error).toMatchObject({ code: 'record_changed' });
  expect(later.json().error.message).toBe(
    'Jemand anderes hat diesen Datensatz inzwischen geändert. Laden Sie ihn neu und nehmen Sie Ihre Änderung erneut vor.',
  );
  expect((await read()).settings.message_credits).toBe(7);

  // Ten admins saving on the same version at once: one wins, nine are told the record changed.
  const version = (await read()).version;
  const racers = await Promise.all(Array.from({ length: 10 }, () => staffSession(t, 'admin')));
  const race = await Promise.all(
    racers.map((r, i) =>
      t.call({
        method: 'PUT',
        url: staffPath('siteUpdate', site.id),
        cookie: r.cookie,
        payload: { version, settings: { mail_name: `Race ${i}` } },
      }),
    ),
  );
  expect(race.filter((r) => r.statusCode === 200)).toHaveLength(1);
  expect(race.filter((r) => r.statusCode === 409)).toHaveLength(9);
  expect((await read()).version).toBe(version + 1);

  // Members see it at once, and the next message costs the new price.
  const settings = await t.call({ method: 'GET', url: '/api/settings.php' });
  expect(settings.json().message_credits).toBe(7);
  const m = await olderMember(t);
  await t.app.services.credits.credit({ userId: m.id, amount: 20, kind: 'purchase', ref: 'order:test' });
  const fictional = (await first<{ id: number }>(
    t.app.db,
    sql`SELECT id FROM users WHERE fictional AND site_id = ${site.id} LIMIT 1`,
  ))!.id;
  const before = (await state(t, m.id)).credits;
  const sent = await t.call({
    method: 'POST',
    url: '/api/messages.php',
    cookie: m.cookie,
    payload: { member: fictional, client_id: clientId(), type: 'text', text: 'Hoi' },
  });
  expect(sent.statusCode).toBe(200);
  expect((await state(t, m.id)).credits).toBe(before - 7);
  // Put it back for the other tests of this file.
  await t.call({
    method: 'PUT',
    url: staffPath('siteUpdate', site.id),
    cookie: admin.cookie,
    payload: {
      version: version + 1,
      settings: { message_credits: current.settings.message_credits },
    },
  });
});

test('dashboard: today’s signups, activations and open queues per site move with what happens', async () => {
  const site = await t.app.services.sites.resolve('localhost');
  const today = async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/staff/dashboard?site=${site.id}`,
      cookie: operator.cookie,
    });
    expect(res.statusCode).toBe(200);
    return res.json().sites[0] as {
      site: { id: number };
      signups: number;
      activations: number;
      open: { photos: number; replies: number };
    };
  };
  const before = await today();
  expect(before.site.id).toBe(site.id);
  const m = await person({ status: 'not_confirmed', gender: 'female' });
  await t.app.db.execute(
    sql`UPDATE users SET signup_date = now(), status = 'confirmed', confirmed_at = now() WHERE id = ${m.id}`,
  );
  await uploadPhoto(m.cookie);
  const after = await today();
  expect(after.signups).toBe(before.signups + 1);
  expect(after.activations).toBe(before.activations + 1);
  expect(after.open.photos).toBe(before.open.photos + 1);
  const report = (
    await t.call({ method: 'GET', url: '/api/staff/dashboard', cookie: operator.cookie })
  ).json();
  expect(report.experiments).toMatchObject({ app: 'mf-landers' });
});
