import { sql } from 'drizzle-orm';
import type { ChatEntry, MessageType } from '@dating/shared/contract/index';
import type { Db, RawDb } from '../db/client';
import { first } from '../db/sql';
import { notFound } from '../lib/errors';
import { PROFILE_COLUMNS, toProfile, type ProfileSqlRow } from './profiles';

interface ChatRow extends ProfileSqlRow {
  conversation_id: number;
  updated_at: Date | string;
  unread: number | string;
  last_body: string | null;
  last_type: MessageType | null;
  last_sender: number | null;
  last_at: Date | string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

const CHATS_SQL = `SELECT c.id AS conversation_id, c.updated_at, ${PROFILE_COLUMNS},
    (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> $1 AND m.read_at IS NULL) AS unread,
    lm.body AS last_body, lm.type AS last_type, lm.sender_id AS last_sender, lm.created_at AS last_at
  FROM conversations c
  JOIN users u ON u.id = CASE WHEN c.user_a = $1 THEN c.user_b ELSE c.user_a END
  JOIN profiles p ON p.user_id = u.id
  LEFT JOIN photos ph ON ph.id = p.main_photo_id
  LEFT JOIN LATERAL (SELECT body, type, sender_id, created_at FROM messages m
                      WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1) lm ON TRUE
  WHERE ((c.user_a = $1 AND NOT c.deleted_by_a) OR (c.user_b = $1 AND NOT c.deleted_by_b))
    AND u.status <> 'deleted'
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.user_id = $1 AND b.blocked_id = u.id) OR (b.user_id = u.id AND b.blocked_id = $1))
  ORDER BY c.updated_at DESC, c.id DESC`;

export function createChatsService(db: Db, raw: RawDb) {
  return {
    /** The member's conversations, newest first, without blocked or deleted partners. */
    async list(me: number): Promise<ChatEntry[]> {
      const found = await raw.query<ChatRow>(CHATS_SQL, [me], 'chats_list');
      return found.map((r) => ({
        conversation: { id: r.conversation_id, updated_at: iso(r.updated_at) },
        profile: toProfile(r),
        num_unread_messages: Number(r.unread),
        last_message:
          r.last_type && r.last_at
            ? { text: r.last_body, type: r.last_type, from_me: r.last_sender === me, sent_at: iso(r.last_at) }
            : null,
      }));
    },

    /** Hides a conversation for this member only; 404 unless it is theirs. */
    async remove(me: number, conversationId: number): Promise<void> {
      const row = await first<{ id: number }>(
        db,
        sql`UPDATE conversations SET
              deleted_by_a = CASE WHEN user_a = ${me} THEN TRUE ELSE deleted_by_a END,
              deleted_by_b = CASE WHEN user_b = ${me} THEN TRUE ELSE deleted_by_b END
            WHERE id = ${conversationId} AND (user_a = ${me} OR user_b = ${me}) RETURNING id`,
      );
      if (!row) throw notFound();
    },

    /** Finds or creates the conversation between two members (pair stored ordered). */
    async open(me: number, other: number): Promise<number> {
      const [a, b] = me < other ? [me, other] : [other, me];
      const row = await first<{ id: number }>(
        db,
        sql`INSERT INTO conversations (user_a, user_b, started_by) VALUES (${a}, ${b}, ${me})
            ON CONFLICT (user_a, user_b) DO UPDATE SET deleted_by_a = FALSE, deleted_by_b = FALSE RETURNING id`,
      );
      return row!.id;
    },
  };
}
export type ChatsService = ReturnType<typeof createChatsService>;
