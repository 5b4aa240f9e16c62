import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { LiveEvent } from '@dating/shared/contract/index';
import { LIVE_LOG_MAX_EVENTS, type LiveHub } from './live';
import { createRedisLiveHub } from './live-redis';

// Two nodes' hubs on one Redis (runs when REDIS_URL is set, like the multi-node tests).
const onRedis = process.env.REDIS_URL ? describe : describe.skip;
const log = pino({ level: 'silent' });
const event: LiveEvent = { type: 'likes_changed' };

onRedis('Redis live hub (one channel per member, across nodes)', () => {
  let nodeA: LiveHub;
  let nodeB: LiveHub;
  const missedOnA: number[] = [];
  beforeAll(() => {
    const prefix = `test:live:${randomBytes(4).toString('hex')}:`;
    nodeA = createRedisLiveHub(process.env.REDIS_URL!, prefix, log);
    nodeB = createRedisLiveHub(process.env.REDIS_URL!, prefix, log);
    nodeA.onUndelivered((userId) => missedOnA.push(userId));
  });
  afterAll(async () => {
    await nodeA.close();
    await nodeB.close();
  });
  const received = (hub: LiveHub, userId: number) =>
    new Promise<string>((resolve) => {
      const off = hub.subscribe(userId, (_e, json) => {
        off();
        resolve(json);
      });
    });

  it('an event published on node A reaches the connection on node B', async () => {
    const got = received(nodeB, 11);
    await nodeB.ready(11);
    nodeA.publish(11, event);
    expect(JSON.parse(await got)).toEqual(event);
  });

  it('PUBLISH reaching no node tells A’s undelivered handler; a connection anywhere does not', async () => {
    const offB = nodeB.subscribe(21, () => undefined);
    await nodeB.ready(21);
    nodeA.publish([21, 22], event);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(missedOnA).toEqual([22]);
    // After the member's last connection closes, node B unsubscribes: the member counts as offline again.
    offB();
    await nodeB.ready(21);
    nodeA.publish(21, event);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(missedOnA).toEqual([22, 21]);
  });

  it('a node subscribes once per member, whatever the number of tabs', async () => {
    const first = nodeB.subscribe(31, () => undefined);
    const second = nodeB.subscribe(31, () => undefined);
    await nodeB.ready(31);
    first();
    await nodeB.ready(31);
    const got = received(nodeB, 31);
    nodeA.publish(31, event);
    expect(JSON.parse(await got)).toEqual(event);
    second();
    expect(nodeB.connections(31)).toBe(0);
  });

  describe('the member’s event log (a Redis stream; docs/adr/0039-live-resume.md)', () => {
    const counters = (credits: number): LiveEvent => ({
      type: 'counters',
      unread_messages: 0,
      new_likes: 0,
      credits,
      paid_user: false,
    });
    /** Publishes on node A and waits until node B heard the last one (the log has them all by then). */
    async function publishHeard(userId: number, events: LiveEvent[]) {
      const ids: string[] = [];
      const heard = new Promise<void>((resolve) => {
        const off = nodeB.subscribe(userId, (_e, _json, id) => {
          ids.push(id!);
          if (ids.length === events.length) {
            off();
            resolve();
          }
        });
      });
      await nodeB.ready(userId);
      for (const e of events) nodeA.publish(userId, e);
      await heard;
      return ids;
    }

    it('events carry increasing ids; a resume on another node replays those after the client’s last, in order', async () => {
      const fresh = await nodeB.resume(41, null);
      expect(fresh).toEqual({ head: expect.stringMatching(/^\d+-\d+$/), replay: [] });
      const ids = await publishHeard(41, [counters(1), counters(2), counters(3)]);
      expect([...ids].sort()).toEqual(ids);
      const resumed = await nodeB.resume(41, fresh.head);
      expect(resumed.replay!.map((r) => JSON.parse(r.json) as LiveEvent)).toEqual([
        counters(1),
        counters(2),
        counters(3),
      ]);
      expect(resumed.replay!.map((r) => r.id)).toEqual(ids);
      expect(resumed.head).toBe(ids[2]);
      expect(await nodeA.resume(41, ids[1]!)).toEqual({ head: ids[2], replay: [resumed.replay![2]] });
      expect(await nodeA.resume(41, ids[2]!)).toEqual({ head: ids[2], replay: [] });
    });

    it('typing is not logged; an id not in the member’s log (pruned, unknown, odd) is not covered', async () => {
      const fresh = await nodeA.resume(51, null);
      nodeA.publish(51, { type: 'typing', conversation: 1, member: 2 });
      await publishHeard(51, [counters(9)]);
      expect(
        (await nodeB.resume(51, fresh.head)).replay!.map((r) => JSON.parse(r.json) as LiveEvent),
      ).toEqual([counters(9)]);
      for (const odd of ['0-1', 'abc', '5', '1-2-3', '99999999999999999999-0', ''.padEnd(40, '9')]) {
        const answer = await nodeB.resume(51, odd);
        expect(answer.replay).toBeNull();
        expect(answer.head).toMatch(/^\d+-\d+$/);
      }
      const many = Array.from({ length: LIVE_LOG_MAX_EVENTS + 1 }, (_, i) => counters(i));
      await publishHeard(51, many);
      expect((await nodeB.resume(51, fresh.head)).replay).toBeNull();
    });
  });
});
