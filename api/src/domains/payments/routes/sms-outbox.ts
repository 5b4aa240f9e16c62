import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SmsOutboxQuerySchema, SmsOutboxResponseSchema } from '@dating/shared/contract/dev';
import { cspWithStyle } from '../../../lib/security-headers';

// Loopback-only like every /dev/* route (plugins/dev-only.ts); the one <style> block is allowed by its hash.
const SMS_STYLE = 'body{font-family:sans-serif;padding:1rem}';
const SMS_CSP = cspWithStyle(SMS_STYLE);

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The embedded SMS outbox (`/dev/sms`, `/dev/sms.json?to=`), like the mailbox: development and tests only. */
export const smsOutboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const query = SmsOutboxQuerySchema;

  app.get(
    '/dev/sms.json',
    { schema: { tags: ['dev'], querystring: query, response: { 200: SmsOutboxResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await app.services.payments.sms.outbox(request.query.to) };
    },
  );

  app.get('/dev/sms', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const messages = await app.services.payments.sms.outbox(request.query.to);
    const items = messages
      .map((m) => `<li><b>${esc(m.to)}</b> <small>${esc(m.created_at)}</small><br>${esc(m.body)}</li>`)
      .join('\n');
    reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', SMS_CSP)
      .type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SMS outbox</title><style>${SMS_STYLE}</style></head>
<body><h1>SMS outbox (${messages.length})</h1><ul>${items || '<li>No SMS yet.</li>'}</ul></body></html>`;
  });
};
