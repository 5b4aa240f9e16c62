import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Locale } from '@dating/shared/contract/index';
import {
  TEST_OUTCOMES,
  TestCheckoutBodySchema,
  TestCheckoutParamsSchema,
} from '@dating/shared/contract/payments';
import { cspWithStyle } from '../../../lib/security-headers';
import { paymentMethodName, paymentText, type PaymentText } from '../texts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// The page's one <style> block, allowed by its hash (the site's CSP has no inline styles).
const CHECKOUT_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#212529}h1{color:#4a1d6e}form{display:grid;gap:.5rem}button{min-height:44px;font-size:1rem;border-radius:.375rem;border:1px solid #4a1d6e;background:#fff;color:#4a1d6e;cursor:pointer}button.paid{background:#4a1d6e;color:#fff}button:focus-visible{outline:3px solid #f0ad4e;outline-offset:2px}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}';
const CHECKOUT_CSP = cspWithStyle(CHECKOUT_STYLE);

function money(amount: number, currency: string, locale: Locale) {
  return new Intl.NumberFormat(locale === 'nl' ? 'nl-NL' : locale, { style: 'currency', currency }).format(
    amount / 100,
  );
}

/**
 * The built-in test provider's hosted checkout (`/pay/test/:id`), registered only when it is the configured
 * provider. It plays the PSP's page: the payer picks an outcome, the "PSP" posts our webhook with the id only,
 * then sends the payer to the return page. No card data is asked for or seen.
 */
export const testCheckoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const params = TestCheckoutParamsSchema;

  app.get('/pay/test/:id', { schema: { hide: true, params } }, async (request, reply) => {
    const payment = await app.services.payments.testProvider.describe(request.params.id);
    const locale = await request.resolveLocale();
    const t = (key: PaymentText) => esc(paymentText(locale, key));
    reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', CHECKOUT_CSP)
      .type('text/html; charset=utf-8');
    if (!payment) return reply.code(404).send('<!doctype html><title>404</title><p>404</p>');
    const open = payment.status === 'open' || payment.status === 'pending';
    const buttons = open
      ? TEST_OUTCOMES.map(
          (outcome) => `<button name="outcome" value="${outcome}" class="${outcome}">${t(outcome)}</button>`,
        ).join('\n')
      : payment.status === 'paid' && payment.amountChargedBack === 0 && payment.amountRefunded === 0
        ? `<p>${t('done')}</p><button name="outcome" value="chargeback">${t('chargeback')}</button>
<button name="outcome" value="refund">${t('refund')}</button>`
        : `<p>${t('done')}</p>`;
    return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${t('title')}</title>
<style>${CHECKOUT_STYLE}</style>
</head><body><main><h1>${t('title')}</h1><p>${t('intro')}</p>
<dl><dt>${t('amount')}</dt><dd><strong>${esc(money(payment.amount.amount, payment.amount.currency, locale))}</strong></dd>
<dt>${t('method')}</dt><dd>${esc(payment.method ? paymentMethodName(locale, payment.method) : '')}</dd></dl><p>${esc(payment.description)}</p>
<form method="post" action="/pay/test/${esc(payment.id)}">${buttons}</form></main></body></html>`;
  });

  app.post(
    '/pay/test/:id',
    {
      schema: {
        hide: true,
        params,
        body: TestCheckoutBodySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const provider = app.services.payments.testProvider;
      // After the payment: the payer's bank charges it back, or the merchant refunds it in the provider's
      // dashboard. Either way the provider posts our webhook; the reconciliation job would find it too.
      if (request.body.outcome === 'chargeback' || request.body.outcome === 'refund') {
        if (request.body.outcome === 'chargeback') await provider.chargeback(id);
        else await provider.refundAtProvider(id);
        return reply.redirect(`/pay/test/${id}`, 303);
      }
      const result = await provider.complete(id, request.body.outcome);
      if (!result) return reply.code(404).send({ error: { code: 'not_found', message: 'Not found' } });
      // The return page is on this very server: go there by path, whatever origin the provider was given
      // (the site's canonical domain may differ from the address the payer uses, e.g. in development).
      const back = new URL(result.redirectUrl ?? '/', 'http://site.invalid');
      return reply.redirect(`${back.pathname}${back.search}`, 303);
    },
  );
};
