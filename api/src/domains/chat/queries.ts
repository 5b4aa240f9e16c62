// Reads of the conversations for other domains (the back office's reply queue and dashboard): the queries are this
// domain's, so the shape of `conversations` and `messages` stays its own; other domains take the answers through
// chat's index.ts.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { first, rows } from '../../db/sql';

/**
 * A conversation with a fictional profile whose last message is the member's: waiting for an answer. The condition
 * on `conversations c` (index `conversations_fictional_waiting_idx`, migration 0010), for a statement that must
 * pick and claim in one step (the staff queue's claim).
 */
export const WAITING_FOR_FICTIONAL = sql.raw(
  `c.fictional_id IS NOT NULL AND c.last_sender_id IS DISTINCT FROM c.fictional_id AND c.last_sender_id IS NOT NULL`,
);

/** The member's side of `conversations c` (the fictional profile's is `c.fictional_id`), to join `users` on. */
export const MEMBER_OF_CONVERSATION = sql.raw(
  `CASE WHEN c.user_a = c.fictional_id THEN c.user_b ELSE c.user_a END`,
);

type Filter = { site: number | null; locale: string | null };

/** Waiting conversations of members not deleted, of a site and a language when given. */
const waitingWhere = ({ site, locale }: Filter) =>
  sql`${WAITING_FOR_FICTIONAL} AND mu.status <> 'deleted'
      AND (${site}::int IS NULL OR mu.site_id = ${site}) AND (${locale}::text IS NULL OR mu.language = ${locale})`;

/** How many conversations wait for an answer of a fictional profile, by site and language when given. */
export async function waitingTotal(db: Db | Tx, filter: Filter): Promise<number> {
  const row = await first<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM conversations c JOIN users mu ON mu.id = ${MEMBER_OF_CONVERSATION}
        WHERE ${waitingWhere(filter)}`,
  );
  return Number(row?.n ?? 0);
}

/** A site's conversations waiting for an answer of a fictional profile (the dashboard's count). */
export const waitingForFictional = (db: Db | Tx, siteId: number) =>
  waitingTotal(db, { site: siteId, locale: null });

/** A waiting conversation as the queue lists it: both sides, since when it waits, its last message. */
export interface WaitingConversationRow {
  id: number;
  site_id: number;
  language: string;
  member_id: number;
  member_name: string;
  member_thumb: string | null;
  fictional_id: number;
  fictional_name: string;
  fictional_thumb: string | null;
  waiting_since: Date | string | null;
  last_type: 'text' | 'gift' | 'photo';
  last_body: string | null;
  last_at: Date | string;
}

/** The oldest waiting conversations first (at most `limit`), by site and language when given. */
export function waitingConversations(
  db: Db | Tx,
  filter: Filter,
  limit: number,
): Promise<WaitingConversationRow[]> {
  return rows<WaitingConversationRow>(
    db,
    sql`SELECT c.id, mu.site_id, mu.language, mu.id AS member_id, mp.name AS member_name,
               mph.thumb_filename AS member_thumb, c.fictional_id, fp.name AS fictional_name,
               fph.thumb_filename AS fictional_thumb,
               (SELECT min(m.created_at) FROM messages m WHERE m.conversation_id = c.id
                  AND m.id > coalesce((SELECT max(f.id) FROM messages f
                                       WHERE f.conversation_id = c.id AND f.sender_id = c.fictional_id), 0)
               ) AS waiting_since,
               lm.type AS last_type, lm.body AS last_body, lm.created_at AS last_at
        FROM conversations c
        JOIN users mu ON mu.id = ${MEMBER_OF_CONVERSATION}
        JOIN profiles mp ON mp.user_id = mu.id
        LEFT JOIN photos mph ON mph.id = mp.main_photo_id AND mph.status = 'active'
        JOIN profiles fp ON fp.user_id = c.fictional_id
        LEFT JOIN photos fph ON fph.id = fp.main_photo_id
        JOIN LATERAL (SELECT m.type, m.body, m.created_at FROM messages m WHERE m.conversation_id = c.id
                      ORDER BY m.id DESC LIMIT 1) lm ON true
        WHERE ${waitingWhere(filter)}
        ORDER BY c.updated_at, c.id LIMIT ${limit}`,
  );
}

/** A conversation with a fictional profile: its two sides, the member's site and language, whether it waits. */
export interface FictionalConversation {
  id: number;
  fictional_id: number;
  member_id: number;
  site_id: number;
  language: string;
  waiting: boolean;
}

/** The conversation when it is one with a fictional profile, else undefined. */
export function fictionalConversation(
  db: Db | Tx,
  conversationId: number,
): Promise<FictionalConversation | undefined> {
  return first<FictionalConversation>(
    db,
    sql`SELECT c.id, c.fictional_id, ${MEMBER_OF_CONVERSATION} AS member_id, u.site_id, u.language,
               (${WAITING_FOR_FICTIONAL}) AS waiting
        FROM conversations c JOIN users u ON u.id = ${MEMBER_OF_CONVERSATION}
        WHERE c.id = ${conversationId} AND c.fictional_id IS NOT NULL`,
  );
}

/** Whether the photo was sent in the conversation (by either side). */
export async function photoSentIn(db: Db | Tx, conversationId: number, photoId: number): Promise<boolean> {
  const sent = await first<{ id: number }>(
    db,
    sql`SELECT id FROM messages WHERE conversation_id = ${conversationId} AND photo_id = ${photoId} LIMIT 1`,
  );
  return Boolean(sent);
}
