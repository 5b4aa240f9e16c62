// The common area's plain values (no TypeBox: browser code runs them, the contract index carries them). The
// calls' schemas and types are `contract/common.ts`, which re-exports these.
/** Locales of docs/product/README.md. nl is the default. */
export const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'nl';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Codes of the docs/product/calls-and-errors.md catalogue (and the few the server adds). Texts live in `locales/<lng>/errors.json`. */
export type ErrorCode =
  | 'generic'
  | 'auth_required'
  | 'login_failed'
  | 'account_locked'
  | 'reset_limit'
  | 'email_not_found'
  | 'link_invalid'
  | 'activation_failed'
  | 'payment_failed'
  | 'code_not_found'
  | 'code_used'
  | 'insufficient_credits'
  | 'photo_limit'
  | 'premium_only'
  | 'validation'
  | 'not_found'
  | 'forbidden'
  | 'csrf'
  | 'site_unknown'
  | 'host_invalid'
  | 'method_not_allowed'
  | 'request_too_large'
  | 'rate_limited'
  | 'name_equals_email'
  | 'name_starts_with_at'
  | 'birthdate_required'
  | 'birthdate_invalid'
  | 'email_invalid'
  | 'new_email_invalid'
  | 'email_taken'
  | 'passwords_differ'
  | 'old_password_wrong'
  | 'sms_code_invalid'
  | 'chat_limit'
  | 'signups_closed'
  | 'blocked'
  | 'dd_blocked'
  | 'dd_limit'
  | 'account_exists'
  | 'account_deleted_pending'
  | 'recurring_card_failed'
  | 'message_too_long'
  | 'message_empty'
  | 'member_unavailable'
  | 'password_too_short'
  | 'password_wrong'
  /** 400: a town that is not in the place list of the profile's country. */
  | 'town_unknown'
  | 'photo_invalid'
  | 'photo_too_large'
  /** 503: the object storage did not answer; nothing was stored. */
  | 'storage_unavailable'
  | 'self_action'
  | 'swipe_limit'
  | 'package_unavailable'
  | 'method_unavailable'
  | 'code_minimum'
  | 'code_not_applicable'
  | 'iban_invalid'
  | 'mandate_required'
  | 'sms_code_expired'
  | 'sms_attempts'
  | 'no_mandate'
  | 'payments_unavailable'
  // Money paths (ADR 0027).
  | 'code_reserved'
  | 'refund_in_progress'
  | 'premium_removed_chargeback'
  | 'mandate_charged_back'
  | 'sms_phone_invalid'
  | 'sms_daily_limit'
  | 'account_holder_invalid'
  | 'idempotency_key_required'
  // Staff back office (contract/staff.ts).
  | 'totp_invalid'
  | 'claim_taken'
  | 'claim_expired'
  | 'record_changed'
  | 'refund_window'
  | 'refund_unavailable'
  | 'account_banned';
