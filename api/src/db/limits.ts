import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** Advisory-lock class of `withLimitLock` (the migration lock uses a single bigint key: no overlap). */
const LIMIT_LOCK_CLASS = 727_002;

/**
 * Runs a check-then-act limit (count, compare, write) in one transaction that holds a lock on `key`, so two
 * requests for the same key run one after the other and the count each one sees includes the other's write
 * (34 reset mails went out against 3 a day when the check and the write were apart).
 * `key` names what is limited, e.g. `reset:<userId>`. Everything inside must use `tx`: a second pool connection
 * while holding the lock could wait for a connection the waiting requests hold.
 */
export async function withLimitLock<T>(db: Db, key: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockLimit(tx, key);
    return fn(tx);
  });
}

/**
 * One more limit lock inside a `withLimitLock` transaction (a limit with two keys, e.g. the member and the phone
 * number): take the keys in the same order everywhere.
 */
export async function lockLimit(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LIMIT_LOCK_CLASS}, hashtext(${key}))`);
}
