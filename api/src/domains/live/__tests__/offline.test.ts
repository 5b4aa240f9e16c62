import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { LiveEvent } from '@dating/shared/contract/index';
import { profileFixture } from '@dating/shared/testing/fixtures';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { mailsTo, signup } from '../../../testing/accounts';
import { openLiveStream } from '../../../testing/live';
import { startFakePushService } from '../../../testing/push';
import { decideOffline, type OfflineMember } from '../offline';

const member = (over: Partial<OfflineMember> = {}): OfflineMember => ({
  id: 1,
  site_id: 1,
  email: 'a@example.org',
  name: 'Anna',
  language: 'en',
  status: 'confirmed',
  fictional: false,
  has_push: true,
  prefs: { new_conversations: true, new_messages: true, like: true },
  ...over,
});
const message = (conversation: number, fromMe = false, text = 'Hoi!'): LiveEvent => ({
  type: 'message',
  conversation,
  message: {
    id: 5,
    conversation,
    client_id: null,
    from_me: fromMe,
    type: 'text',
    text,
    gift: null,
    photo: null,
    sent_at: '2026-11-23T10:00:00Z',
    read_at: null,
  },
  chat: {
    conversation: { id: conversation, updated_at: '2026-11-23T10:00:00Z' },
    profile: profileFixture({ id: 42, name: 'Bram' }),
    num_unread_messages: 1,
    last_message: null,
  },
});

describe('what a member with no open connection gets (decideOffline)', () => {
  it('a message: a push that opens the conversation, and a throttled mail per conversation', () => {
    const decision = decideOffline(message(9), member(), false)!;
    expect(decision.preference).toBe('new_messages');
    expect(decision.push).toMatchObject({
      title: 'New message from Bram',
      body: 'Hoi!',
      url: '/chats/9',
      kind: 'message',
    });
    expect(decision.mail).toMatchObject({
      template: 'new_message',
      kind: 'message',
      key: '9',
      every: '1 hour',
    });
    expect(decideOffline(message(9), member(), true)!.mail).toMatchObject({ template: 'new_conversation' });
  });

  it('follows the preferences, and never notifies about my own messages, typing or counters', () => {
    const off = { new_conversations: true, new_messages: false, like: false };
    expect(decideOffline(message(9), member({ prefs: off }), false)).toBeNull();
    expect(decideOffline(message(9), member({ prefs: off }), true)).not.toBeNull();
    expect(decideOffline(message(9, true), member(), false)).toBeNull();
    expect(decideOffline({ type: 'typing', conversation: 9, member: 42 }, member(), false)).toBeNull();
    expect(
      decideOffline(
        { type: 'like', like_id: 1, profile: profileFixture({ id: 42 }) },
        member({ prefs: off }),
        false,
      ),
    ).toBeNull();
    expect(decideOffline(message(9), member({ status: 'deleted' }), false)).toBeNull();
  });

  it('no push subscription: no push, the mail still goes; a like opens the profile in the likes', () => {
    const like = decideOffline(
      { type: 'like', like_id: 1, profile: profileFixture({ id: 42, name: 'Bram' }) },
      member({ has_push: false, language: 'nl' }),
      false,
    )!;
    expect(like.push).toBeNull();
    expect(like.mail).toMatchObject({ template: 'like', key: '42' });
    const withPush = decideOffline(
      { type: 'match', profile: profileFixture({ id: 42, name: 'Bram' }) },
      member({ language: 'nl' }),
      false,
    )!;
    expect(withPush.push).toMatchObject({ title: 'Het is een match!', url: '/members/42' });
  });
});

describe('the hub’s undelivered events become pushes and mails', () => {
  let t: TestContext;
  let base: string;
  let pushService: Awaited<ReturnType<typeof startFakePushService>>;
  beforeAll(async () => {
    t = await createTestApp({ profiles: 3, pushAllowPrivateEndpoints: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    pushService = await startFakePushService();
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });
  const idOf = async (cookie: string) =>
    (await t.app.services.sessions.lookup(cookie.replace('sid=', '')))!.userId;

  it('no connection anywhere: one push per event; the new-conversation mail once, with List-Unsubscribe', async () => {
    const a = await signup(t, { locale: 'en' });
    const id = await idOf(a.cookie);
    await t.app.services.push.subscribe(id, pushService.subscription('a'));
    t.app.services.live.publish(id, message(424242));
    t.app.services.live.publish(id, message(424242));
    await t.app.services.live.settled();
    await t.app.services.offline.settled();
    expect(pushService.count('a')).toBe(2);
    const mails = (await mailsTo(t, a.email)).filter((m) => m.template === 'new_conversation');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Bram started a conversation with you');
    expect(mails[0]!.headers['List-Unsubscribe']).toMatch(/\/api\/unsubscribe\.php\?token=/);
    expect(mails[0]!.text).toContain('/chats/424242');
  });

  it('events for several members at once: each decided on its own member (looked up together)', async () => {
    const a = await signup(t, { locale: 'en' });
    const b = await signup(t);
    const [idA, idB] = [await idOf(a.cookie), await idOf(b.cookie)];
    await t.app.services.push.subscribe(idA, pushService.subscription('d'));
    const decisions = await Promise.all([
      t.app.services.offline.notify(idA, message(616161)),
      t.app.services.offline.notify(idB, message(616162)),
      t.app.services.offline.notify(2_000_000_000, message(616163)),
      t.app.services.offline.notify(idB, {
        type: 'like',
        like_id: 4,
        profile: profileFixture({ id: 78, name: 'Bram' }),
      }),
    ]);
    expect(decisions[0]).toMatchObject({ preference: 'new_conversations', push: { url: '/chats/616161' } });
    expect(decisions[1]).toMatchObject({ preference: 'new_conversations', push: null });
    expect(decisions[2]).toBeNull();
    expect(decisions[3]).toMatchObject({ preference: 'like', push: null, mail: { key: '78' } });
    expect(pushService.count('d')).toBe(1);
  });

  it('an open connection: the event goes there, no push and no mail', async () => {
    const a = await signup(t);
    const id = await idOf(a.cookie);
    await t.app.services.push.subscribe(id, pushService.subscription('b'));
    const stream = await openLiveStream(base, a.cookie);
    t.app.services.live.publish(id, message(515151));
    await stream.next();
    await t.app.services.live.settled();
    await t.app.services.offline.settled();
    expect(pushService.count('b')).toBe(0);
    expect((await mailsTo(t, a.email)).filter((m) => m.template === 'new_conversation')).toHaveLength(0);
    stream.close();
  });

  it('a real send to a member away: notified from what the send read (new conversation once, then a message)', async () => {
    const a = await signup(t, { locale: 'en' });
    const b = await signup(t, { locale: 'en' });
    const [idA, idB] = [await idOf(a.cookie), await idOf(b.cookie)];
    await t.app.services.credits.credit({ userId: idA, amount: 20, kind: 'purchase', ref: 'order:test' });
    // A paying member: a free member's first message goes through the transaction (send-transaction.ts).
    await t.app.db.execute(sql`UPDATE users SET paid_user = TRUE WHERE id = ${idA}`);
    await t.app.services.push.subscribe(idB, pushService.subscription('e'));
    // Every statement goes through the one driver (raw and Drizzle share it): their texts.
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const driver = jest.spyOn(client, 'query');
    for (const text of ['Hoi!', 'Nog een']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/messages.php',
        cookie: a.cookie,
        payload: { member: idB, client_id: `away-${text.length}-${Date.now()}`, type: 'text', text },
      });
      expect(res.statusCode).toBe(200);
      await t.app.services.live.settled();
      await t.app.services.offline.settled();
    }
    const texts = driver.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text));
    driver.mockRestore();
    expect(pushService.count('e')).toBe(2);
    const mails = await mailsTo(t, b.email);
    expect(mails.filter((m) => m.template === 'new_conversation')).toHaveLength(1);
    expect(mails.filter((m) => m.template === 'new_message')).toHaveLength(1);
    // Read with the send (one node, nobody connected): no lookup of the member after it.
    expect(texts.some((text) => text.includes('away_prior'))).toBe(true);
    expect(texts.some((text) => text.includes('conversation_messages'))).toBe(false);
  });

  it('preferences switched off: no push and no mail', async () => {
    const a = await signup(t);
    const id = await idOf(a.cookie);
    await t.app.services.push.subscribe(id, pushService.subscription('c'));
    const off = await t.call({
      method: 'PUT',
      url: '/api/notifications.php',
      cookie: a.cookie,
      payload: { preferences: { like: false } },
    });
    expect(off.statusCode).toBe(200);
    t.app.services.live.publish(id, {
      type: 'like',
      like_id: 3,
      profile: profileFixture({ id: 77, name: 'Bram' }),
    });
    await t.app.services.live.settled();
    await t.app.services.offline.settled();
    expect(pushService.count('c')).toBe(0);
    expect((await mailsTo(t, a.email)).filter((m) => m.template === 'like')).toHaveLength(0);
  });
});
