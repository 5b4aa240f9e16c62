import type { Locale } from '../contract/values/common';
import type { Money } from '../contract';

/**
 * The codes the site's own pages name (docs/product/credits-and-payments.md, "Advertised codes"): the welcome code a
 * lander promises and the retention code the account-deletion page offers, one word per language. Each exists on
 * every site as a code row (migration `0340_advertised_codes.sql`), so a member who types what a page told them
 * never reads "Code niet gevonden".
 */
export const ADVERTISED_CODES: Record<Locale, { welcome: string; retention: string }> = {
  da: { welcome: 'VELKOMMEN', retention: 'BLIV50' },
  de: { welcome: 'WILLKOMMEN', retention: 'BLEIB50' },
  en: { welcome: 'WELCOME', retention: 'STAY50' },
  es: { welcome: 'BIENVENIDO', retention: 'QUEDATE50' },
  fi: { welcome: 'TERVETULOA', retention: 'JAA50' },
  fr: { welcome: 'BIENVENUE', retention: 'RESTE50' },
  it: { welcome: 'BENVENUTO', retention: 'RESTA50' },
  nb: { welcome: 'VELKOMMEN', retention: 'BLI50' },
  nl: { welcome: 'WELKOM', retention: 'BLIJF50' },
  pl: { welcome: 'WITAJ', retention: 'ZOSTAN50' },
  sv: { welcome: 'VALKOMMEN', retention: 'STANNA50' },
};

/** The advertised code of a kind in a language (the site's default language for one we do not know). */
export function advertisedCode(kind: 'welcome' | 'retention', language: string): string {
  return (ADVERTISED_CODES[language as Locale] ?? ADVERTISED_CODES.nl)[kind];
}

export interface RatedDiscount {
  code: string;
  percentage: number;
}

export type DiscountChoice<T extends RatedDiscount> =
  { discount: T; source: 'typed' | 'automatic' } | { discount: null; source: 'none' };

/**
 * The one rule for a typed code and the member's automatic discount (the time bonus, else the welcome code): the
 * member gets the better of the two. A typed code that is unknown, used or not applicable is simply not a
 * candidate, so the automatic discount stays and paying is never blocked by what was typed. On a tie the automatic
 * discount is kept (a single-use typed code stays unspent). docs/adr/0033-discount-rule.md.
 */
export function chooseDiscount<T extends RatedDiscount>(
  typed: T | null | undefined,
  automatic: T | null | undefined,
): DiscountChoice<T> {
  if (typed && (!automatic || typed.percentage > automatic.percentage)) {
    return { discount: typed, source: 'typed' };
  }
  if (automatic) return { discount: automatic, source: 'automatic' };
  return { discount: null, source: 'none' };
}

/** A price less a percentage, rounded to the minor unit (the server's rounding: `discounts.apply`). */
export function discounted(amount: number, percentage: number): number {
  return Math.round((amount * (100 - percentage)) / 100);
}

/**
 * What one message costs in money at the least, from the packages the member is offered: the cheapest price per
 * credit times the site's `message_credits`, less the member's discount when one applies. Null without packages.
 */
export function messagePrice(
  packages: readonly { credits: number; price: Money }[],
  messageCredits: number,
  percentage = 0,
): Money | null {
  let best: { perCredit: number; currency: string } | null = null;
  for (const pkg of packages) {
    if (pkg.credits <= 0) continue;
    const perCredit = pkg.price.amount / pkg.credits;
    if (!best || perCredit < best.perCredit) best = { perCredit, currency: pkg.price.currency };
  }
  if (!best || messageCredits <= 0) return null;
  const full = best.perCredit * messageCredits;
  return { amount: Math.round((full * (100 - percentage)) / 100), currency: best.currency };
}
