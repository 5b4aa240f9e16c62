import { useTranslation } from 'react-i18next';
import type { Money } from '@dating/shared';

/** Date-time and money in the staff member's language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    dateTime: (iso: string | null | undefined) =>
      iso
        ? new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso))
        : '–',
    date: (iso: string | null | undefined) =>
      iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)) : '–',
    money: (money: Money) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }).format(
        money.amount / 100,
      ),
    number: (value: number) => new Intl.NumberFormat(locale).format(value),
    percent: (value: number) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value),
  };
}

/** A fresh idempotency key for a reply. */
export function clientId(): string {
  return globalThis.crypto.randomUUID();
}
