import type { FastifyPluginAsync } from 'fastify';
import { paymentsConfig } from './config';

/**
 * The reconciliation job (docs/product/architecture.md): every `PAYMENT_RECONCILE_MS` one node at a time (the job lock of
 * `app.ops.jobs`, ADR 0026) asks the provider about due open payments, so a paid payment is credited even when
 * every webhook was lost. Also wires the test provider's
 * webhook to this server (it "posts" the id through `app.inject`, the same route a PSP reaches over HTTP).
 */
export const paymentJobs: FastifyPluginAsync = async (app) => {
  app.services.payments.setWebhookNotifier(async (webhookUrl, paymentId) => {
    const url = new URL(webhookUrl);
    const res = await app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${encodeURIComponent(paymentId)}`,
    });
    if (res.statusCode >= 300)
      app.log.warn({ paymentId, status: res.statusCode }, 'test provider webhook refused');
  });
  const every = paymentsConfig(app.config).reconcileMs;
  if (!every || !app.services.payments.provider) return;
  app.ops.jobs.every('payment reconciliation', every, () => app.services.payments.orders.reconcile());
};
