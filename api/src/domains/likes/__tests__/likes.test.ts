import { sql } from 'drizzle-orm';
import type { LiveEvent } from '@dating/shared/contract/index';
import { first, rows } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { signup } from '../../../testing/accounts';
import { eventually } from '../../../testing/eventually';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 12 });
});
afterAll(() => t.close());

async function confirmedMember(over: Record<string, unknown> = {}) {
  const m = await signup(t, over);
  await t.app.db.execute(sql`UPDATE users SET status = 'confirmed' WHERE id = ${m.user.profile.id}`);
  return { ...m, id: m.user.profile.id as number, name: m.user.profile.name as string };
}

/**
 * Records the live events each member gets (what their open tabs would receive). With Redis an event comes back
 * through it a moment after the call that published it: `arrived` waits for the events published so far to be
 * delivered, and for at least `count` of them.
 */
async function listen(...ids: number[]) {
  const live = t.app.services.live;
  const got = new Map<number, LiveEvent[]>(ids.map((id) => [id, []]));
  const stops = ids.map((id) => live.subscribe(id, (event) => got.get(id)!.push(event)));
  await Promise.all(ids.map((id) => live.ready(id)));
  return {
    got: (id: number) => got.get(id)!,
    /** What `id` got (of the types `only` names, if given) once at least `count` of them have arrived. */
    async arrived(id: number, count: number, only?: readonly LiveEvent['type'][]) {
      const of = () => got.get(id)!.filter((event) => !only || only.includes(event.type));
      await live.settled();
      await eventually(() => of().length >= count, 5_000);
      return of();
    },
    stop: () => stops.forEach((stop) => stop()),
  };
}

const like = (cookie: string | undefined, payload: unknown) =>
  t.call({ method: 'POST', url: '/api/like.php', cookie, payload: payload as object });
const unlike = (cookie: string, id: number) =>
  t.call({ method: 'DELETE', url: '/api/like.php', cookie, payload: { id } });
const likes = async (cookie: string) =>
  (await t.call({ method: 'GET', url: '/api/likes.php', cookie })).json();

describe('like, unlike and match', () => {
  test('a like shows as new for the other; a like back is a match told to both; unlike is told too', async () => {
    const a = await confirmedMember();
    const b = await confirmedMember({ gender: 'female', seeking: 'male' });
    const live = await listen(a.id, b.id);

    const first1 = await like(a.cookie, { id: b.id, source: 'profile' });
    expect(first1.statusCode).toBe(200);
    expect(first1.json()).toEqual({ liked: true, match: false });
    // Idempotent: the same like again changes nothing.
    expect((await like(a.cookie, { id: b.id })).json()).toEqual({ liked: true, match: false });
    const count = await first<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM likes WHERE user_id = ${a.id} AND liked_id = ${b.id}`,
    );
    expect(count?.n).toBe(1);

    expect((await likes(a.cookie)).profiles.map((p: { id: number }) => p.id)).toEqual([b.id]);
    const bLikes = await likes(b.cookie);
    expect(bLikes.liked_by).toHaveLength(1);
    expect(bLikes.liked_by[0]).toMatchObject({ like_new: true, profile: { id: a.id, name: a.name } });
    expect(await live.arrived(b.id, 1)).toEqual([
      expect.objectContaining({
        type: 'like',
        like_id: bLikes.liked_by[0].id,
        profile: expect.objectContaining({ id: a.id }),
      }),
    ]);
    expect(await live.arrived(a.id, 0)).toEqual([]);

    const back = await like(b.cookie, { id: a.id, source: 'search' });
    expect(back.json()).toEqual({ liked: true, match: true });
    expect(await live.arrived(a.id, 2)).toEqual([
      expect.objectContaining({ type: 'like', profile: expect.objectContaining({ id: b.id }) }),
      { type: 'match', profile: expect.objectContaining({ id: b.id }) },
    ]);
    expect((await live.arrived(b.id, 2)).at(-1)).toEqual({
      type: 'match',
      profile: expect.objectContaining({ id: a.id }),
    });
    // The member page knows it too.
    expect(
      (await t.call({ method: 'GET', url: `/api/member.php?id=${b.id}`, cookie: a.cookie })).json().liked,
    ).toBe(true);

    const before = live.got(b.id).length;
    expect((await unlike(a.cookie, b.id)).json()).toEqual({ liked: false, match: false });
    expect((await unlike(a.cookie, b.id)).statusCode).toBe(200);
    expect((await live.arrived(b.id, before + 1)).slice(before)).toEqual([{ type: 'likes_changed' }]);
    expect((await likes(a.cookie)).profiles).toEqual([]);
    expect((await likes(b.cookie)).liked_by).toEqual([]);
    live.stop();
  });

  test('precise 4xx: myself, unknown, deleted, unconfirmed, blocked either way, visitors, bad input', async () => {
    const a = await confirmedMember();
    const self = await like(a.cookie, { id: a.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toMatchObject({
      code: 'self_action',
      message: 'Dit kun je niet bij je eigen profiel doen.',
    });
    expect((await like(a.cookie, { id: 999_999 })).json().error.code).toBe('not_found');

    const gone = await confirmedMember();
    await t.app.db.execute(sql`UPDATE users SET status = 'deleted' WHERE id = ${gone.id}`);
    expect((await like(a.cookie, { id: gone.id })).statusCode).toBe(404);

    const fresh = await signup(t);
    expect((await like(a.cookie, { id: fresh.user.profile.id })).statusCode).toBe(404);

    const blocker = await confirmedMember();
    await t.call({
      method: 'POST',
      url: '/api/block.php',
      cookie: blocker.cookie,
      payload: { profile_id: a.id },
    });
    const refused = await like(a.cookie, { id: blocker.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'blocked', message: 'Dit lid is niet beschikbaar.' });
    expect((await like(blocker.cookie, { id: a.id })).statusCode).toBe(403);

    expect((await like(undefined, { id: blocker.id })).json().error.code).toBe('auth_required');
    expect((await like(a.cookie, { id: 'x' })).statusCode).toBe(400);
    expect((await like(a.cookie, { id: 0 })).statusCode).toBe(400);
    expect((await like(a.cookie, { id: 5, source: 'bogus' })).json().error).toMatchObject({
      code: 'validation',
    });
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/like.php',
      headers: { cookie: a.cookie },
      payload: { id: 5 },
    });
    expect(noHeader.json().error.code).toBe('csrf');
    const none = await first<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM likes WHERE user_id = ${a.id}`,
    );
    expect(none?.n).toBe(0);
  });

  test('opening a liked-by profile clears its new flag on the server (like-seen.php)', async () => {
    const a = await confirmedMember();
    const b = await confirmedMember();
    await like(a.cookie, { id: b.id });
    expect((await likes(b.cookie)).liked_by[0].like_new).toBe(true);
    const live = await listen(b.id);
    for (let i = 0; i < 2; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/api/like-seen.php',
        cookie: b.cookie,
        payload: { id: a.id },
      });
      expect(res.json()).toEqual({ ok: true });
    }
    expect((await likes(b.cookie)).liked_by[0].like_new).toBe(false);
    // Told once (the second call changed nothing), so B's other tabs drop the badge.
    // The like above may still be arriving through Redis: what the opening told is what counts here.
    expect(await live.arrived(b.id, 1, ['likes_changed'])).toEqual([{ type: 'likes_changed' }]);
    live.stop();
  });
});

describe('auto-like (docs/product/calls-and-errors.md)', () => {
  test('needs the request-type header; a fictional profile likes the member, who is told', async () => {
    const a = await confirmedMember();
    const bare = await t.app.inject({
      method: 'GET',
      url: '/api/auto-like.php',
      headers: { cookie: a.cookie },
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error.code).toBe('csrf');
    expect((await likes(a.cookie)).liked_by).toEqual([]);

    const live = await listen(a.id);
    const res = await t.call({ method: 'GET', url: '/api/auto-like.php', cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    const { profile } = res.json();
    expect(profile).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      main_image: expect.anything(),
    });
    const list = await likes(a.cookie);
    expect(list.liked_by.map((e: { profile: { id: number } }) => e.profile.id)).toEqual([profile.id]);
    expect(await live.arrived(a.id, 1)).toEqual([
      expect.objectContaining({ type: 'like', profile: expect.objectContaining({ id: profile.id }) }),
    ]);
    live.stop();
    expect((await t.call({ method: 'GET', url: '/api/auto-like.php' })).statusCode).toBe(403);
  });
});

describe('blocking takes effect live on both sides', () => {
  test('the conversation is removed and both likes lists are told to reload', async () => {
    const a = await confirmedMember();
    const b = await confirmedMember();
    await like(a.cookie, { id: b.id });
    await like(b.cookie, { id: a.id });
    const conv = await t.app.services.chats.open(a.id, b.id);
    const live = await listen(a.id, b.id);
    const res = await t.call({
      method: 'POST',
      url: '/api/block.php',
      cookie: b.cookie,
      payload: { profile_id: a.id },
    });
    expect(res.statusCode).toBe(204);
    for (const id of [a.id, b.id]) {
      // The likes above may still be arriving through Redis: what the block told is what counts here.
      expect(await live.arrived(id, 2, ['conversation_removed', 'likes_changed'])).toEqual([
        { type: 'conversation_removed', conversation: conv },
        { type: 'likes_changed' },
      ]);
    }
    live.stop();
    const left = await rows<{ id: number }>(
      t.app.db,
      sql`SELECT id FROM likes WHERE user_id IN (${a.id}, ${b.id}) AND liked_id IN (${a.id}, ${b.id})
          UNION ALL SELECT id FROM conversations WHERE id = ${conv}`,
    );
    expect(left).toEqual([]);
    expect(await likes(a.cookie)).toEqual({ profiles: [], liked_by: [] });
    expect((await t.call({ method: 'GET', url: '/api/chats.php', cookie: a.cookie })).json().chats).toEqual(
      [],
    );
    expect((await t.call({ method: 'GET', url: '/api/chats.php', cookie: b.cookie })).json().chats).toEqual(
      [],
    );
  });
});
