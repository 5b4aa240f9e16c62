// `@dating/shared/payment-methods`: the payment methods' names in every locale (`shared/src/locales/payment-methods`),
// the one catalogue that mf-payments shows and the api's test checkout page names. Not in the package's root
// index, so no first load carries it.
import type { Locale, PaymentMethod } from './contract';

export type PaymentMethodNames = Record<PaymentMethod, string>;

/** The names in `locale`: a chunk of its own per locale, fetched with the namespace that shows them. */
export async function loadPaymentMethodNames(locale: Locale): Promise<PaymentMethodNames> {
  const module = (await import(
    /* webpackChunkName: "locale-payment-methods-[request]" */ `./locales/payment-methods/${locale}.json`
  )) as { default?: PaymentMethodNames } & PaymentMethodNames;
  return module.default ?? module;
}
