import { desc, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../db/sql';
import type { Locale } from '@dating/shared/contract/index';
import type { ServiceDeps } from '../../domains/services';
import type { SitesService } from '../../domains/sites';
import { mailOutbox } from '../../db/schema';
import { renderMail, type MailTemplate } from './templates';

export { MAIL_TEMPLATES, type MailTemplate } from './templates';

/** A mail that still fails after this many attempts is given up (visible in the outbox with its last error). */
export const MAX_ATTEMPTS = 8;
const DELIVERY_INTERVAL_MS = 10_000;

export interface SendMail {
  to: string;
  template: MailTemplate;
  locale: Locale;
  /** Interpolated into the texts; `link` becomes the button. `name` greets the recipient. */
  params?: Record<string, string | number>;
  /** Site the mail is sent for (name, domain, sender); the default site when omitted. */
  siteId?: number;
  /** Target of the List-Unsubscribe header; defaults to the site's /notifications page. */
  unsubscribeUrl?: string;
}

export interface OutboxEntry {
  id: number;
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  template: string;
  locale: string;
  created_at: string;
}

interface Transport {
  sendMail(msg: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    headers: Record<string, string>;
  }): Promise<unknown>;
}

/**
 * Mail: every message is written to `mail_outbox` (the embedded mailbox in development and an audit trail in
 * production); with SMTP_URL it is also delivered through nodemailer.
 */
export function createMailService(deps: ServiceDeps & { sites: SitesService }) {
  const { db, config, log, sites } = deps;
  let transport: Transport | null = null;
  async function smtp(): Promise<Transport | null> {
    if (!config.smtpUrl) return null;
    if (!transport) {
      const nodemailer = await import('nodemailer');
      transport = nodemailer.createTransport(config.smtpUrl) as unknown as Transport;
    }
    return transport;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;

  /**
   * Sends the due mails of the outbox. Rows are claimed by moving their next attempt ahead (a lease) with SKIP
   * LOCKED, so several nodes never send one mail twice at once; a failure waits 30 s, 1 min, 2 min … (at most an
   * hour) and is given up after MAX_ATTEMPTS. Mails older than a day are not sent (their links are stale).
   */
  async function deliverPending(): Promise<number> {
    const t = await smtp();
    if (!t) return 0;
    const due = await rows<{
      id: number;
      to_address: string;
      from_address: string;
      subject: string;
      html: string;
      text: string;
      headers: Record<string, string> | string;
      template: string;
    }>(
      db,
      sql`UPDATE mail_outbox SET attempts = attempts + 1,
            next_attempt_at = now() + make_interval(secs => least(3600, 30 * power(2, attempts)))
          WHERE id IN (
            SELECT id FROM mail_outbox
            WHERE sent_at IS NULL AND attempts < ${MAX_ATTEMPTS} AND created_at > now() - interval '1 day'
              AND (next_attempt_at IS NULL OR next_attempt_at <= now())
            ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
          RETURNING id, to_address, from_address, subject, html, text, headers, template`,
    );
    let sent = 0;
    for (const m of due) {
      try {
        await t.sendMail({
          from: m.from_address,
          to: m.to_address,
          subject: m.subject,
          html: m.html,
          text: m.text,
          headers:
            typeof m.headers === 'string' ? (JSON.parse(m.headers) as Record<string, string>) : m.headers,
        });
        await db.execute(sql`UPDATE mail_outbox SET sent_at = now(), last_error = NULL WHERE id = ${m.id}`);
        sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message.slice(0, 500) : 'failed';
        log.error({ err, mailId: m.id, template: m.template }, 'smtp delivery failed; retried later');
        await db.execute(sql`UPDATE mail_outbox SET last_error = ${message} WHERE id = ${m.id}`);
      }
    }
    return sent;
  }

  function deliverSoon(): void {
    if (!config.smtpUrl || busy) return;
    busy = true;
    running = deliverPending()
      .catch((err: unknown) => log.error({ err }, 'mail delivery failed'))
      .finally(() => (busy = false));
  }

  return {
    async send(mail: SendMail, opts: { tx?: Tx } = {}): Promise<number> {
      const site = mail.siteId ? await sites.byId(mail.siteId) : await sites.resolve(undefined);
      if (!site) throw new Error(`unknown site ${mail.siteId}`);
      const origin = `https://${site.domain}`;
      const unsubscribeUrl = mail.unsubscribeUrl ?? `${origin}/notifications`;
      const params = {
        site: site.name,
        support_email: site.supportEmail,
        unsubscribe_url: unsubscribeUrl,
        ...mail.params,
      };
      const rendered = renderMail(mail.template, mail.locale, params, site.settings.theme_color);
      const from = `"${(site.mailName || site.name).replace(/"/g, '')}" <${site.supportEmail || `no-reply@${site.domain}`}>`;
      const headers: Record<string, string> = {
        'List-Unsubscribe': `<${unsubscribeUrl}>${site.supportEmail ? `, <mailto:${site.supportEmail}?subject=unsubscribe>` : ''}`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
      // Outbox pattern (issue 11 finding 14): the mail is a row written in the caller's transaction, so a request
      // that fails leaves neither the account nor its mail; SMTP delivery happens after the commit, with retries.
      const [row] = await (opts.tx ?? db)
        .insert(mailOutbox)
        .values({
          siteId: site.id,
          toAddress: mail.to,
          fromAddress: from,
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          headers,
          template: mail.template,
          locale: mail.locale,
        })
        .returning({ id: mailOutbox.id });
      if (!opts.tx) deliverSoon();
      return row!.id;
    },

    /** Call after the transaction that wrote mails has committed: delivers them now instead of on the next tick. */
    deliverSoon,
    deliverPending,
    /** The delivery loop (SMTP only): picks up what failed before, and mails of other nodes' crashed requests. */
    start(): void {
      if (!config.smtpUrl || timer) return;
      timer = setInterval(deliverSoon, DELIVERY_INTERVAL_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },

    /** Newest first; `to` filters by recipient (case-insensitive). */
    async outbox(to?: string, limit = 100): Promise<OutboxEntry[]> {
      const q = db.select().from(mailOutbox);
      const found = await (to ? q.where(sql`lower(${mailOutbox.toAddress}) = lower(${to})`) : q)
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
      return found.map((m) => ({
        id: m.id,
        to: m.toAddress,
        from: m.fromAddress,
        subject: m.subject,
        html: m.html,
        text: m.text,
        headers: m.headers,
        template: m.template,
        locale: m.locale,
        created_at: m.createdAt.toISOString(),
      }));
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
