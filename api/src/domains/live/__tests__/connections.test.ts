import { createLocalBus } from '../../../lib/bus';
import { createLocalLiveHub } from '../../../lib/live';
import { createLiveConnections, MAX_CONNECTIONS_PER_MEMBER, type LiveConnection } from '../connections';

function fakeConnection(userId: number, token: string) {
  const written: string[] = [];
  const connection: LiveConnection & { written: string[]; ended: boolean } = {
    userId,
    sessionHash: `hash-${token}`,
    written,
    ended: false,
    write: (chunk) => {
      written.push(chunk);
      return true;
    },
    end: () => {
      connection.ended = true;
    },
  };
  return connection;
}

afterEach(() => jest.useRealTimers());

describe('live connections of one node', () => {
  it('heartbeats every stream and closes those whose session no longer holds (expiry)', async () => {
    jest.useFakeTimers();
    const valid = new Set(['hash-t1']);
    const connections = createLiveConnections({
      hub: createLocalLiveHub(),
      bus: createLocalBus(),
      stillValid: async (hashes) => new Set(hashes.filter((hash) => valid.has(hash))),
      heartbeatMs: 1_000,
    });
    const kept = fakeConnection(1, 't1');
    const expired = fakeConnection(2, 't2');
    await connections.add(kept);
    await connections.add(expired);
    await jest.advanceTimersByTimeAsync(1_000);
    // The opening (a hub without a log: no id), then the heartbeat.
    expect(kept.written).toEqual([
      'retry: 3000\n: open\n\nevent: ready\ndata: {"resync":false}\n\n',
      ': ping\n\n',
    ]);
    expect(expired.ended).toBe(true);
    expect(kept.ended).toBe(false);
    expect(connections.count()).toBe(1);
    connections.closeAll();
  });

  it('a revocation on the bus closes the session’s streams; a member’s 11th tab closes the oldest', async () => {
    const bus = createLocalBus();
    const hub = createLocalLiveHub();
    const connections = createLiveConnections({ hub, bus, stillValid: async (hashes) => new Set(hashes) });
    const tabs = Array.from({ length: MAX_CONNECTIONS_PER_MEMBER + 1 }, () => fakeConnection(3, 'a'));
    for (const tab of tabs) await connections.add(tab);
    expect(tabs[0]!.ended).toBe(true);
    expect(hub.connections(3)).toBe(MAX_CONNECTIONS_PER_MEMBER);
    const otherSession = fakeConnection(3, 'b');
    await connections.add(otherSession);
    bus.publish({ type: 'sessions-revoked', userId: 3, keepHash: 'hash-b' });
    expect(tabs.every((tab) => tab.ended)).toBe(true);
    expect(otherSession.ended).toBe(false);
    bus.publish({ type: 'session-revoked', hash: 'hash-b' });
    expect(otherSession.ended).toBe(true);
    expect(hub.connections(3)).toBe(0);
    connections.closeAll();
  });

  it('a stream whose hub cannot subscribe it is not kept: it ends, and neither it nor its member counts', async () => {
    const hub = createLocalLiveHub();
    const unreachable = Object.assign(Object.create(hub) as typeof hub, {
      ready: () => Promise.reject(new Error('hub unreachable')),
    });
    const connections = createLiveConnections({
      hub: unreachable,
      bus: createLocalBus(),
      stillValid: async (hashes) => new Set(hashes),
    });
    const tab = fakeConnection(4, 'a');
    await expect(connections.add(tab)).rejects.toThrow('hub unreachable');
    expect(tab.ended).toBe(true);
    expect(tab.written).toEqual([]);
    expect(connections.count()).toBe(0);
    expect(hub.connections(4)).toBe(0);
    connections.closeAll();
  });
});
