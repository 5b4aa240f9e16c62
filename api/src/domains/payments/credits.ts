import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { first } from '../../db/sql';
import type { LedgerKind } from '../../db/schema';
import { ApiError } from '../../lib/errors';

export interface CreditMove {
  userId: number;
  amount: number;
  kind: LedgerKind;
  /** What the movement pays for, e.g. `message:123`, `order:9`. */
  ref?: string;
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

  return {
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
