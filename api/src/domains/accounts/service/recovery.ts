import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import { withLimitLock } from '../../../db/limits';
import { ApiError, badInput } from '../../../lib/errors';
import { hashPassword, verifyPassword } from '../passwords';
import type { Site } from '../../sites';
import { accountByEmail, accountById, type AccountsContext } from './context';
import { newEmailError, passwordsDifferError } from '@dating/shared/forms/account';
import { checkPassword, isValidEmail, normaliseEmail } from './validation';

/** docs/product/calls-and-errors.md: at most this many reset mails per account per 24 hours. */
export const RESET_MAILS_PER_DAY = 3;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export function recoveryModule(ctx: AccountsContext) {
  const { db, tokens, sessions } = ctx;

  return {
    /** Mails a 1-hour single-use reset link. 404 email_not_found and 429 reset_limit as docs/product/calls-and-errors.md says. */
    async requestReset(site: Site, emailInput: string, origin: string, now = new Date()): Promise<void> {
      const email = emailInput.trim();
      if (!isValidEmail(email)) throw badInput('email', 'email_invalid');
      const account = await accountByEmail(db, site.id, email);
      if (!account || account.status === 'deleted' || !account.email) {
        throw new ApiError(404, 'email_not_found', { field: 'email' }, 'email');
      }
      const to = account.email;
      // docs/product/calls-and-errors.md's 3 a day, counted and written under one lock per member.
      await withLimitLock(db, `reset:${account.id}`, async (tx) => {
        const since = new Date(now.getTime() - 86_400_000);
        if ((await tokens.countSince(account.id, 'reset', since, tx)) >= RESET_MAILS_PER_DAY) {
          throw new ApiError(429, 'reset_limit');
        }
        const token = await tokens.issue(account.id, 'reset', { now, tx });
        await ctx.mailTo(
          { id: account.id, email: to, language: account.language, name: account.name, siteId: site.id },
          'reset',
          origin,
          { link: `${origin}/reset-password/do?token=${encodeURIComponent(token)}` },
          tx,
        );
      });
      ctx.mail.deliverSoon();
    },

    /** Sets the new password from a reset link and ends every session of the member. */
    async resetPassword(input: { token: string; password: string; password_repeat: string }): Promise<void> {
      if (passwordsDifferError(input.password, input.password_repeat))
        throw badInput('password_repeat', 'passwords_differ');
      const owner = await tokens.peek(input.token, 'reset');
      const account = owner ? await accountById(db, owner) : undefined;
      if (!account || account.status === 'deleted') throw new ApiError(400, 'link_invalid');
      // Checked before the link is spent, so a too short password can be corrected with the same link.
      checkPassword(input.password, account.email);
      if (!(await tokens.consume(input.token, 'reset'))) throw new ApiError(400, 'link_invalid');
      const hash = await hashPassword(input.password);
      // Following the link proves the address, so a pending activation is done too.
      await db.execute(
        sql`UPDATE users SET password_hash = ${hash},
              status = CASE WHEN status = 'not_confirmed' THEN 'confirmed' ELSE status END,
              confirmed_at = coalesce(confirmed_at, now())
            WHERE id = ${account.id}`,
      );
      await tokens.revokeAll(account.id, 'reset');
      await sessions.destroyAllFor(account.id);
      if (account.email) {
        await ctx.loginGuard.clear(account.site_id, ctx.loginGuard.identKey(account.site_id, account.email));
      }
    },

    /** Needs the old password; ends the member's other sessions. */
    async changePassword(
      userId: number,
      oldPassword: string,
      password: string,
      keepSession: string | null,
    ): Promise<void> {
      const account = await accountById(db, userId);
      if (!account) throw new ApiError(403, 'auth_required');
      if (!(await verifyPassword(account.password_hash, oldPassword)))
        throw badInput('old_password', 'old_password_wrong');
      checkPassword(password, account.email);
      await db.execute(
        sql`UPDATE users SET password_hash = ${await hashPassword(password)} WHERE id = ${userId}`,
      );
      await sessions.destroyAllFor(userId, keepSession ?? undefined);
    },

    /** Mails a confirmation link to the new address and tells the old one. */
    async requestMailChange(
      userId: number,
      emailInput: string,
      password: string,
      origin: string,
    ): Promise<void> {
      const account = await accountById(db, userId);
      if (!account?.email) throw new ApiError(403, 'auth_required');
      const email = emailInput.trim();
      if (!isValidEmail(email) || newEmailError(email, account.email)) {
        throw badInput('email', 'new_email_invalid');
      }
      if (!(await verifyPassword(account.password_hash, password)))
        throw badInput('password', 'password_wrong');
      if (await accountByEmail(db, account.site_id, email))
        throw new ApiError(409, 'email_taken', { field: 'email' }, 'email');
      await tokens.revokeAll(userId, 'mail_change');
      const token = await tokens.issue(userId, 'mail_change', { payload: { email: normaliseEmail(email) } });
      const base = { id: userId, language: account.language, name: account.name, siteId: account.site_id };
      await ctx.mailTo({ ...base, email }, 'mail_change_new', origin, {
        link: `${origin}/mail-change/do?token=${encodeURIComponent(token)}`,
      });
      await ctx.mailTo({ ...base, email: account.email }, 'mail_change_old', origin, {
        new_email: email,
        link: `${origin}/profile`,
      });
    },

    /** Completes the change from the link; the token is spent only when the address could be taken. */
    async confirmMailChange(token: string): Promise<{ userId: number; email: string }> {
      try {
        return await db.transaction(async (tx) => {
          const used = await tokens.consume(token, 'mail_change', tx);
          const email = typeof used?.payload?.email === 'string' ? used.payload.email : null;
          if (!used || !email) throw new ApiError(400, 'link_invalid');
          const row = await first<{ id: number }>(
            tx,
            sql`UPDATE users SET email = ${email},
                  status = CASE WHEN status = 'not_confirmed' THEN 'confirmed' ELSE status END,
                  confirmed_at = coalesce(confirmed_at, now())
                WHERE id = ${used.userId} AND status <> 'deleted' RETURNING id`,
          );
          if (!row) throw new ApiError(400, 'link_invalid');
          return { userId: row.id, email };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ApiError(409, 'email_taken', { field: 'email' }, 'email');
        throw err;
      }
    },
  };
}
