import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { LiveEvent } from '@dating/shared/contract/index';
import type { LiveHub } from './live';
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
});
