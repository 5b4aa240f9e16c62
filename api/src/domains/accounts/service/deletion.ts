import { sql } from 'drizzle-orm';
import { ACCOUNT_RESTORE_DAYS } from '@dating/shared/constants';
import {
  DELETE_ALTERNATIVES,
  DELETE_REASONS,
  type AccountDeleteInfo,
  type AccountDeleteRequest,
} from '@dating/shared/contract/account';
import { first, rows } from '../../../db/sql';
import type { Tx } from '../../../db/client';
import { ApiError, badInput, notFound } from '../../../lib/errors';
import { verifyPassword } from '../passwords';
import { recordAudit, type Actor } from '../../audit';
import type { Site } from '../../sites';
import { accountById, type AccountsContext } from './context';
import { normaliseEmail } from './validation';

const RESTORE_MS = ACCOUNT_RESTORE_DAYS * 86_400_000;

/**
 * Deletion (docs/product/README.md, docs/product/member-model.md): the account is switched off at once (sessions ended, out of every query that skips
 * status 'deleted'), can be reactivated from the mailed link for 14 days, and is then erased by `eraseDue`.
 */
export function deletionModule(ctx: AccountsContext) {
  const { db, tokens, sessions, photos, log } = ctx;

  /**
   * What every deletion does, the member's own and staff's: the deletion recorded (erased after the restore
   * period), the account switched off, its push subscriptions and any reactivation link revoked. False when the
   * account was already deleted (the UPDATE matches only a live account, so two deletions cannot both count).
   */
  async function switchOff(tx: Tx, userId: number, reason: string, comment: string | null, now: Date) {
    const off = await first<{ previous: string }>(
      tx,
      sql`UPDATE users u SET status = 'deleted', deleted_at = ${now.toISOString()}::timestamptz
          FROM users p WHERE u.id = ${userId} AND p.id = u.id AND u.status <> 'deleted'
          RETURNING p.status AS previous`,
    );
    if (!off) return null;
    await tx.execute(
      sql`INSERT INTO account_deletions (user_id, reason, comment, requested_at, purge_after, previous_status)
          VALUES (${userId}, ${reason}, ${comment}, ${now.toISOString()}::timestamptz,
                  ${new Date(now.getTime() + RESTORE_MS).toISOString()}::timestamptz, ${off.previous})`,
    );
    await tx.execute(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}`);
    await tokens.revokeAll(userId, 'reactivate', tx);
    return { previous: off.previous };
  }

  return {
    info(site: Site): AccountDeleteInfo {
      const discount = site.company.deleteDiscount;
      return {
        reasons: [...DELETE_REASONS],
        alternatives: DELETE_ALTERNATIVES.filter((a) => a !== 'discount' || discount > 0),
        delete_discount: discount,
        restore_days: ACCOUNT_RESTORE_DAYS,
      };
    },

    async remove(
      userId: number,
      input: AccountDeleteRequest,
      origin: string,
      now = new Date(),
    ): Promise<Date> {
      const account = await accountById(db, userId);
      if (!account?.email || account.status === 'deleted') throw new ApiError(403, 'auth_required');
      if (!(await verifyPassword(account.password_hash, input.password)))
        throw badInput('password', 'password_wrong');
      const comment = input.reason_text?.trim().slice(0, 2000) || null;
      if (input.reason === 'other' && !comment) throw badInput('reason_text');
      const restoreUntil = new Date(now.getTime() + RESTORE_MS);
      const token = await db.transaction(async (tx) => {
        if (!(await switchOff(tx, userId, input.reason, comment, now)))
          throw new ApiError(403, 'auth_required');
        return tokens.issue(userId, 'reactivate', { now, ttlMs: RESTORE_MS, tx });
      });
      await sessions.destroyAllFor(userId);
      await ctx.mailTo(
        {
          id: userId,
          email: account.email,
          language: account.language,
          name: account.name,
          siteId: account.site_id,
        },
        'reactivation',
        origin,
        {
          link: `${origin}/account-deleted?reactivate=${encodeURIComponent(token)}`,
          days: ACCOUNT_RESTORE_DAYS,
        },
      );
      return restoreUntil;
    },

    /**
     * Deletion by staff (ADR 0018): the same as the member's own (`switchOff`, sessions ended on every node) with
     * reason 'staff', but no password and no reactivation mail. Throws 404 when the account is already deleted.
     */
    async removeByStaff(userId: number, actor: Actor, now = new Date()): Promise<void> {
      // The audit row `member_delete` commits with the deletion (the audit domain's port).
      const done = await db.transaction(async (tx) => {
        const off = await switchOff(tx, userId, 'staff', null, now);
        if (off) {
          await recordAudit(tx, actor, {
            action: 'member_delete',
            targetType: 'member',
            targetId: userId,
            before: { status: off.previous },
            after: { status: 'deleted' },
          });
        }
        return off;
      });
      if (!done) throw notFound();
      await sessions.destroyAllFor(userId);
    },

    /** From the mailed link, within 14 days and before erasure. Returns the member to log in. */
    async reactivate(token: string, now = new Date()): Promise<number> {
      return db.transaction(async (tx) => {
        const used = await tokens.consume(token, 'reactivate', tx, now);
        if (!used) throw new ApiError(400, 'link_invalid');
        const pending = await first<{ id: number; previous_status: string | null }>(
          tx,
          sql`SELECT id, previous_status FROM account_deletions
              WHERE user_id = ${used.userId} AND purged_at IS NULL AND reactivated_at IS NULL
                AND purge_after > ${now.toISOString()}::timestamptz
              ORDER BY id DESC LIMIT 1`,
        );
        if (!pending) throw new ApiError(400, 'link_invalid');
        const status = pending.previous_status === 'confirmed' ? 'confirmed' : 'not_confirmed';
        await tx.execute(
          sql`UPDATE account_deletions SET reactivated_at = ${now.toISOString()}::timestamptz WHERE id = ${pending.id}`,
        );
        const row = await first<{ id: number }>(
          tx,
          sql`UPDATE users SET status = ${status}, deleted_at = NULL
              WHERE id = ${used.userId} AND status = 'deleted' AND email IS NOT NULL RETURNING id`,
        );
        if (!row) throw new ApiError(400, 'link_invalid');
        return row.id;
      });
    },

    /**
     * The scheduled erasure: accounts deleted more than 14 days before `now` lose their personal data and photo
     * files. The row stays (anonymised) because orders and the credit ledger are bookkeeping records.
     * Safe to run on several nodes at once: each account is claimed by one UPDATE.
     */
    async eraseDue(now = new Date()): Promise<number[]> {
      const due = await rows<{ id: number; user_id: number }>(
        db,
        sql`UPDATE account_deletions SET purged_at = ${now.toISOString()}::timestamptz
            WHERE purged_at IS NULL AND reactivated_at IS NULL AND purge_after <= ${now.toISOString()}::timestamptz
            RETURNING id, user_id`,
      );
      const erased: number[] = [];
      for (const { user_id: userId } of due) {
        try {
          await photos.removeAllOf(userId);
          const account = await accountById(db, userId);
          await db.transaction(async (tx) => {
            if (account?.email) {
              const email = normaliseEmail(account.email);
              const ident = ctx.loginGuard.identHash(account.site_id, email);
              await ctx.loginGuard.clear(account.site_id, `a:${ident}`, tx);
              await tx.execute(sql`DELETE FROM mail_outbox WHERE lower(to_address) = ${email}`);
              await tx.execute(
                sql`UPDATE login_audit SET email = NULL, ident_hash = NULL, ip = NULL, user_agent = NULL
                    WHERE site_id = ${account.site_id} AND (lower(email) = ${email} OR ident_hash = ${ident})`,
              );
            }
            await tx.execute(
              sql`UPDATE login_audit SET email = NULL, ident_hash = NULL, ip = NULL, user_agent = NULL WHERE user_id = ${userId}`,
            );
            await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${userId}`);
            await tx.execute(sql`DELETE FROM one_time_tokens WHERE user_id = ${userId}`);
            await tx.execute(sql`DELETE FROM unsubscribe_tokens WHERE user_id = ${userId}`);
            await tx.execute(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}`);
            await tx.execute(sql`DELETE FROM likes WHERE user_id = ${userId} OR liked_id = ${userId}`);
            await tx.execute(sql`DELETE FROM blocks WHERE user_id = ${userId} OR blocked_id = ${userId}`);
            await tx.execute(sql`DELETE FROM conversations WHERE user_a = ${userId} OR user_b = ${userId}`);
            await tx.execute(sql`DELETE FROM notification_preferences WHERE user_id = ${userId}`);
            await tx.execute(sql`UPDATE complaints SET user_id = NULL WHERE user_id = ${userId}`);
            await tx.execute(sql`UPDATE account_deletions SET comment = NULL WHERE user_id = ${userId}`);
            await tx.execute(
              sql`UPDATE users SET email = NULL, password_hash = NULL, invisible = TRUE, tracking_network = NULL,
                    tracking_ref = NULL, tracking_sub1 = NULL, tracking_sub2 = NULL, tracking_sub3 = NULL, signup_source = NULL,
                    last_seen_at = NULL
                  WHERE id = ${userId}`,
            );
            await tx.execute(
              sql`UPDATE profiles SET name = 'deleted', date_of_birth = '1900-01-01', region = NULL, city = NULL, reason = NULL,
                    about = NULL, hair_color = NULL, eye_color = NULL, body_type = NULL, relationship_status = NULL,
                    tattoos = NULL, interests = '[]'::jsonb, status = 'disabled', main_photo_id = NULL, updated_at = now()
                  WHERE user_id = ${userId}`,
            );
          });
          erased.push(userId);
        } catch (err) {
          log.error({ err, userId }, 'account erasure failed; retried on the next run');
          await db.execute(
            sql`UPDATE account_deletions SET purged_at = NULL WHERE user_id = ${userId} AND reactivated_at IS NULL`,
          );
        }
      }
      return erased;
    },
  };
}
