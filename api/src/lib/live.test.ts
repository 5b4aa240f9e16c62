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
