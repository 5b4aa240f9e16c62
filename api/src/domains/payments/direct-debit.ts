import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { DirectDebitRequest, Order } from '@dating/shared/contract/index';
import type { Db } from '../../db/client';
import { first } from '../../db/sql';
import { lockLimit, withLimitLock } from '../../db/limits';
import { ApiError, badInput } from '../../lib/errors';
import { paymentText } from './texts';
import type { PaymentsConfig } from './config';
import type { DiscountsService } from './discounts';
import type { OrdersService, PaymentContext } from './orders';
import { findCreditPackage } from './packages';
import type { Site } from '../sites';
import type { PaymentProvider } from './providers/types';
import type { SmsService } from './sms';

/** Phone numbers as stored and compared: digits with an optional leading +. */
export function normalisePhone(phone: string): string {
  const trimmed = phone.replace(/[\s().-]/g, '');
  return trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
}

/**
 * The SMS destination: a valid mobile number of one of the site's countries, in E.164 (libphonenumber-js, full
 * metadata for the number type); anything else is refused before a code is sent (toll-fraud exposure).
 */
export function mobileNumber(phoneInput: string, site: Pick<Site, 'countries'>): string | null {
  const countries = site.countries.map((c) => c.toUpperCase());
  const parsed = parsePhoneNumberFromString(
    normalisePhone(phoneInput),
    (countries[0] ?? 'NL') as CountryCode,
  );
  if (!parsed?.isValid() || !parsed.country || !countries.includes(parsed.country)) return null;
  const type = parsed.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return parsed.number;
}

/** The IBAN as the provider wants it, or a precise 400 (country length and mod-97 check digits, by ibantools). */
function validIban(input: string): string {
  const iban = electronicFormatIBAN(input) ?? '';
  if (!isValidIBAN(iban)) throw badInput('iban', 'iban_invalid');
  return iban;
}

function validHolder(input: string): string {
  const holder = input.trim();
  if (holder.length < 2 || !/\p{L}/u.test(holder)) throw badInput('account_holder', 'account_holder_invalid');
  return holder;
}

const hashCode = (userId: number, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

/**
 * Direct debit (docs/product/credits-and-payments.md, docs/product/member-model.md): a one-time SMS code, a valid IBAN (country length and mod-97 by ibantools),
 * the mandate checkbox, a block list and a limit per member and period; then a SEPA mandate at the provider and
 * an order charged on it.
 */
export function createDirectDebitService(deps: {
  db: Db;
  config: PaymentsConfig;
  sms: SmsService;
  orders: OrdersService;
  discounts: DiscountsService;
  provider: PaymentProvider | null;
}) {
  const { db, config, sms, orders, discounts } = deps;

  async function blocked(userId: number): Promise<boolean> {
    return Boolean(await first(db, sql`SELECT 1 AS one FROM direct_debit_blocks WHERE user_id = ${userId}`));
  }

  /** One atomic attempt: counts it, and spends the code only when it matches, unexpired, within the limit. */
  async function verifyCode(userId: number, phone: string, code: string, now: Date) {
    const row = await first<{ id: number; code_hash: string; attempts: number; expires_at: string | Date }>(
      db,
      sql`UPDATE direct_debit_codes SET attempts = attempts + 1
          WHERE id = (SELECT id FROM direct_debit_codes WHERE user_id = ${userId} AND used_at IS NULL
                      ORDER BY id DESC LIMIT 1)
            AND attempts < ${config.smsMaxAttempts}
          RETURNING id, code_hash, attempts, expires_at, phone`,
    );
    if (!row) {
      const any = await first(
        db,
        sql`SELECT 1 AS one FROM direct_debit_codes WHERE user_id = ${userId} AND used_at IS NULL`,
      );
      throw any ? new ApiError(429, 'sms_attempts') : badInput('otp', 'sms_code_invalid');
    }
    if (new Date(row.expires_at).getTime() <= now.getTime()) throw badInput('otp', 'sms_code_expired');
    if (row.code_hash !== hashCode(userId, `${phone}:${code.trim()}`)) {
      throw badInput('otp', 'sms_code_invalid');
    }
    const spent = await first(
      db,
      sql`UPDATE direct_debit_codes SET used_at = now() WHERE id = ${row.id} AND used_at IS NULL RETURNING id`,
    );
    if (!spent) throw badInput('otp', 'sms_code_invalid');
  }

  return {
    /**
     * Sends the SMS code, only for a form whose IBAN and account holder pass validation (an SMS costs money), to a
     * mobile number of the site's countries. The resend window (one code per 30 s) and the daily caps per member
     * and per number are one INSERT under the member's and the number's limit locks.
     */
    async sendCode(
      ctx: PaymentContext,
      input: { phone: string; iban: string; account_holder: string },
    ): Promise<{ expires_in: number }> {
      if (await blocked(ctx.user.id)) throw new ApiError(403, 'dd_blocked');
      validIban(input.iban);
      validHolder(input.account_holder);
      const phone = mobileNumber(input.phone, ctx.site);
      if (!phone) throw badInput('phone', 'sms_phone_invalid');
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await withLimitLock(db, `sms:member:${ctx.user.id}`, async (tx) => {
        await lockLimit(tx, `sms:phone:${phone}`);
        const sent = await first<{ id: number }>(
          tx,
          sql`INSERT INTO direct_debit_codes (user_id, phone, code_hash, expires_at)
              SELECT ${ctx.user.id}, ${phone}, ${hashCode(ctx.user.id, `${phone}:${code}`)},
                     now() + make_interval(secs => ${config.smsCodeTtlSeconds})
              WHERE NOT EXISTS (SELECT 1 FROM direct_debit_codes WHERE user_id = ${ctx.user.id}
                                  AND created_at > now() - interval '30 seconds')
                AND (SELECT count(*) FROM direct_debit_codes WHERE user_id = ${ctx.user.id}
                       AND created_at > now() - interval '1 day') < ${config.smsDailyPerMember}
                AND (SELECT count(*) FROM direct_debit_codes WHERE phone = ${phone}
                       AND created_at > now() - interval '1 day') < ${config.smsDailyPerNumber}
              RETURNING id`,
        );
        if (!sent) {
          const recent = await first(
            tx,
            sql`SELECT 1 AS one FROM direct_debit_codes WHERE user_id = ${ctx.user.id}
                  AND created_at > now() - interval '30 seconds'`,
          );
          throw new ApiError(429, recent ? 'rate_limited' : 'sms_daily_limit');
        }
        // A new code replaces the previous ones.
        await tx.execute(
          sql`UPDATE direct_debit_codes SET used_at = now()
              WHERE user_id = ${ctx.user.id} AND used_at IS NULL AND id <> ${sent.id}`,
        );
      });
      const text = paymentText(ctx.user.language, 'sms', { code, site: ctx.site.name });
      await sms.send(phone, text, ctx.site.id);
      return { expires_in: config.smsCodeTtlSeconds };
    },

    async submit(
      ctx: PaymentContext,
      input: DirectDebitRequest,
      requestKey: string,
      now = new Date(),
    ): Promise<Order> {
      // A replay of a request that already made its order (same Idempotency-Key) answers that order.
      const known = await orders.byRequestKey(ctx.user, requestKey);
      if (known) return known;
      if (await blocked(ctx.user.id)) throw new ApiError(403, 'dd_blocked');
      if (!input.mandate) throw badInput('mandate', 'mandate_required');
      const iban = validIban(input.iban);
      const holder = validHolder(input.account_holder);
      const phone = mobileNumber(input.phone, ctx.site);
      if (!phone) throw badInput('phone', 'sms_phone_invalid');
      const provider = deps.provider;
      if (!provider) throw new ApiError(503, 'payments_unavailable');
      const country = orders.paymentCountry(ctx);
      const currency = await orders.offeredCurrency(country, ctx.site);
      const pkg = await findCreditPackage(db, ctx.site.id, input.package_id);
      if (!pkg || pkg.currency !== currency || currency !== 'EUR')
        throw badInput('package_id', 'package_unavailable');
      const discount = input.code
        ? await discounts.resolve(ctx.user, ctx.site, {
            code: input.code,
            country,
            method: 'sdd',
            amount: pkg.amount,
            currency,
          })
        : null;
      // Early answer for the common case; the binding check runs again under the row lock with the order.
      await db.transaction((tx) => orders.sepaGuard(tx, ctx.user.id));
      await verifyCode(ctx.user.id, phone, input.otp, now);
      const customerId = await first<{ customer_id: string }>(
        db,
        sql`SELECT customer_id FROM payment_customers WHERE user_id = ${ctx.user.id} AND provider = ${provider.name}`,
      );
      const customer =
        customerId?.customer_id ??
        (await (async () => {
          const created = await provider.createCustomer({
            name: holder,
            email: ctx.user.email,
            userId: ctx.user.id,
          });
          const stored = await first<{ customer_id: string }>(
            db,
            sql`INSERT INTO payment_customers (user_id, provider, customer_id) VALUES (${ctx.user.id}, ${provider.name}, ${created})
                ON CONFLICT (user_id, provider) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING customer_id`,
          );
          return stored!.customer_id;
        })());
      const mandate = await provider.createDirectDebitMandate({
        customerId: customer,
        consumerName: holder,
        iban,
        signatureDate: now.toISOString().slice(0, 10),
        reference: `DD-${ctx.user.id}-${now.getTime()}`,
      });
      // The address and phone belong to the mandate; the IBAN is kept masked (the provider holds it).
      await db.execute(
        sql`INSERT INTO payment_mandates (user_id, provider, customer_id, mandate_id, method, status, details)
            VALUES (${ctx.user.id}, ${provider.name}, ${customer}, ${mandate.id}, 'directdebit', ${mandate.status},
                    ${JSON.stringify({
                      account_holder: holder,
                      iban: `${iban.slice(0, 4)}…${iban.slice(-4)}`,
                      street: input.street,
                      house_number: input.house_number,
                      zip: input.zip,
                      city: input.city,
                      phone,
                    })}::jsonb)
            ON CONFLICT (provider, mandate_id) DO NOTHING`,
      );
      return orders.chargeOnMandate(ctx, provider, {
        pkg,
        method: 'sdd',
        customerId: customer,
        mandateId: mandate.id,
        discount,
        requestKey,
        guard: (tx) => orders.sepaGuard(tx, ctx.user.id),
      });
    },
  };
}
export type DirectDebitService = ReturnType<typeof createDirectDebitService>;
