import type { Money } from '@dating/shared';

/** nl-NL is the only full locale tag of the site (docs/product/README.md); the others format by language. */
export function intlLocale(language: string): string {
  return language === 'nl' ? 'nl-NL' : language;
}

function fractionDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** Money is kept in integer minor units (docs/product/architecture.md). */
export function formatMoney(
  money: Money,
  language: string,
  options: { maximumFractionDigits?: number } = {},
) {
  const digits = fractionDigits(money.currency);
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: Math.min(digits, options.maximumFractionDigits ?? digits),
    ...options,
  }).format(money.amount / 10 ** digits);
}

export function discounted(money: Money, percentage: number): Money {
  return { amount: Math.round((money.amount * (100 - percentage)) / 100), currency: money.currency };
}

/** Price per credit, to the tenth of a minor unit, so cheap credits still show a difference. */
export function pricePerCredit(money: Money, credits: number): Money {
  return { amount: credits > 0 ? money.amount / credits : 0, currency: money.currency };
}
