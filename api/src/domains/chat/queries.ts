// Reads of the conversations for other domains (the back office's dashboard): the queries are this domain's, so the
// shape of `conversations` stays its own; other domains take the answers through chat's index.ts.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { first } from '../../db/sql';

/**
 * Conversations of a site's members with a fictional profile whose last message is the member's (waiting for an
 * answer; index `conversations_fictional_waiting_idx`), members deleted left out.
 */
export async function waitingForFictional(db: Db | Tx, siteId: number): Promise<number> {
  const row = await first<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM conversations c
        JOIN users mu ON mu.id = CASE WHEN c.user_a = c.fictional_id THEN c.user_b ELSE c.user_a END
        WHERE c.fictional_id IS NOT NULL AND c.last_sender_id IS DISTINCT FROM c.fictional_id
          AND c.last_sender_id IS NOT NULL AND mu.site_id = ${siteId} AND mu.status <> 'deleted'`,
  );
  return Number(row?.n ?? 0);
}
