import { BADGE_CAP } from '../constants';
import type { Money, Settings } from '../contract';

/** A counter badge: nothing for 0, the number up to 99, then "99+" (docs/product/routes-and-layouts.md). */
export function formatBadge(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/** Interpolates `{name}` placeholders, the catalogue's format (docs/product/member-model.md, docs/product/calls-and-errors.md). */
export function interpolate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/**
 * The site's minimum price of one message in the visitor's payment country (settings `minimum_message_costs`,
 * minor units per country), or null where the site names none: shown wherever message costs are shown.
 */
export function minimumMessageCost(
  settings: Pick<Settings, 'minimum_message_costs' | 'geoip_selected_country' | 'countries'> | undefined,
): Money | null {
  if (!settings) return null;
  // Partial settings (an older server, a test's) name no costs.
  const { geoip_selected_country: selected, countries = [], minimum_message_costs: costs = {} } = settings;
  const country = selected ?? countries[0];
  const entry = country ? costs[country] : undefined;
  return entry && entry.costs > 0 ? { amount: entry.costs, currency: entry.currency } : null;
}

/** Money in minor units as the language writes it (nl is the site's one full tag, nl-NL). */
export function formatMinorMoney(money: Money, language: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency: money.currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(language === 'nl' ? 'nl-NL' : language, {
    style: 'currency',
    currency: money.currency,
  }).format(money.amount / 10 ** digits);
}
