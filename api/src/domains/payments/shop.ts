import { sql } from 'drizzle-orm';
import {
  TIME_BONUS_CODE,
  TIME_BONUS_PERCENTAGE,
  TIME_BONUS_WINDOW_S,
  WELCOME_DISCOUNT_PERCENTAGE,
} from '@dating/shared/constants';
import type { CreditPackage, DiscountCode } from '@dating/shared/contract/index';
import { CURRENCIES } from '@dating/shared/contract/payments';
import type { Db, Tx } from '../../db/client';
import { first } from '../../db/sql';
import { ApiError } from '../../lib/errors';
import type { AuthUser } from '../../lib/auth';
import type { Site } from '../sites';
import { advertisedPercentage, welcomeWindowEnd } from './discounts';
import { findCreditPackages } from './packages';

export { CURRENCIES };
const COUNTRY_CURRENCY: Record<string, string> = {
  GB: 'GBP',
  US: 'USD',
  PL: 'PLN',
  DK: 'DKK',
  SE: 'SEK',
  NO: 'NOK',
  CH: 'CHF',
};

/** Currency for a visitor: by IP country when we price in it, else the site's. */
export function currencyFor(country: string | null, siteCurrency: string): string {
  return (country && COUNTRY_CURRENCY[country]) || siteCurrency;
}

interface CodeRow {
  id: number;
  code: string;
  country: string | null;
  user_id: number | null;
  currency: string | null;
  value_percentage: string | number;
  minimum_order_value: number | null;
  status: DiscountCode['status'];
  validity: DiscountCode['validity'];
  paymentmethods: string[] | null;
  expires: Date | string | null;
  purpose: 'welcome' | 'retention' | null;
  used: boolean;
}

function toDiscount(r: Omit<CodeRow, 'id' | 'used' | 'purpose'>): DiscountCode {
  const expires = r.expires ? new Date(r.expires) : null;
  const expired = Boolean(expires && expires.getTime() <= Date.now());
  const pct = Number(r.value_percentage);
  return {
    code: r.code,
    country: r.country,
    user_id: r.user_id,
    expires: expires?.toISOString() ?? null,
    value_percentage: pct,
    percentage: pct,
    currency: r.currency,
    minimum_order_value: r.minimum_order_value,
    minimum: r.minimum_order_value,
    status: expired ? 'expired' : r.status,
    validity: r.validity,
    expired,
    paymentmethods: r.paymentmethods,
  };
}

export function createShopService(db: Db) {
  async function findCode(code: string, siteId: number, userId: number | null) {
    return first<CodeRow>(
      db,
      sql`SELECT d.*, EXISTS (SELECT 1 FROM discount_redemptions r WHERE r.discount_code_id = d.id
                               AND (d.validity = 'once' OR r.user_id = ${userId})) AS used
          FROM discount_codes d
          WHERE upper(d.code) = upper(${code}) AND (d.site_id IS NULL OR d.site_id = ${siteId})
            AND (d.user_id IS NULL OR d.user_id = ${userId})
          ORDER BY d.user_id NULLS LAST LIMIT 1`,
    );
  }

  return {
    async packages(currency: string, siteId: number): Promise<CreditPackage[]> {
      const found = await findCreditPackages(db, siteId, { currency });
      return found.map((p) => ({
        id: p.id,
        credits: p.credits,
        price: { amount: p.amount, currency: p.currency },
        variant: Math.min(3, Math.max(0, p.tier)) as CreditPackage['variant'],
        popular: p.popular,
      }));
    },

    /**
     * docs/product/credits-and-payments.md: TIMEBONUS25 exists only for a signed-in, non-paid member within 4 hours of signup; the welcome
     * code is the member's own 25 % code; anything else is looked up in the table.
     */
    async discount(
      user: AuthUser | null,
      site: Site,
      q: { code?: string; welcome?: boolean },
    ): Promise<DiscountCode> {
      const siteId = site.id;
      if (q.welcome) {
        if (!user || user.paid_user) throw new ApiError(404, 'code_not_found');
        const found = await first<CodeRow>(
          db,
          sql`SELECT d.*, EXISTS (SELECT 1 FROM discount_redemptions r WHERE r.discount_code_id = d.id) AS used
              FROM discount_codes d WHERE d.welcome AND d.user_id = ${user.id} ORDER BY d.id DESC LIMIT 1`,
        );
        if (!found) throw new ApiError(404, 'code_not_found');
        if (found.used) throw new ApiError(409, 'code_used');
        const d = toDiscount(found);
        if (d.expired) throw new ApiError(404, 'code_not_found');
        return d;
      }
      const code = (q.code ?? '').trim();
      if (!code) throw new ApiError(404, 'code_not_found');
      if (code.toUpperCase() === TIME_BONUS_CODE) {
        if (!user || user.paid_user) throw new ApiError(404, 'code_not_found');
        const ends = new Date(user.signup_date).getTime() + TIME_BONUS_WINDOW_S * 1000;
        if (ends <= Date.now()) throw new ApiError(404, 'code_not_found');
        const row = await findCode(TIME_BONUS_CODE, siteId, user.id);
        if (row?.used) throw new ApiError(409, 'code_used');
        return toDiscount({
          code: TIME_BONUS_CODE,
          country: null,
          user_id: user.id,
          currency: null,
          value_percentage: TIME_BONUS_PERCENTAGE,
          minimum_order_value: null,
          status: 'active',
          validity: 'once_per_user',
          paymentmethods: null,
          expires: new Date(ends),
        });
      }
      const row = await findCode(code, siteId, user?.id ?? null);
      if (!row) throw new ApiError(404, 'code_not_found');
      if (row.used || row.status === 'used') throw new ApiError(409, 'code_used');
      // A welcome code past the member's welcome window says it expired (then, not at its row's expiry).
      if (row.purpose === 'welcome' && user && !user.paid_user) {
        const ends = welcomeWindowEnd(user, site);
        if (ends <= Date.now()) return toDiscount({ ...row, expires: new Date(ends) });
      }
      // An advertised code answers with what it is worth to this member on this site (or not found), as an order would.
      return toDiscount({ ...row, value_percentage: advertisedPercentage(row, user, site, new Date()) });
    },

    /** The welcome code given to a new member (called at signup). */
    async createWelcomeCode(userId: number, siteId: number, hours: number, tx?: Tx): Promise<string> {
      const code = `WELCOME${userId.toString(36).toUpperCase()}`;
      await (tx ?? db).execute(
        sql`INSERT INTO discount_codes (code, site_id, user_id, value_percentage, validity, welcome, expires)
            VALUES (${code}, ${siteId}, ${userId}, ${WELCOME_DISCOUNT_PERCENTAGE}, 'once', TRUE,
                    now() + make_interval(hours => ${hours}))`,
      );
      return code;
    },
  };
}
export type ShopService = ReturnType<typeof createShopService>;
