import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { first } from '../../db/sql';
import type { LedgerKind } from './tables';
import { ApiError } from '../../lib/errors';
import { recordAudit, type Actor } from '../audit';

export interface CreditMove {
  userId: number;
  amount: number;
  kind: LedgerKind;
  /** What the movement pays for, e.g. `message:123`, `order:9`. */
  ref?: string;
}

export interface CreditGrant {
  userId: number;
  amount: number;
  /** The staff member who grants: named on the ledger row and in the audit row `member_credits`. */
  staff: Actor & { id: number; name: string };
  note: string;
}
export interface GrantLedgerRow {
  id: number;
  amount: number;
  kind: string;
  ref: string | null;
  staff_name: string | null;
  note: string | null;
  created_at: Date | string;
}

/**
 * Every balance change is one conditional UPDATE plus a ledger row in the same transaction. The UPDATE only
 * matches while `credits >= amount`, so parallel debits serialise on the row lock and none can overdraw
 * (the CHECK constraint is the last line of defence).
 */
export function createCreditsService(db: Db) {
  async function debitIn(tx: Tx | Db, move: CreditMove): Promise<number> {
    if (!Number.isInteger(move.amount) || move.amount <= 0)
      throw new Error('debit amount must be a positive integer');
    const row = await first<{ credits: number }>(
      tx,
      sql`UPDATE users SET credits = credits - ${move.amount}
          WHERE id = ${move.userId} AND credits >= ${move.amount} RETURNING credits`,
    );
    if (!row) throw new ApiError(402, 'insufficient_credits');
    await tx.execute(
      sql`INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref)
          VALUES (${move.userId}, ${move.kind}, ${-move.amount}, ${row.credits}, ${move.ref ?? null})`,
    );
    return row.credits;
  }

  async function creditIn(tx: Tx | Db, move: CreditMove): Promise<number> {
    if (!Number.isInteger(move.amount) || move.amount <= 0)
      throw new Error('credit amount must be a positive integer');
    const row = await first<{ credits: number }>(
      tx,
      sql`UPDATE users SET credits = credits + ${move.amount} WHERE id = ${move.userId} RETURNING credits`,
    );
    if (!row) throw new Error(`user ${move.userId} not found`);
    await tx.execute(
      sql`INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref)
          VALUES (${move.userId}, ${move.kind}, ${move.amount}, ${row.credits}, ${move.ref ?? null})`,
    );
    return row.credits;
  }

  /**
   * A staff grant (ADR 0018): the credit, its ledger row naming the staff member and the reason, and the audit row,
   * one statement each in one transaction.
   */
  async function grantIn(tx: Tx, grant: CreditGrant): Promise<{ credits: number; ledger: GrantLedgerRow }> {
    const row = await first<{ credits: number }>(
      tx,
      sql`UPDATE users SET credits = credits + ${grant.amount} WHERE id = ${grant.userId} RETURNING credits`,
    );
    if (!row) throw new Error(`user ${grant.userId} not found`);
    const ledger = await first<GrantLedgerRow>(
      tx,
      sql`INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref, staff_name, note)
          VALUES (${grant.userId}, 'bonus', ${grant.amount}, ${row.credits}, ${`staff-grant:${grant.staff.id}`},
                  ${grant.staff.name}, ${grant.note})
          RETURNING id, amount, kind, ref, staff_name, note, created_at`,
    );
    await recordAudit(tx, grant.staff, {
      action: 'member_credits',
      targetType: 'member',
      targetId: grant.userId,
      before: { credits: row.credits - grant.amount },
      after: { credits: row.credits, amount: grant.amount, reason: grant.note },
    });
    return { credits: row.credits, ledger: ledger! };
  }

  return {
    /** Credits given by a staff member with a reason; returns the new balance and the ledger row. */
    grant(grant: CreditGrant): Promise<{ credits: number; ledger: GrantLedgerRow }> {
      if (!Number.isInteger(grant.amount) || grant.amount <= 0)
        throw new Error('credit amount must be a positive integer');
      return db.transaction((t) => grantIn(t, grant));
    },
    /** Takes credits; throws 402 insufficient_credits when the balance is too low. Returns the new balance. */
    debit(move: CreditMove, tx?: Tx): Promise<number> {
      return tx ? debitIn(tx, move) : db.transaction((t) => debitIn(t, move));
    },
    /** Adds credits (purchase, bonus, refund). Returns the new balance. */
    credit(move: CreditMove, tx?: Tx): Promise<number> {
      return tx ? creditIn(tx, move) : db.transaction((t) => creditIn(t, move));
    },
    async balance(userId: number): Promise<number> {
      return (
        (await first<{ credits: number }>(db, sql`SELECT credits FROM users WHERE id = ${userId}`))
          ?.credits ?? 0
      );
    },
  };
}
export type CreditsService = ReturnType<typeof createCreditsService>;
