import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import type { AccountsContext } from './context';

/**
 * Bans (ADR 0018): columns on `users`; a banned member's sessions end on every node and login answers 403
 * `account_banned`. Each change is one conditional UPDATE, so two staff members cannot both ban (or unban).
 */
export function bansModule(ctx: AccountsContext) {
  const { db, sessions } = ctx;
  return {
    /** False when the member is already banned (or does not exist). */
    async ban(userId: number, reason: string, by: string): Promise<boolean> {
      const row = await first<{ id: number }>(
        db,
        sql`UPDATE users SET banned_at = now(), ban_reason = ${reason}, banned_by = ${by}
            WHERE id = ${userId} AND banned_at IS NULL RETURNING id`,
      );
      if (!row) return false;
      await sessions.destroyAllFor(userId);
      return true;
    },
    async unban(userId: number): Promise<void> {
      await db.execute(
        sql`UPDATE users SET banned_at = NULL, ban_reason = NULL, banned_by = NULL WHERE id = ${userId}`,
      );
    },
  };
}
