import type { StaffAuditAction, StaffCaseUpdate } from '@dating/shared/contract/staff';
import type { Db, Tx } from '../../db/client';
import { recordAudit, type Actor } from './audit';

/** A case's state in the back office: open, in progress, done. */
export type CaseState = NonNullable<StaffCaseUpdate['state']>;

/**
 * A kind of case staff handle (a member's report, a complaint): how the domain that owns its table reads a case's
 * state (locked for the change) and sets it, and the audit action a change is recorded as.
 */
export interface CaseKind {
  action: StaffAuditAction;
  targetType: string;
  lock(t: Db | Tx, id: number): Promise<CaseState | null>;
  set(t: Db | Tx, id: number, state: CaseState): Promise<void>;
}

/**
 * Staff's update of a case: its state when given, and the audit row (who, the state before and after, the reply
 * staff mailed if any), in one transaction: the caller's `tx` when given (staff stores the reply in it). Null when
 * there is no such case.
 */
export async function updateCase(
  db: Db,
  kind: CaseKind,
  id: number,
  change: { state?: CaseState; reply?: string | null },
  actor: Actor,
  tx?: Tx,
): Promise<{ before: CaseState; after: CaseState } | null> {
  const run = async (t: Db | Tx) => {
    const before = await kind.lock(t, id);
    if (before === null) return null;
    const after = change.state ?? before;
    if (change.state !== undefined) await kind.set(t, id, change.state);
    await recordAudit(t, actor, {
      action: kind.action,
      targetType: kind.targetType,
      targetId: id,
      before: { state: before },
      after: { state: after, reply: change.reply ?? null },
    });
    return { before, after };
  };
  return tx ? run(tx) : db.transaction(run);
}
