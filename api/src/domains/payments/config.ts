import type { AppConfig } from '../../config';

/**
 * Payments settings from the environment (README: Configuration), read by this domain from the one configuration
 * (which names no domain: ADR 0038). Tests give them through buildApp as `domains: { payments }`.
 */
export interface PaymentsConfig {
  /** `mollie` when MOLLIE_API_KEY is set, else the built-in `test` provider; `none` refuses payments. */
  provider: 'test' | 'mollie' | 'none';
  mollieApiKey?: string;
  /** Mollie's API base (default https://api.mollie.com/v2/); tests point it at a local stand-in. */
  mollieApiUrl?: string;
  /** Base URL the provider calls back and redirects to (default: the site's origin of the request). */
  publicUrl?: string;
  /** How often each node looks for open payments to ask the provider about (ms; 0 = never). */
  reconcileMs: number;
  /** A new payment is first reconciled this long after it was created (s), then backing off. */
  recheckSeconds: number;
  /**
   * Refunds and chargebacks made at the provider (its dashboard, the payer's bank) are also looked for by the
   * reconciliation job, not only learnt from the webhook: a completed payment is asked about again every
   * `reversalCheckSeconds`, for `reversalDays` days after its completion (default 60: SEPA's 8-week return window for card and other
   * payments); SEPA direct debits are asked about for 13 months (unauthorised-debit returns).
   */
  reversalDays: number;
  reversalCheckSeconds: number;
  /** Direct debit: at most this many orders per member in `ddLimitDays` days. */
  ddLimitCount: number;
  ddLimitDays: number;
  /** SMS code lifetime (s) and wrong attempts allowed. */
  smsCodeTtlSeconds: number;
  smsMaxAttempts: number;
  /** SMS codes a member may have sent a day, and codes one number may receive a day (all members). */
  smsDailyPerMember: number;
  smsDailyPerNumber: number;
  /** HTTP SMS gateway (POST JSON { to, body }); without it, codes go to the outbox at /dev/sms. */
  smsUrl?: string;
  /**
   * Fault injection for the crash tests only: `crash_before_credit` kills the process after "paid" is fetched;
   * `crash_after_charge` after the provider accepted a mandate charge, before its id is stored.
   */
  fault?: 'crash_before_credit' | 'crash_after_charge';
}

export function paymentsConfigFromEnv(env: AppConfig['env'], production: boolean): PaymentsConfig {
  const mollieApiKey = env.MOLLIE_API_KEY || undefined;
  const chosen = env.PAYMENT_PROVIDER as PaymentsConfig['provider'] | undefined;
  // The test provider pays for free: in production only when asked for by name.
  const provider = chosen ?? (mollieApiKey ? 'mollie' : production ? 'none' : 'test');
  const int = (value: string | undefined, fallback: number) =>
    value !== undefined && value !== '' && Number.isFinite(Number(value)) ? Number(value) : fallback;
  return {
    provider,
    mollieApiKey,
    mollieApiUrl: env.MOLLIE_API_URL || undefined,
    publicUrl: env.PAYMENT_PUBLIC_URL || undefined,
    reconcileMs: int(env.PAYMENT_RECONCILE_MS, 30_000),
    recheckSeconds: int(env.PAYMENT_RECHECK_SECONDS, 30),
    reversalDays: int(env.PAYMENT_REVERSAL_DAYS, 60),
    reversalCheckSeconds: int(env.PAYMENT_REVERSAL_CHECK_SECONDS, 6 * 3600),
    ddLimitCount: int(env.DD_LIMIT_COUNT, 3),
    ddLimitDays: int(env.DD_LIMIT_DAYS, 30),
    smsCodeTtlSeconds: int(env.SMS_CODE_TTL_SECONDS, 600),
    smsMaxAttempts: int(env.SMS_MAX_ATTEMPTS, 5),
    smsDailyPerMember: int(env.SMS_DAILY_PER_MEMBER, 5),
    smsDailyPerNumber: int(env.SMS_DAILY_PER_NUMBER, 5),
    smsUrl: env.SMS_URL || undefined,
    fault:
      env.PAYMENTS_FAULT === 'crash_before_credit' || env.PAYMENTS_FAULT === 'crash_after_charge'
        ? env.PAYMENTS_FAULT
        : undefined,
  };
}

/** The payments settings of a configuration: those given in `config.domains.payments` (tests), else the environment's. */
export function paymentsConfig(config: Pick<AppConfig, 'env' | 'domains' | 'production'>): PaymentsConfig {
  const given = config.domains.payments as PaymentsConfig | undefined;
  return given ?? paymentsConfigFromEnv(config.env, config.production);
}
