import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The embedded SMS outbox (`/dev/sms`, `/dev/sms.json?to=`), like the mailbox: development and tests only. */
export const smsOutboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // ARCHITECTURE §6: development routes answer loopback clients only (this plugin's scope).
  app.addHook('onRequest', async (request, reply) => {
    if (!LOOPBACK.has(request.ip))
      return reply.code(404).send({ error: { code: 'not_found', message: 'Not found' } });
  });
  const query = Type.Object({ to: Type.Optional(Type.String({ maxLength: 32 })) });

  app.get('/dev/sms.json', { schema: { tags: ['dev'], querystring: query } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { messages: await app.services.payments.sms.outbox(request.query.to) };
  });

  app.get('/dev/sms', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const messages = await app.services.payments.sms.outbox(request.query.to);
    const items = messages
      .map((m) => `<li><b>${esc(m.to)}</b> <small>${esc(m.created_at)}</small><br>${esc(m.body)}</li>`)
      .join('\n');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SMS outbox</title></head>
<body style="font-family:sans-serif;padding:1rem"><h1>SMS outbox (${messages.length})</h1><ul>${items || '<li>No SMS yet.</li>'}</ul></body></html>`;
  });
};
