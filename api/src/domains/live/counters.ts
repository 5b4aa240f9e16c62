import type { LiveEvent } from '@dating/shared/contract/index';
import type { LiveHub } from '../../lib/live';
import type { CountersService } from '../chat';

export type CountersEvent = Extract<LiveEvent, { type: 'counters' }>;

/**
 * The member's counters as the server has them (unread messages, new likes, credits, premium), for the `counters`
 * live event: a writer that changes any of them calls `publish(userId)` after its commit. The numbers come from the chat domain's
 * `counters.of` (one definition of unread messages and new likes, the same the lists show).
 */
export function createLiveCounters(counters: CountersService, live: LiveHub) {
  async function of(userId: number): Promise<CountersEvent> {
    return { type: 'counters', ...(await counters.of(userId)) };
  }
  return {
    of,
    /** Loads and publishes each member's counters (after the change has committed). */
    async publish(userIds: number | readonly number[]): Promise<void> {
      for (const id of typeof userIds === 'number' ? [userIds] : userIds) {
        live.publish(id, await of(id));
      }
    },
  };
}
export type LiveCounters = ReturnType<typeof createLiveCounters>;
