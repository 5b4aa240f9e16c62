import { desc, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { Locale } from '@dating/shared/contract/index';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/platform';
import { renderMail, type MailTemplate } from './templates';
import { createMailDelivery, type Transport } from './delivery';

export { MAIL_TEMPLATES, reportReasonText, type MailTemplate } from './templates';
export { MAX_ATTEMPTS, retryDelayMs, type MailDelivery, type UndeliveredMail } from './delivery';

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

/**
 * Mail: every message is written to `mail_outbox` (the embedded mailbox in development and an audit trail in
 * production); with SMTP_URL it is queued there and delivered through nodemailer by the sender job
 * (`delivery.ts`: retries with back-off, failures listed for staff), so a slow or failing SMTP server never fails
 * the request that sent the mail.
 */
/** What a mail needs of its site (the sites domain's `Site` has it): name, sender, theme colour. */
export interface MailSite {
  id: number;
  name: string;
  domain: string;
  /** The one origin the site's links are built from (docs/adr/0035-one-origin-per-site.md). */
  publicOrigin: string;
  supportEmail: string;
  mailName: string | null;
  settings: { theme_color?: string };
}
/** The sites a mail can come from: the sites domain's service, seen from below (lib imports no domain). */
export interface MailSites {
  byId(id: number): Promise<MailSite | null | undefined>;
  resolve(host: undefined): Promise<MailSite>;
}

export function createMailService(deps: {
  db: Db;
  config: Pick<AppConfig, 'smtpUrl'>;
  log: FastifyBaseLogger;
  sites: MailSites;
}) {
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
  const delivery = createMailDelivery(db, smtp, log);

  return {
    delivery,
    /**
     * Writes the mail to the outbox, in the caller's transaction when `tx` is given (a
     * signup and its mail are all or nothing); call `deliverSoon()` after that transaction commits.
     */
    async send(mail: SendMail, opts: { tx?: Tx } = {}): Promise<number> {
      const site = mail.siteId ? await sites.byId(mail.siteId) : await sites.resolve(undefined);
      if (!site) throw new Error(`unknown site ${mail.siteId}`);
      const unsubscribeUrl = mail.unsubscribeUrl ?? `${site.publicOrigin}/notifications`;
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
          // Queued for SMTP when there is one; otherwise the outbox is where the mail stays.
          nextAttemptAt: config.smtpUrl ? new Date() : null,
        })
        .returning({ id: mailOutbox.id });
      if (config.smtpUrl && !opts.tx) void delivery.kick();
      return row!.id;
    },

    /** After a transaction that wrote mails has committed: sends them now rather than on the sender's next round. */
    deliverSoon(): void {
      if (config.smtpUrl) void delivery.kick();
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
