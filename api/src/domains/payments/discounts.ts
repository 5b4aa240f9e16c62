import { sql } from 'drizzle-orm';
import { TIME_BONUS_CODE, TIME_BONUS_WINDOW_S } from '@dating/shared/constants';
import type { Db, Tx } from '../../db/client';
import { first } from '../../db/sql';
import { ApiError, badInput } from '../../lib/errors';
import type { AuthUser } from '../../lib/auth';
import type { Site } from '../sites';

export interface ResolvedDiscount {
  id: number;
  code: string;
  percentage: number;
  /**
   * What the order reserves (ADR 0027): `once:<id>` for a code valid once overall, `member:<id>:<user>` for a
   * once-per-member code (the welcome code, TIMEBONUS25, site codes); null for an unlimited code.
   */
  claim: string | null;
}

interface CodeRow {
  id: number;
  code: string;
  country: string | null;
  currency: string | null;
  value_percentage: string | number;
  minimum_order_value: number | null;
  status: 'active' | 'used' | 'expired';
  validity: 'once_per_user' | 'once' | 'unlimited';
  paymentmethods: string[] | null;
  expires: string | Date | null;
  welcome: boolean;
  purpose: 'welcome' | 'retention' | null;
  user_id: number | null;
  redeemed: boolean;
}

/** When a member's welcome window closes (epoch ms): signup plus the site's `welcome_discount_hours` (48). */
export function welcomeWindowEnd(user: { signup_date: string }, site: Pick<Site, 'settings'>): number {
  const hours = site.settings.welcome_discount_hours ?? 48;
  return new Date(user.signup_date).getTime() + hours * 3_600_000;
}

/**
 * The rule of an advertised code (migration 0350, docs/product/credits-and-payments.md "Advertised codes"): a welcome
 * code is for a member who has not paid, within the site's `welcome_discount_hours` of signup (anyone may look it
 * up before signing up); a retention code is worth the company's `delete_discount`, the percentage the deletion page
 * states, and does not exist where the company offers none. Returns the percentage it is worth, or throws.
 */
export function advertisedPercentage(
  row: { purpose: 'welcome' | 'retention' | null; value_percentage: string | number },
  user: { paid_user: boolean; signup_date: string } | null,
  site: Pick<Site, 'settings' | 'company'>,
  now: Date,
): number {
  if (row.purpose === 'retention') {
    const pct = site.company.deleteDiscount;
    if (!(pct > 0)) throw new ApiError(404, 'code_not_found');
    return pct;
  }
  if (row.purpose === 'welcome' && user) {
    if (user.paid_user || welcomeWindowEnd(user, site) <= now.getTime())
      throw new ApiError(404, 'code_not_found');
  }
  return Number(row.value_percentage);
}

export interface ResolveQuery {
  country: string;
  method: string;
  amount: number;
  currency: string;
}

function formatMinimum(amount: number, currency: string): string {
  return `${(amount / 100).toFixed(2)} ${currency}`;
}

/**
 * Discount codes applied to orders on the server (docs/product/credits-and-payments.md, docs/product/member-model.md): the time bonus, the member's welcome code
 * and site codes, with their country, currency, payment methods, minimum order value, expiry and once-per-member
 * rules. A single-use code is reserved by the order that uses it (`orders.discount_claim`, one open or paid order
 * per claim: a unique index, ADR 0027), released when that order fails, is cancelled or expires, and redeemed when
 * its payment completes (`redeemIn`, inside the crediting transaction).
 */
export function createDiscountsService(db: Db) {
  const service = {
    apply(amount: number, percentage: number): number {
      return Math.round((amount * (100 - percentage)) / 100);
    },

    async resolve(
      user: AuthUser,
      site: Site,
      q: ResolveQuery & { code: string },
      now = new Date(),
    ): Promise<ResolvedDiscount> {
      const code = q.code.trim();
      const row = await first<CodeRow>(
        db,
        sql`SELECT d.*, EXISTS (SELECT 1 FROM discount_redemptions r WHERE r.discount_code_id = d.id
                                  AND (d.validity = 'once' OR r.user_id = ${user.id})) AS redeemed
            FROM discount_codes d
            WHERE upper(d.code) = upper(${code}) AND (d.site_id IS NULL OR d.site_id = ${site.id})
              AND (d.user_id IS NULL OR d.user_id = ${user.id})
            ORDER BY d.user_id NULLS LAST, d.id LIMIT 1`,
      );
      if (!row) throw new ApiError(404, 'code_not_found');
      if (row.code.toUpperCase() === TIME_BONUS_CODE) {
        // docs/product/member-model.md: only for a non-paid member within 4 hours of signup.
        const ends = new Date(user.signup_date).getTime() + TIME_BONUS_WINDOW_S * 1000;
        if (user.paid_user || ends <= now.getTime()) throw new ApiError(404, 'code_not_found');
      }
      // A code this member already used says so (docs/product/calls-and-errors.md 'Code reeds gebruikt'), even after the purchase made
      // them premium (which ends the welcome offer for codes not used).
      if (row.status === 'used' || (row.validity !== 'unlimited' && row.redeemed))
        throw new ApiError(409, 'code_used');
      if (row.welcome && user.paid_user) throw new ApiError(404, 'code_not_found');
      if (row.expires && new Date(row.expires).getTime() <= now.getTime())
        throw new ApiError(404, 'code_not_found');
      if (row.status === 'expired') throw new ApiError(404, 'code_not_found');
      const percentage = advertisedPercentage(row, user, site, now);
      if (row.country && row.country.toUpperCase() !== q.country)
        throw badInput('code', 'code_not_applicable');
      if (row.currency && row.currency !== q.currency) throw badInput('code', 'code_not_applicable');
      if (row.paymentmethods?.length && !row.paymentmethods.includes(q.method)) {
        throw badInput('code', 'code_not_applicable');
      }
      if (row.minimum_order_value && q.amount < row.minimum_order_value) {
        throw badInput('code', 'code_minimum', {
          minimum: formatMinimum(row.minimum_order_value, q.currency),
        });
      }
      const claim =
        row.validity === 'once'
          ? `once:${row.id}`
          : row.validity === 'once_per_user'
            ? `member:${row.id}:${user.id}`
            : null;
      return { id: row.id, code: row.code, percentage, claim };
    },

    /**
     * The member's time bonus as an order would apply it, or null when it does not run for them (not signed up in the
     * last 4 hours, paid, or already used): the automatic discount a typed code is compared with.
     */
    async timeBonus(user: AuthUser, site: Site, q: ResolveQuery, now = new Date()) {
      try {
        return await service.resolve(user, site, { ...q, code: TIME_BONUS_CODE }, now);
      } catch (error) {
        if (error instanceof ApiError) return null;
        throw error;
      }
    },

    /**
     * Redeems a code for a completed order. Once per member: the UNIQUE (code, member) row; a code valid once
     * overall: one conditional UPDATE of its status. Either way only one of two concurrent redemptions wins.
     */
    async redeemIn(tx: Tx, codeId: number, userId: number, orderId: number): Promise<boolean> {
      const code = await first<{ validity: string }>(
        tx,
        sql`SELECT validity FROM discount_codes WHERE id = ${codeId}`,
      );
      if (!code) return false;
      if (code.validity === 'once') {
        const claimed = await first<{ id: number }>(
          tx,
          sql`UPDATE discount_codes SET status = 'used' WHERE id = ${codeId} AND status = 'active' RETURNING id`,
        );
        if (!claimed) return false;
      }
      const row = await first<{ id: number }>(
        tx,
        sql`INSERT INTO discount_redemptions (discount_code_id, user_id, order_id)
            VALUES (${codeId}, ${userId}, ${orderId})
            ON CONFLICT (discount_code_id, user_id) DO NOTHING RETURNING id`,
      );
      return Boolean(row) || code.validity === 'unlimited';
    },
  };
  return service;
}
export type DiscountsService = ReturnType<typeof createDiscountsService>;
