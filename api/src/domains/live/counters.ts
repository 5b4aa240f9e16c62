import { sql } from 'drizzle-orm';
import type { LiveEvent } from '@dating/shared/contract/index';
import type { Db } from '../../db/client';
import { first } from '../../db/sql';
import type { LiveHub } from '../../lib/live';

export type CountersEvent = Extract<LiveEvent, { type: 'counters' }>;

/**
 * The member's counters as the server has them (unread messages, new likes, credits, premium), for the `counters`
 * live event: a writer that changes any of them calls `publish(userId)` after its commit.
 */
export function createLiveCounters(db: Db, live: LiveHub) {
  async function of(userId: number): Promise<CountersEvent | null> {
    const row = await first<{ unread: number; new_likes: number; credits: number; paid_user: boolean }>(
      db,
      sql`SELECT u.credits, u.paid_user,
            (SELECT coalesce(sum(CASE WHEN c.user_a = u.id THEN c.unread_a ELSE c.unread_b END), 0)::int
               FROM conversations c
               WHERE (c.user_a = u.id AND NOT c.deleted_by_a) OR (c.user_b = u.id AND NOT c.deleted_by_b)) AS unread,
            (SELECT count(*)::int FROM likes l WHERE l.liked_id = u.id AND l.like_new) AS new_likes
          FROM users u WHERE u.id = ${userId}`,
    );
    if (!row) return null;
    return {
      type: 'counters',
      unread_messages: row.unread,
      new_likes: row.new_likes,
      credits: row.credits,
      paid_user: row.paid_user,
    };
  }
  return {
    of,
    /** Loads and publishes each member's counters (after the change has committed). */
    async publish(userIds: number | readonly number[]): Promise<void> {
      for (const id of typeof userIds === 'number' ? [userIds] : userIds) {
        const event = await of(id);
        if (event) live.publish(id, event);
      }
    },
  };
}
export type LiveCounters = ReturnType<typeof createLiveCounters>;
