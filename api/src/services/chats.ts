import { sql } from 'drizzle-orm';
import type { ChatEntry, MessageType } from '@dating/shared/contract/index';
import type { Db, RawDb } from '../db/client';
import { first } from '../db/sql';
import { notFound } from '../lib/errors';
import type { BlockedService } from './blocked';
import type { ProfileCache } from './profile-cache';

interface ChatRow {
  conversation_id: number;
  updated_at: string;
  partner_id: number;
  unread: number;
  last_body: string | null;
  last_type: MessageType | null;
  last_sender: number | null;
  last_at: string | null;
}

/** ISO 8601 in UTC with milliseconds, as `Date.toISOString` writes it, made by PostgreSQL (no parsing here). */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The member's side of each conversation: unread count and last message are kept on the row by triggers
 * (migration 0004), so this reads the member's conversation rows and one message each by primary key.
 */
const CHATS_SQL = `WITH mine AS (
    SELECT id, updated_at, user_b AS partner_id, unread_a AS unread, last_message_id
      FROM conversations WHERE user_a = $1 AND NOT deleted_by_a
    UNION ALL
    SELECT id, updated_at, user_a, unread_b, last_message_id
      FROM conversations WHERE user_b = $1 AND NOT deleted_by_b)
  SELECT c.id AS conversation_id, ${iso('c.updated_at')} AS updated_at, c.partner_id, c.unread,
    m.body AS last_body, m.type AS last_type, m.sender_id AS last_sender, ${iso('m.created_at')} AS last_at
  FROM mine c LEFT JOIN messages m ON m.id = c.last_message_id
  ORDER BY c.updated_at DESC, c.id DESC`;

export function createChatsService(
  db: Db,
  raw: RawDb,
  deps: { profiles: ProfileCache; blocked: BlockedService },
) {
  return {
    /** The member's conversations, newest first, without blocked or deleted partners. */
    async list(me: number): Promise<ChatEntry[]> {
      const [found, hidden] = await Promise.all([
        raw.query<ChatRow>(CHATS_SQL, [me], 'chats_list'),
        deps.blocked.hiddenFor(me),
      ]);
      const rows = hidden.size ? found.filter((r) => !hidden.has(r.partner_id)) : found;
      const profiles = await deps.profiles.getMany(rows.map((r) => r.partner_id));
      const chats: ChatEntry[] = [];
      for (const r of rows) {
        const profile = profiles.get(r.partner_id);
        if (!profile) continue; // deleted account
        chats.push({
          conversation: { id: r.conversation_id, updated_at: r.updated_at },
          profile,
          num_unread_messages: r.unread,
          last_message:
            r.last_type && r.last_at
              ? {
                  text: r.last_body,
                  type: r.last_type,
                  from_me: r.last_sender === me,
                  sent_at: r.last_at,
                }
              : null,
        });
      }
      return chats;
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
