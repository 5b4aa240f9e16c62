import type { LiveEvent } from '@dating/shared/contract/index';
import { compareLiveIds, createFanOut, createLocalLiveHub, type LiveLog } from './live';

const likesChanged: LiveEvent = { type: 'likes_changed' };

describe('local live hub', () => {
  it('delivers an event to every connection of the named members only', () => {
    const hub = createLocalLiveHub();
    const got: string[] = [];
    hub.subscribe(1, () => got.push('1a'));
    hub.subscribe(1, () => got.push('1b'));
    hub.subscribe(2, () => got.push('2'));
    hub.subscribe(3, () => got.push('3'));
    hub.publish([1, 2], likesChanged);
    expect(got.sort()).toEqual(['1a', '1b', '2']);
  });

  it('stops delivering after unsubscribe and counts connections', () => {
    const hub = createLocalLiveHub();
    const seen: LiveEvent[] = [];
    const off = hub.subscribe(7, (e) => seen.push(e));
    expect(hub.connections(7)).toBe(1);
    off();
    hub.publish(7, likesChanged);
    expect(seen).toEqual([]);
    expect(hub.connections(7)).toBe(0);
  });

  it('keeps delivering to other tabs when one listener throws', () => {
    const hub = createLocalLiveHub();
    const seen: number[] = [];
    hub.subscribe(4, () => {
      throw new Error('closed socket');
    });
    hub.subscribe(4, () => seen.push(4));
    hub.publish(4, likesChanged);
    expect(seen).toEqual([4]);
  });
});

describe('local live hub: what reached nobody', () => {
  it('tells the undelivered handler about each member with no connection, once per event', () => {
    const hub = createLocalLiveHub();
    const missed: [number, string][] = [];
    hub.onUndelivered((userId, event) => missed.push([userId, event.type]));
    const seen: string[] = [];
    hub.subscribe(1, (_event, json) => seen.push(json));
    hub.publish([1, 2, 3], likesChanged);
    expect(seen).toEqual([JSON.stringify(likesChanged)]);
    expect(missed).toEqual([
      [2, 'likes_changed'],
      [3, 'likes_changed'],
    ]);
  });

  it('an unsubscribe called twice removes one connection only', async () => {
    const hub = createLocalLiveHub();
    const off = hub.subscribe(5, () => undefined);
    hub.subscribe(5, () => undefined);
    off();
    off();
    expect(hub.connections(5)).toBe(1);
    await expect(hub.ready(5)).resolves.toBeUndefined();
  });
});

describe('local live hub with a log (the one-node path; docs/adr/0039-live-resume.md)', () => {
  /** A log in memory that counts its appends, and can be told to fail. */
  function memoryLog() {
    const rows: { userId: number; id: number; json: string }[] = [];
    let next = 1;
    const state = { appends: 0, fail: false, failResume: false };
    const log: LiveLog = {
      async append(entries) {
        state.appends += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (state.fail) throw new Error('database gone');
        return entries.map((e) => {
          const id = next++;
          rows.push({ userId: e.userId, id, json: e.json });
          return String(id);
        });
      },
      async resume(userId, after) {
        if (state.failResume) throw new Error('database gone');
        const mine = rows.filter((r) => r.userId === userId);
        const head = String(mine.at(-1)?.id ?? 0);
        if (after === null) return { head, replay: [] };
        const at = mine.findIndex((r) => String(r.id) === after);
        if (at < 0) return { head, replay: null };
        return { head, replay: mine.slice(at + 1).map((r) => ({ id: String(r.id), json: r.json })) };
      },
      sweep: async () => undefined,
    };
    return { log, state, rows };
  }

  it('stores first and delivers in order with increasing ids; what is published during an append is stored by the next one', async () => {
    const { log, state } = memoryLog();
    const hub = createLocalLiveHub(log);
    const got: [string, string | undefined][] = [];
    hub.subscribe(1, (event, _json, id) => got.push([event.type, id]));
    hub.publish(1, likesChanged);
    hub.publish(1, { type: 'conversation_removed', conversation: 3 });
    expect(got).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1));
    for (let i = 0; i < 5; i += 1) hub.publish(1, likesChanged);
    await hub.settled();
    expect(got.map(([, id]) => id)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(got[1]![0]).toBe('conversation_removed');
    expect(state.appends).toBe(2);
    // A typing hint is not stored: delivered at once, without an id.
    hub.publish(1, { type: 'typing', conversation: 3, member: 2 });
    expect(got.at(-1)).toEqual(['typing', undefined]);
  });

  it('a failed append still delivers, without ids; a failed read answers a resync', async () => {
    const { log, state } = memoryLog();
    const warnings: string[] = [];
    const hub = createLocalLiveHub(log, (_err, message) => warnings.push(message));
    const got: (string | undefined)[] = [];
    hub.subscribe(1, (_event, _json, id) => got.push(id));
    state.fail = true;
    hub.publish(1, likesChanged);
    await hub.settled();
    expect(got).toEqual([undefined]);
    state.failResume = true;
    expect(await hub.resume(1, '5')).toEqual({ head: null, replay: null });
    expect(warnings).toEqual(['live log append failed', 'live log resume failed']);
  });

  it('a resume waits for the appends asked before it', async () => {
    const { log } = memoryLog();
    const hub = createLocalLiveHub(log);
    hub.publish(9, likesChanged);
    const first = await hub.resume(9, null);
    expect(first).toEqual({ head: '1', replay: [] });
    hub.publish(9, likesChanged);
    hub.publish(9, likesChanged);
    expect(await hub.resume(9, first.head)).toEqual({
      head: '3',
      replay: [
        { id: '2', json: JSON.stringify(likesChanged) },
        { id: '3', json: JSON.stringify(likesChanged) },
      ],
    });
  });

  it('orders ids as numbers, for both logs\u2019 shapes', () => {
    expect(compareLiveIds('9', '10')).toBeLessThan(0);
    expect(compareLiveIds('1700000000000-2', '1700000000000-10')).toBeLessThan(0);
    expect(compareLiveIds('1700000000001-0', '1700000000000-99')).toBeGreaterThan(0);
    expect(compareLiveIds('42', '42')).toBe(0);
  });
});

describe('fan-out', () => {
  it('gives a writer the text as published, and reads the event once, only for listeners that take it', () => {
    const fanOut = createFanOut();
    const json = JSON.stringify(likesChanged);
    const written: string[] = [];
    fanOut.add(5, { write: (text, id) => written.push(`${id} ${text}`) });
    let reads = 0;
    const read = () => {
      reads += 1;
      return JSON.parse(json) as LiveEvent;
    };
    expect(fanOut.deliver(5, read, json, '7')).toBe(1);
    expect(reads).toBe(0);
    const seen: LiveEvent[] = [];
    fanOut.add(5, (event) => seen.push(event));
    fanOut.add(5, (event) => seen.push(event));
    expect(fanOut.deliver(5, read, json, '8')).toBe(3);
    expect(reads).toBe(1);
    expect(seen).toEqual([likesChanged, likesChanged]);
    expect(written).toEqual([`7 ${json}`, `8 ${json}`]);
  });
});
