import type { LiveEvent } from '@dating/shared/contract/index';
import { createLocalLiveHub } from './live';

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
