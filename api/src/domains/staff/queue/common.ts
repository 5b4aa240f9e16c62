// What the parts of the reply queue share: its dependencies, a conversation's two sides (the chat's query) and the
// claims operators hold on them (staff's own table).
import { sql } from 'drizzle-orm';
import { QUEUE_CLAIM_MINUTES, type StaffClaim } from '@dating/shared/contract/staff';
import type { Db, RawDb, Tx } from '../../../db/client';
import { first, rows } from '../../../db/sql';
import { notFound } from '../../../lib/errors';
import type { ObjectStorage } from '../../../lib/storage';
import {
  fictionalConversation,
  type ChatPhotosService,
  type FictionalConversation,
  type GiftsService,
  type MessagesService,
} from '../../chat';
import type { SitesService } from '../../sites';

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

/** A conversation of the queue: its two sides, the member's site and language, whether it waits (chat's query). */
export type Sides = FictionalConversation;

/** The conversation's two sides, or 404 when it is not a conversation with a fictional profile. */
export async function sides(db: Db | Tx, conversationId: number): Promise<Sides> {
  const row = await fictionalConversation(db, conversationId);
  if (!row) throw notFound();
  return row;
}

/** The live claims (not expired) on these conversations, by conversation, with the holder's name. */
export async function claimsOn(
  db: Db | Tx,
  conversationIds: readonly number[],
): Promise<Map<number, ClaimRow>> {
  const found = await rows<ClaimRow & { conversation_id: number }>(
    db,
    sql`SELECT sc.conversation_id, sc.staff_id, a.name AS staff_name, sc.expires_at FROM staff_claims sc
        JOIN staff_accounts a ON a.id = sc.staff_id
        WHERE sc.conversation_id = ANY(${`{${conversationIds.join(',')}}`}::int[]) AND sc.expires_at > now()`,
  );
  return new Map(found.map((r) => [r.conversation_id, r]));
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
