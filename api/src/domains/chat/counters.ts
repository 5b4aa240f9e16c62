import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '@dating/shared/contract/index';
import type { RawDb } from '../../db/client';
import { defineQuery, many, pg } from '../../db/typed';
import type { LiveHub } from '../../lib/live';
import type { ChatsService } from './chats';

export type Counters = Omit<Extract<LiveEvent, { type: 'counters' }>, 'type'>;

// New likes as the likes list counts them: from members not deleted and not blocked either way; and the member's
// conversations with unread messages (partner, unread), not deleted on their side, as the chat list reads them (the
// list's other rules, blocked and deleted partners, are applied by `chats.unreadOf`). One statement for any number
// of members (the batched counters after sends, ADR 0031), and no chat-list read per member (ADR 0031 addendum).
// Typed SQL (ADR 0040).
const countersQuery = defineQuery({
  name: 'member_counters',
  text: `SELECT u.id, u.credits, u.paid_user,
    (SELECT count(*) FROM likes l JOIN users lu ON lu.id = l.user_id
      WHERE l.liked_id = u.id AND l.like_new AND lu.status <> 'deleted'
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.user_id = u.id AND b.blocked_id = l.user_id)
                                                 OR (b.user_id = l.user_id AND b.blocked_id = u.id))) AS new_likes,
    un.partners AS unread_partners, un.counts AS unread_counts
  FROM users u
  CROSS JOIN LATERAL (
    SELECT coalesce(array_agg(c.partner), '{}')::int[] AS partners, coalesce(array_agg(c.unread), '{}')::int[] AS counts
    FROM (SELECT user_b AS partner, unread_a AS unread FROM conversations
            WHERE user_a = u.id AND NOT deleted_by_a AND unread_a > 0
          UNION ALL
          SELECT user_a, unread_b FROM conversations WHERE user_b = u.id AND NOT deleted_by_b AND unread_b > 0) c
  ) un
  WHERE u.id = ANY($1::int[])`,
  params: [pg.intArray],
  columns: {
    id: pg.int,
    credits: pg.int,
    paid_user: pg.bool,
    new_likes: pg.bigint,
    unread_partners: pg.intArray,
    unread_counts: pg.intArray,
  },
});

/** How long the `counters` of members whose pages heard a send are collected before one statement loads them. */
export const COUNTERS_BATCH_MS = 10;

/**
 * A member's counters (the `counters` live event; the top navigation's badges and credits). Unread messages are
 * summed by the chat list's rules (`chats.unreadOf`) over the rows the list reads, so the badge agrees with the list
 * beside it; the rows come with the counters' statement, so a member costs no chat-list read (before: one
 * `chats_list` statement per member, the list having just been dropped by the send that asked for the counters).
 */
export function createCountersService(raw: RawDb, chats: ChatsService) {
  async function ofMany(userIds: readonly number[]): Promise<Map<number, Counters>> {
    const rows = await many(raw, countersQuery, userIds);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const unread = await Promise.all(
      userIds.map((id) => {
        const row = byId.get(id);
        return row ? chats.unreadOf(id, row.unread_partners, row.unread_counts) : 0;
      }),
    );
    return new Map(
      userIds.map((id, i) => {
        const row = byId.get(id);
        return [
          id,
          {
            unread_messages: unread[i]!,
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
 * statement loads all of them and each gets one event with the counts
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
