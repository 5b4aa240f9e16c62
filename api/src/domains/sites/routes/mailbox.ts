import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MailboxQuerySchema, MailboxResponseSchema } from '@dating/shared/contract/dev';
import { cspWithStyle } from '../../../lib/security-headers';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// The CSP allows no inline style: the page's one <style> block is allowed by its hash.
const MAILBOX_STYLE = 'body{font-family:sans-serif;padding:1rem}';
const MAILBOX_CSP = cspWithStyle(MAILBOX_STYLE);

/** The embedded outbox, for development and end-to-end tests only (never registered in production). */
export const mailboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const query = MailboxQuerySchema;

  app.get(
    '/dev/mailbox.json',
    { schema: { tags: ['dev'], querystring: query, response: { 200: MailboxResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { mails: await app.services.mail.outbox(request.query.to) };
    },
  );

  app.get('/dev/mailbox', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const mails = await app.services.mail.outbox(request.query.to);
    const rows = mails
      .map(
        (
          m,
        ) => `<details><summary><b>${esc(m.subject)}</b> → ${esc(m.to)} <small>${esc(m.created_at)} · ${esc(m.template)}/${esc(m.locale)}</small></summary>
<pre>${esc(m.text)}</pre></details>`,
      )
      .join('\n');
    reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', MAILBOX_CSP)
      .type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title><style>${MAILBOX_STYLE}</style></head>
<body><h1>Mailbox (${mails.length})</h1>${rows || '<p>No mail yet.</p>'}</body></html>`;
  });
};
