import { STAFF_SETTING_LIMITS } from '@dating/shared/contract/values/staff';
import type { StaffSiteSettings } from '@dating/shared/contract/staff';

/** The message keys (`sites.errors.*`) of what the form can tell before saving; the server checks the same. */
export type SettingsErrors = Partial<Record<string, { key: string; values?: Record<string, number> }>>;

export const CREDIT_FIELDS = ['message_credits', 'photo_credits', 'gift_credits', 'signup_credits'] as const;
// The server's own rules (api/src/domains/staff/site-settings.ts), so the form says no exactly where it would.
const DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z]{2,63}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function range(errors: SettingsErrors, field: string, value: number, min: number, max: number) {
  if (!Number.isInteger(value) || value < min || value > max)
    errors[field] = { key: 'range', values: { min, max } };
}

/**
 * Field by field, as the editor shows them next to each field. The editor applies it to the fields being changed
 * only: like the server, which checks what a save sends, a value that was there before is not held against an edit.
 */
export function validateSettings(settings: StaffSiteSettings): SettingsErrors {
  const errors: SettingsErrors = {};
  if (!settings.name.trim()) errors.name = { key: 'required' };
  if (!DOMAIN.test(settings.domain.trim().toLowerCase())) errors.domain = { key: 'domain' };
  if (!Number.isInteger(settings.niche) || settings.niche < 1 || settings.niche > 7)
    errors.niche = { key: 'niche' };
  for (const field of CREDIT_FIELDS)
    range(errors, field, settings[field], STAFF_SETTING_LIMITS.credits.min, STAFF_SETTING_LIMITS.credits.max);
  range(
    errors,
    'message_length',
    settings.message_length,
    STAFF_SETTING_LIMITS.message_length.min,
    STAFF_SETTING_LIMITS.message_length.max,
  );
  range(
    errors,
    'refund_days',
    settings.refund_days,
    STAFF_SETTING_LIMITS.refund_days.min,
    STAFF_SETTING_LIMITS.refund_days.max,
  );
  range(
    errors,
    'min_age',
    settings.min_age,
    STAFF_SETTING_LIMITS.min_age.min,
    STAFF_SETTING_LIMITS.min_age.max,
  );
  range(
    errors,
    'photo_auto_approve_minutes',
    settings.photo_auto_approve_minutes,
    STAFF_SETTING_LIMITS.photo_auto_approve_minutes.min,
    STAFF_SETTING_LIMITS.photo_auto_approve_minutes.max,
  );
  for (const field of ['index_title', 'description', 'mail_name'] as const) {
    if (settings[field].length > STAFF_SETTING_LIMITS.text.max)
      errors[field] = { key: 'tooLong', values: { max: STAFF_SETTING_LIMITS.text.max } };
  }
  if (settings.support_email.trim() && !EMAIL.test(settings.support_email.trim()))
    errors.support_email = { key: 'email' };
  for (const [locale, texts] of Object.entries(settings.texts)) {
    for (const [field, value] of Object.entries(texts ?? {})) {
      if ((value ?? '').length > STAFF_SETTING_LIMITS.text.max)
        errors[`texts.${locale}.${field}`] = {
          key: 'tooLong',
          values: { max: STAFF_SETTING_LIMITS.text.max },
        };
    }
  }
  return errors;
}

/** Only the fields that differ from what was loaded (the update sends just those). */
export function changedSettings(
  before: StaffSiteSettings,
  after: StaffSiteSettings,
): Partial<StaffSiteSettings> {
  const changed: Partial<StaffSiteSettings> = {};
  for (const key of Object.keys(after) as (keyof StaffSiteSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      (changed as Record<string, unknown>)[key] = after[key];
  }
  return changed;
}

/** The changed fields, flattened like the server names them (`texts.de.index_title`). */
export function changesFlat(changes: Partial<StaffSiteSettings>): Record<string, true> {
  const flat: Record<string, true> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'texts') {
      for (const [code, texts] of Object.entries(value as StaffSiteSettings['texts'])) {
        for (const field of Object.keys(texts ?? {})) flat[`texts.${code}.${field}`] = true;
      }
    } else flat[key] = true;
  }
  return flat;
}
