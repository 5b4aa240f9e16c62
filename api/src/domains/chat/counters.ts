import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '@dating/shared/contract/index';
import type { RawDb } from '../../db/client';
import { defineQuery, many, pg } from '../../db/typed';
import type { LiveHub } from '../../lib/live';
import type { ChatsService } from './chats';

export type Counters = Omit<Extract<LiveEvent, { type: 'counters' }>, 'type'>;

// New likes as the likes list counts them: from members not deleted and not blocked either way. One statement for
// any number of members (the batched counters after sends, ADR 0031). Typed SQL (ADR 0040).
const countersQuery = defineQuery({
  name: 'member_counters',
  text: `SELECT u.id, u.credits, u.paid_user,
    (SELECT count(*) FROM likes l JOIN users lu ON lu.id = l.user_id
      WHERE l.liked_id = u.id AND l.like_new AND lu.status <> 'deleted'
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.user_id = u.id AND b.blocked_id = l.user_id)
                                                 OR (b.user_id = l.user_id AND b.blocked_id = u.id))) AS new_likes
  FROM users u WHERE u.id = ANY($1::int[])`,
  params: [pg.intArray],
  columns: { id: pg.int, credits: pg.int, paid_user: pg.bool, new_likes: pg.bigint },
});

/** How long the `counters` of members whose pages heard a send are collected before one statement loads them. */
export const COUNTERS_BATCH_MS = 10;

/**
 * A member's counters (the `counters` live event; the top navigation's badges and credits). Unread messages are
 * summed from the member's chat list, so the badge always agrees with the list beside it.
 */
export function createCountersService(raw: RawDb, chats: ChatsService) {
  async function ofMany(userIds: readonly number[]): Promise<Map<number, Counters>> {
    const [rows, lists] = await Promise.all([
      many(raw, countersQuery, userIds),
      Promise.all(userIds.map((id) => chats.list(id))),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return new Map(
      userIds.map((id, i) => {
        const row = byId.get(id);
        return [
          id,
          {
            unread_messages: lists[i]!.reduce((sum, chat) => sum + chat.num_unread_messages, 0),
            new_likes: Number(row?.new_likes ?? 0),
            credits: row?.credits ?? 0,
            paid_user: Boolean(row?.paid_user),
          },
        ];
      }),
    );
  }
  return {
    ofMany,
    async of(userId: number): Promise<Counters> {
      return (await ofMany([userId])).get(userId)!;
    },
  };
}
export type CountersService = ReturnType<typeof createCountersService>;

/**
 * The `counters` events after sends and reads, batched: members are collected for COUNTERS_BATCH_MS, then one
 * statement loads all of them (plus each one's chat list, usually cached) and each gets one event with the counts
 * as they are then, however many of their messages arrived in the window. Loaded after the commits that asked
 * for them, so no event shows an older count than the send it follows.
 */
export function createCountersBatch(counters: CountersService, live: LiveHub, log: FastifyBaseLogger) {
  let due = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  function flush() {
    timer = undefined;
    const ids = [...due];
    due = new Set();
    counters.ofMany(ids).then(
      (found) => {
        for (const [id, c] of found) live.publish(id, { type: 'counters', ...c });
      },
      (err: unknown) => log.warn({ err }, 'counters not published'),
    );
  }
  return {
    /** Publishes the member's counters soon (once per batch). */
    soon(userId: number): void {
      due.add(userId);
      timer ??= setTimeout(flush, COUNTERS_BATCH_MS);
    },
  };
}
export type CountersBatch = ReturnType<typeof createCountersBatch>;
