import type { LiveEvent } from '@dating/shared/contract/index';
import type { RawDb } from '../../db/client';
import type { ChatsService } from './chats';

export type Counters = Omit<Extract<LiveEvent, { type: 'counters' }>, 'type'>;

// New likes as the likes list counts them: from members not deleted and not blocked either way.
const COUNTERS_SQL = `SELECT u.credits, u.paid_user,
    (SELECT count(*) FROM likes l JOIN users lu ON lu.id = l.user_id
      WHERE l.liked_id = u.id AND l.like_new AND lu.status <> 'deleted'
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.user_id = u.id AND b.blocked_id = l.user_id)
                                                 OR (b.user_id = l.user_id AND b.blocked_id = u.id))) AS new_likes
  FROM users u WHERE u.id = $1`;

/**
 * A member's counters (the `counters` live event; the top navigation's badges and credits). Unread messages are
 * summed from the member's chat list, so the badge always agrees with the list beside it.
 */
export function createCountersService(raw: RawDb, chats: ChatsService) {
  return {
    async of(userId: number): Promise<Counters> {
      const [[row], list] = await Promise.all([
        raw.query<{ credits: number; paid_user: boolean; new_likes: number | string }>(
          COUNTERS_SQL,
          [userId],
          'member_counters',
        ),
        chats.list(userId),
      ]);
      return {
        unread_messages: list.reduce((sum, chat) => sum + chat.num_unread_messages, 0),
        new_likes: Number(row?.new_likes ?? 0),
        credits: row?.credits ?? 0,
        paid_user: Boolean(row?.paid_user),
      };
    },
  };
}
export type CountersService = ReturnType<typeof createCountersService>;
