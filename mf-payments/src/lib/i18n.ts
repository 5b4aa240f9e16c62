import { registerNamespace } from '@dating/shared';
import { loadPaymentMethodNames } from '@dating/shared/payment-methods';

/** This remote's i18next namespace; every page module imports this file, so the namespace is registered once. */
export const NS = 'payments';

// `methods.<code>`: the shared catalogue of method names (the api's test checkout page names them too).
registerNamespace(NS, async (lng) => {
  const [own, methods] = await Promise.all([
    import(`../locales/${lng}.json`) as Promise<{ default: Record<string, unknown> }>,
    loadPaymentMethodNames(lng),
  ]);
  return { ...own.default, methods };
});
