import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import { recordAudit, type Actor } from '../../audit';
import type { AccountsContext } from './context';

/**
 * Bans (ADR 0018): columns on `users`; a banned member's sessions end on every node and login answers 403
 * `account_banned`. Each change is one conditional UPDATE, so two staff members cannot both ban (or unban).
 */
export function bansModule(ctx: AccountsContext) {
  const { db, sessions } = ctx;
  return {
    /**
     * False when the member is already banned (or does not exist). The audit row `member_ban` (`actor`, the ban
     * after) commits with the change.
     */
    async ban(userId: number, reason: string, actor: Actor & { name: string }): Promise<boolean> {
      const by = actor.name;
      const row = await db.transaction(async (tx) => {
        const banned = await first<{ banned_at: Date | string }>(
          tx,
          sql`UPDATE users SET banned_at = now(), ban_reason = ${reason}, banned_by = ${by}
              WHERE id = ${userId} AND banned_at IS NULL RETURNING banned_at`,
        );
        if (banned) {
          await recordAudit(tx, actor, {
            action: 'member_ban',
            targetType: 'member',
            targetId: userId,
            before: null,
            after: { at: new Date(banned.banned_at).toISOString(), reason, by },
          });
        }
        return banned;
      });
      if (!row) return false;
      await sessions.destroyAllFor(userId);
      return true;
    },
    /** The audit row `member_unban` (`actor`, the ban before) commits with the change. */
    async unban(userId: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const was = await first<{
          banned_at: Date | string | null;
          ban_reason: string | null;
          banned_by: string | null;
        }>(tx, sql`SELECT banned_at, ban_reason, banned_by FROM users WHERE id = ${userId} FOR UPDATE`);
        await tx.execute(
          sql`UPDATE users SET banned_at = NULL, ban_reason = NULL, banned_by = NULL WHERE id = ${userId}`,
        );
        await recordAudit(tx, actor, {
          action: 'member_unban',
          targetType: 'member',
          targetId: userId,
          before: was?.banned_at
            ? {
                at: new Date(was.banned_at).toISOString(),
                reason: was.ban_reason ?? '',
                by: was.banned_by ?? '',
              }
            : null,
          after: null,
        });
      });
    },
  };
}
