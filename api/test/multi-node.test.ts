import { buildApp } from '../src/app';
import type { BusEvent } from '../src/lib/bus';
import { createTestApp, type TestContext } from '../src/testing/helpers';

// Two API nodes on one PostgreSQL database and one Redis (jest runs this file only when DATABASE_URL and
// REDIS_URL are set: see jest.config.js).
let nodeA: TestContext;
let nodeB: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  nodeA = await createTestApp({ profiles: 10, redisUrl: process.env.REDIS_URL });
  nodeB = await buildApp({
    env: {},
    logger: false,
    dataDir: nodeA.dataDir,
    databaseUrl: nodeA.app.config.databaseUrl,
    dbSchema: nodeA.app.config.dbSchema,
    inMemoryDb: false,
    embedded: false,
    seedDemo: false,
    redisUrl: process.env.REDIS_URL,
    // In-process requests name `localhost:80` (light-my-request's default Host), as on node A (testing/helpers.ts).
    port: 80,
  });
});
afterAll(async () => {
  await nodeB.close();
  await nodeA.close();
});

function nextEventOn(app: typeof nodeB, type: BusEvent['type']): Promise<void> {
  return new Promise((resolve) => {
    app.services.bus.subscribe((event) => {
      if (event.type === type) resolve();
    });
  });
}

const userOn = async (app: typeof nodeB, cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user;

describe('several API nodes', () => {
  it('a logout on one node ends the session on the other at once, though it had the session cached', async () => {
    const cookie = await nodeA.login();
    expect(await userOn(nodeB, cookie)).toMatchObject({ email: 'demo@example.com' });
    const heard = nextEventOn(nodeB, 'session-revoked');
    await nodeA.call({ method: 'GET', url: '/api/logout.php', cookie });
    await heard;
    expect(await userOn(nodeB, cookie)).toBe(false);
  });

  it('ending all sessions of a member (password reset, deletion) reaches the other node too', async () => {
    const first = await nodeA.login();
    const second = await nodeA.login();
    expect(await userOn(nodeB, first)).not.toBe(false);
    expect(await userOn(nodeB, second)).not.toBe(false);
    const { userId } = (await nodeA.app.services.sessions.lookup(first.replace('sid=', '')))!;
    const heard = nextEventOn(nodeB, 'sessions-revoked');
    await nodeA.app.services.sessions.destroyAllFor(userId, first.replace('sid=', ''));
    await heard;
    expect(await userOn(nodeB, second)).toBe(false);
    expect(await userOn(nodeB, first)).not.toBe(false);
  });

  it('a block on one node hides the member from search on the other at once, though it had cached who is hidden', async () => {
    const cookie = await nodeA.login();
    const search = async () =>
      (await nodeB.inject({ method: 'GET', url: '/api/members.php?numResults=100', headers: { cookie } }))
        .json()
        .profiles.map((p: { id: number }) => p.id) as number[];
    const [target] = await search();
    const heard = nextEventOn(nodeB, 'blocks-changed');
    const blocked = await nodeA.call({
      method: 'POST',
      url: '/api/block.php',
      cookie,
      payload: { profile_id: target },
    });
    expect(blocked.statusCode).toBe(204);
    await heard;
    expect(await search()).not.toContain(target);
    const unheard = nextEventOn(nodeB, 'blocks-changed');
    await nodeA.call({ method: 'DELETE', url: '/api/block.php', cookie, payload: { profile_id: target } });
    await unheard;
    expect(await search()).toContain(target);
  });

  it('a message written through one node shows in the chat list the other node had cached', async () => {
    const cookie = await nodeA.login();
    const list = async () =>
      (await nodeB.inject({ method: 'GET', url: '/api/chats.php', headers: { cookie } })).json().chats as {
        conversation: { id: number };
        num_unread_messages: number;
        profile: { id: number };
      }[];
    const before = await list();
    const [chat] = before;
    expect(chat).toBeDefined();
    await nodeA.app.database.raw.query(
      'INSERT INTO messages (conversation_id, sender_id, body) VALUES ($1, $2, $3)',
      [chat!.conversation.id, chat!.profile.id, 'Nog een bericht'],
    );
    await nodeB.services.chats.settled();
    const after = await list();
    expect(after.find((c) => c.conversation.id === chat!.conversation.id)!.num_unread_messages).toBe(
      chat!.num_unread_messages + 1,
    );
  });
});
