// What the parts of the reply queue share: its dependencies, the queue's condition, a conversation's two sides
// and the claim an operator holds on it.
import { sql } from 'drizzle-orm';
import { QUEUE_CLAIM_MINUTES, type StaffClaim } from '@dating/shared/contract/staff';
import type { Db, RawDb, Tx } from '../../../db/client';
import { first } from '../../../db/sql';
import { notFound } from '../../../lib/errors';
import type { ObjectStorage } from '../../../lib/storage';
import type { ChatPhotosService, GiftsService, MessagesService } from '../../chat';
import type { SitesService } from '../../sites';

/** The queue's condition: the index `conversations_fictional_waiting_idx` (migration 0010) covers it. */
export const WAITING = `c.fictional_id IS NOT NULL AND c.last_sender_id IS DISTINCT FROM c.fictional_id
  AND c.last_sender_id IS NOT NULL`;

export const iso = (v: Date | string) => new Date(v).toISOString();

export interface QueueDeps {
  db: Db;
  raw: RawDb;
  sites: SitesService;
  messages: MessagesService;
  gifts: GiftsService;
  chatPhotos: ChatPhotosService;
  storage: ObjectStorage;
}

export interface ClaimRow {
  staff_id: number;
  staff_name: string;
  expires_at: Date | string;
}
export const toClaim = (r: ClaimRow | undefined | null, me: number): StaffClaim | null =>
  r && r.staff_id !== null && new Date(r.expires_at).getTime() > Date.now()
    ? {
        staff: { id: r.staff_id, name: r.staff_name },
        expires_at: iso(r.expires_at),
        mine: r.staff_id === me,
      }
    : null;

export interface Sides {
  id: number;
  fictional_id: number;
  member_id: number;
  site_id: number;
  language: string;
  waiting: boolean;
}

/** The conversation's two sides, or 404 when it is not a conversation with a fictional profile. */
export async function sides(db: Db | Tx, conversationId: number): Promise<Sides> {
  const row = await first<Sides>(
    db,
    sql`SELECT c.id, c.fictional_id, CASE WHEN c.user_a = c.fictional_id THEN c.user_b ELSE c.user_a END AS member_id,
               u.site_id, u.language, (${sql.raw(WAITING)}) AS waiting
        FROM conversations c JOIN users u ON u.id = CASE WHEN c.user_a = c.fictional_id THEN c.user_b ELSE c.user_a END
        WHERE c.id = ${conversationId} AND c.fictional_id IS NOT NULL`,
  );
  if (!row) throw notFound();
  return row;
}

/** Takes (or renews) the claim when free, expired or mine; null when another operator holds it. */
export function takeClaim(db: Db | Tx, conversationId: number, staffId: number) {
  return first<{ expires_at: Date | string }>(
    db,
    sql`INSERT INTO staff_claims (conversation_id, staff_id, expires_at)
        VALUES (${conversationId}, ${staffId}, now() + make_interval(mins => ${QUEUE_CLAIM_MINUTES}))
        ON CONFLICT (conversation_id) DO UPDATE SET staff_id = EXCLUDED.staff_id, expires_at = EXCLUDED.expires_at
          WHERE staff_claims.expires_at <= now() OR staff_claims.staff_id = EXCLUDED.staff_id
        RETURNING expires_at`,
  );
}

export async function claimOf(db: Db, conversationId: number, me: number): Promise<StaffClaim | null> {
  const row = await first<ClaimRow>(
    db,
    sql`SELECT sc.staff_id, a.name AS staff_name, sc.expires_at FROM staff_claims sc
        JOIN staff_accounts a ON a.id = sc.staff_id WHERE sc.conversation_id = ${conversationId}`,
  );
  return toClaim(row, me);
}
