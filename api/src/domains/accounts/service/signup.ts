import { sql } from 'drizzle-orm';
import { ACCOUNT_RESTORE_DAYS } from '@dating/shared/constants';
import type { Locale, SignupRequest } from '@dating/shared/contract/index';
import { TRACKING_KEYS } from '@dating/shared/contract/account';
import { first } from '../../../db/sql';
import { withLimitLock } from '../../../db/limits';
import type { Tx } from '../../../db/client';
import { ApiError, badInput } from '../../../lib/errors';
import { hashPassword } from '../passwords';
import { recordAudit, type Actor } from '../../audit';
import type { Site } from '../../sites';
import { accountById, accountByEmail, type AccountsContext } from './context';
import { TOKEN_TTL_MS } from './tokens';
import {
  checkBirthDate,
  checkName,
  checkPassword,
  isValidEmail,
  normaliseEmail,
  sexualityFor,
} from './validation';

/** A new activation mail at most this often (the route adds a per-IP rate limit). */
export const ACTIVATION_RESEND_INTERVAL_MS = 60_000;
/** A signup on a deleted address re-sends the reactivation link at most this often. */
const REACTIVATION_RESEND_INTERVAL_MS = 10 * 60_000;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export function signupModule(ctx: AccountsContext) {
  const { db, tokens } = ctx;

  /** Replaces earlier activation links by a new one and writes its mail, in `tx` when given (outbox). */
  async function sendActivation(userId: number, origin: string, tx?: Tx) {
    const account = await accountById(tx ?? db, userId);
    if (!account?.email) return;
    await tokens.revokeAll(userId, 'activation', tx);
    const token = await tokens.issue(userId, 'activation', { tx });
    await ctx.mailTo(
      {
        id: userId,
        email: account.email,
        language: account.language,
        name: account.name,
        siteId: account.site_id,
      },
      'activation',
      origin,
      {
        link: `${origin}/activate/done?token=${encodeURIComponent(token)}`,
        hours: TOKEN_TTL_MS.activation / 3_600_000,
      },
      tx,
    );
  }

  /**
   * Step 0 of a profile-based entry: the visitor's first message to the profile they came from, sent once the
   * account exists like any message (same rules, same price, paid from the signup bonus). Its client id is made
   * from the member's id, so however often this runs it is stored and paid once. Skipped, with a log line, when
   * the profile is not reachable or the bonus does not cover it; the signup itself has succeeded either way.
   */
  async function sendSignupMessage(
    site: Site,
    userId: number,
    locale: Locale,
    profileId: number,
    text: string,
  ) {
    const body = text.trim().slice(0, site.baseSettings.message_length);
    if (!body) return;
    await ctx.messages.send({ id: userId, siteId: site.id, language: locale }, site.baseSettings, {
      member: profileId,
      client_id: `signup-message-${userId}`,
      type: 'text',
      text: body,
    });
  }

  return {
    sendActivation,

    /**
     * The back office's resend of the activation mail: the new link and its mail, and the audit row
     * `member_resend_activation`, in one transaction.
     */
    async resendActivationByStaff(userId: number, origin: string, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        await sendActivation(userId, origin, tx);
        await recordAudit(tx, actor, {
          action: 'member_resend_activation',
          targetType: 'member',
          targetId: userId,
        });
      });
      ctx.mail.deliverSoon();
    },

    /**
     * docs/product/README.md, docs/product/member-model.md signup. Returns the new member's id (the route starts the session). Errors are the catalogue's:
     * the only things said about an existing address are the spec's own messages (taken, deleted-not-final).
     */
    async signup(
      site: Site,
      input: SignupRequest,
      meta: { geoCountry: string | null; origin: string },
    ): Promise<number> {
      const settings = site.baseSettings;
      const tracking = Object.fromEntries(
        TRACKING_KEYS.map((k) => [
          k,
          typeof input[k] === 'string' && input[k]!.trim() ? input[k]!.trim().slice(0, 100) : null,
        ]),
      ) as Record<(typeof TRACKING_KEYS)[number], string | null>;
      if (settings.signups === 'none') throw new ApiError(403, 'signups_closed');
      if (settings.signups === 'with_trafficsource' && !tracking.network && !tracking.ref) {
        throw new ApiError(403, 'signups_closed');
      }
      const email = input.email.trim();
      const name = checkName(input.name, email);
      const dateOfBirth = checkBirthDate(input.date_of_birth, settings.min_age);
      if (!isValidEmail(email)) throw badInput('email', 'email_invalid');
      checkPassword(input.password, email);
      // Hashed before the address is looked up, so a taken address answers as slowly as a new one (before,
      // 4 ms against 32 ms told which addresses have an account, beyond the spec's own message).
      const passwordHash = await hashPassword(input.password);

      const existing = await accountByEmail(db, site.id, email);
      if (existing) {
        if (existing.status === 'deleted') {
          const recent = await tokens.countSince(
            existing.id,
            'reactivate',
            new Date(Date.now() - REACTIVATION_RESEND_INTERVAL_MS),
          );
          const pending = await first<{ purge_after: Date | string }>(
            db,
            sql`SELECT purge_after FROM account_deletions
                WHERE user_id = ${existing.id} AND purged_at IS NULL AND reactivated_at IS NULL
                ORDER BY id DESC LIMIT 1`,
          );
          if (pending && recent === 0) {
            const ttl = Math.max(0, new Date(pending.purge_after).getTime() - Date.now());
            const token = await tokens.issue(existing.id, 'reactivate', { ttlMs: ttl });
            await ctx.mailTo(
              {
                id: existing.id,
                email: existing.email!,
                language: existing.language,
                name: existing.name,
                siteId: site.id,
              },
              'reactivation',
              meta.origin,
              {
                link: `${meta.origin}/account-deleted?reactivate=${encodeURIComponent(token)}`,
                days: ACCOUNT_RESTORE_DAYS,
              },
            );
          }
          throw new ApiError(409, 'account_deleted_pending', { field: 'email' }, 'email');
        }
        throw new ApiError(409, 'email_taken', { field: 'email' }, 'email');
      }

      const country =
        meta.geoCountry && site.countries.includes(meta.geoCountry)
          ? meta.geoCountry
          : (site.countries[0] ?? 'NL');
      let userId: number;
      try {
        // The account, its credits, welcome code, activation link and mail: all or nothing.
        userId = await db.transaction(async (tx) => {
          const row = await first<{ id: number }>(
            tx,
            sql`INSERT INTO users (site_id, email, password_hash, status, language, tracking_network, tracking_ref,
                                   tracking_sub1, tracking_sub2, tracking_sub3, signup_source)
                VALUES (${site.id}, ${normaliseEmail(email)}, ${passwordHash}, 'not_confirmed', ${input.locale},
                        ${tracking.network}, ${tracking.ref}, ${tracking.sub1}, ${tracking.sub2}, ${tracking.sub3},
                        ${input.source?.trim() || null})
                RETURNING id`,
          );
          const id = row!.id;
          await tx.execute(
            // Disabled until the address is confirmed (docs/product/routes-and-layouts.md; migration 0080 enables it on confirmation).
            sql`INSERT INTO profiles (user_id, name, gender, sexuality, date_of_birth, country, status)
                VALUES (${id}, ${name}, ${input.gender}, ${sexualityFor(input.gender, input.seeking)}, ${dateOfBirth}::date, ${country}, 'disabled')`,
          );
          await tx.execute(sql`INSERT INTO notification_preferences (user_id) VALUES (${id})`);
          // The bonus is a ledger row of the same transaction: no account without it, no bonus without account.
          if (settings.signup_credits > 0) {
            await ctx.credits.credit(
              { userId: id, amount: settings.signup_credits, kind: 'bonus', ref: 'signup' },
              tx,
            );
          }
          await ctx.shop.createWelcomeCode(id, site.id, site.settings.welcome_discount_hours ?? 48, tx);
          await sendActivation(id, meta.origin, tx);
          return id;
        });
      } catch (err) {
        // Two signups with one address at the same moment: the unique index decides.
        if (isUniqueViolation(err)) throw new ApiError(409, 'email_taken', { field: 'email' }, 'email');
        throw err;
      }
      ctx.mail.deliverSoon();
      if (input.signup_message?.trim() && input.profile_id) {
        await sendSignupMessage(site, userId, input.locale, input.profile_id, input.signup_message).catch(
          (err: unknown) => ctx.log.warn({ err, userId }, 'signup message not sent'),
        );
      }
      return userId;
    },

    /** `/activate/done?token=`: single use, 48 h. Returns the member to log in. */
    async activate(token: string): Promise<number> {
      const used = await tokens.consume(token, 'activation');
      if (!used) throw new ApiError(400, 'activation_failed');
      const row = await first<{ id: number }>(
        db,
        sql`UPDATE users SET status = 'confirmed', confirmed_at = coalesce(confirmed_at, now())
            WHERE id = ${used.userId} AND status <> 'deleted' RETURNING id`,
      );
      if (!row) throw new ApiError(400, 'activation_failed');
      return row.id;
    },

    async resendActivation(userId: number, origin: string): Promise<void> {
      const account = await accountById(db, userId);
      if (!account || account.status !== 'not_confirmed')
        throw new ApiError(409, 'validation', { field: 'status' }, 'status');
      // Counted and written under one lock per member: parallel requests cannot all see "none sent yet".
      await withLimitLock(db, `activation:${userId}`, async (tx) => {
        const since = new Date(Date.now() - ACTIVATION_RESEND_INTERVAL_MS);
        if ((await tokens.countSince(userId, 'activation', since, tx)) > 0)
          throw new ApiError(429, 'rate_limited');
        await sendActivation(userId, origin, tx);
      });
      ctx.mail.deliverSoon();
    },
  };
}
