import { sql } from 'drizzle-orm';
import type {
  StaffAuditAction,
  StaffAuditEntry,
  StaffAuditQuery,
  StaffAuditResponse,
} from '@dating/shared/contract/staff';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/sql';

/** Who acts: a signed-in staff member, or nobody known (a failed login with an unknown email). */
export interface Actor {
  id: number | null;
  name: string | null;
  ip: string | null;
}

export interface AuditInput {
  action: StaffAuditAction;
  targetType?: string | null;
  targetId?: number | null;
  before?: unknown;
  after?: unknown;
}

const PAGE = 50;
const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/**
 * The audit port: one row recording `actor`'s change, written with `db`, which is the change's own transaction (a
 * domain acting for staff calls it inside the transaction of its change, so the change and its record commit
 * together or not at all).
 */
export async function recordAudit(db: Db | Tx, actor: Actor, entry: AuditInput): Promise<void> {
  await db.execute(
    sql`INSERT INTO staff_audit (staff_id, staff_name, action, target_type, target_id, before, after, ip)
        VALUES (${actor.id}, ${actor.name}, ${entry.action}, ${entry.targetType ?? null},
                ${entry.targetId ?? null}, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb, ${actor.ip})`,
  );
}

/**
 * The audit log: one INSERT per staff action, written by the domain that makes the change, in the change's own
 * transaction (`tx`: the action and its record commit together). The table refuses UPDATE, DELETE and TRUNCATE
 * (trigger, migration 0120).
 */
export function createAudit(db: Db) {
  return {
    write: (actor: Actor, entry: AuditInput, tx?: Tx): Promise<void> => recordAudit(tx ?? db, actor, entry),

    /** Newest first; `cursor` is the last id of the previous page. */
    async list(q: StaffAuditQuery): Promise<StaffAuditResponse> {
      const cursor = q.cursor && /^\d+$/.test(q.cursor) ? Number(q.cursor) : null;
      const found = await rows<{
        id: string | number;
        staff_id: number | null;
        staff_name: string | null;
        action: StaffAuditAction;
        target_type: string | null;
        target_id: number | null;
        before: unknown;
        after: unknown;
        ip: string | null;
        created_at: Date | string;
      }>(
        db,
        sql`SELECT id, staff_id, staff_name, action, target_type, target_id, before, after, ip, created_at
            FROM staff_audit
            WHERE (${q.staff ?? null}::int IS NULL OR staff_id = ${q.staff ?? null})
              AND (${q.action ?? null}::text IS NULL OR action = ${q.action ?? null})
              AND (${q.target_type ?? null}::text IS NULL OR target_type = ${q.target_type ?? null})
              AND (${q.target_id ?? null}::int IS NULL OR target_id = ${q.target_id ?? null})
              AND (${cursor}::bigint IS NULL OR id < ${cursor})
            ORDER BY id DESC LIMIT ${PAGE + 1}`,
      );
      const more = found.length > PAGE;
      const page = more ? found.slice(0, PAGE) : found;
      const entries: StaffAuditEntry[] = page.map((r) => ({
        id: Number(r.id),
        staff: r.staff_id === null ? null : { id: r.staff_id, name: r.staff_name ?? '' },
        action: r.action,
        target_type: r.target_type,
        target_id: r.target_id,
        before: r.before ?? null,
        after: r.after ?? null,
        ip: r.ip,
        created_at: new Date(r.created_at).toISOString(),
      }));
      return { entries, next_cursor: more ? String(entries[entries.length - 1]!.id) : null };
    },
  };
}
export type Audit = ReturnType<typeof createAudit>;
