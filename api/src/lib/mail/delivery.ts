import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';

/** What the sender hands to SMTP (nodemailer's transport, or a stand-in). */
export interface Transport {
  sendMail(msg: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    headers: Record<string, string>;
  }): Promise<unknown>;
}

/** Attempts before a mail is given up on: 30 s, 1, 2, 4, 8, 16, 32 min apart (about an hour in all). */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3_600_000;
/** A claimed mail is not due again for this long, so a node that dies while sending delays it, never loses it. */
const LEASE_MS = 15 * 60_000;
const BATCH = 20;

export const retryDelayMs = (attempts: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

export interface UndeliveredMail {
  id: number;
  to: string;
  template: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  failed_at: string | null;
  created_at: string;
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

interface Claimed {
  id: number;
  from_address: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string> | string;
  attempts: number;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** SMTP answers 5xx for what will not get better by waiting (unknown mailbox, refused content). */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * The sender job over `mail_outbox`: due mails are claimed in one statement (FOR UPDATE SKIP LOCKED, the lease
 * written at once), sent outside any transaction, then marked sent, rescheduled with back-off, or failed.
 * `kick()` runs it soon on this node (after a send, and from the server's timer); `deliverDue(now)` is one pass.
 */
export function createMailDelivery(
  db: Db,
  transport: () => Promise<Transport | null>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
) {
  let running: Promise<void> | null = null;
  let again = false;

  /** One batch: claim, send, record. Returns how many were claimed. */
  async function deliverBatch(t: Transport, now: Date, result: DeliveryResult): Promise<number> {
    const claimed = await rows<Claimed>(
      db,
      sql`UPDATE mail_outbox SET attempts = attempts + 1,
            next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
          WHERE id IN (SELECT id FROM mail_outbox
                       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now.toISOString()}::timestamptz
                       ORDER BY next_attempt_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING id, from_address, to_address, subject, html, text, headers, attempts`,
    );
    for (const m of claimed) {
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
        await db.execute(
          sql`UPDATE mail_outbox SET sent_at = now(), next_attempt_at = NULL, last_error = NULL WHERE id = ${m.id}`,
        );
        result.sent++;
      } catch (err) {
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
        const giveUp = isPermanent(err) || m.attempts >= MAX_ATTEMPTS;
        const next = new Date(now.getTime() + retryDelayMs(m.attempts)).toISOString();
        await db.execute(
          giveUp
            ? sql`UPDATE mail_outbox SET failed_at = now(), next_attempt_at = NULL, last_error = ${error} WHERE id = ${m.id}`
            : sql`UPDATE mail_outbox SET next_attempt_at = ${next}::timestamptz, last_error = ${error} WHERE id = ${m.id}`,
        );
        log.warn({ err, mailId: m.id, attempts: m.attempts, giveUp }, 'mail delivery failed');
        if (giveUp) result.failed++;
        else result.retried++;
      }
    }
    return claimed.length;
  }

  /** Every mail due at `now` (no-op without SMTP). */
  async function deliverDue(now = new Date()): Promise<DeliveryResult> {
    const result = { sent: 0, retried: 0, failed: 0 };
    const t = await transport();
    if (!t) return result;
    while ((await deliverBatch(t, now, result)) === BATCH);
    return result;
  }

  return {
    deliverDue,
    /** Runs the sender on this node now (once more if asked while running); never throws. */
    kick(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await deliverDue().catch((err: unknown) => log.error({ err }, 'mail sender failed'));
        } while (again);
        running = null;
      })();
      return running;
    },
    /** Resolves when this node's sender is not running (tests). */
    idle: (): Promise<void> => running ?? Promise.resolve(),
    /** For staff: mails given up on (`failed`) or still being retried (`retrying`), newest first. */
    async undelivered(which: 'failed' | 'retrying', limit = 100): Promise<UndeliveredMail[]> {
      const where =
        which === 'failed'
          ? sql`failed_at IS NOT NULL`
          : sql`failed_at IS NULL AND sent_at IS NULL AND attempts > 0`;
      const found = await rows<Omit<UndeliveredMail, 'to'> & { to_address: string }>(
        db,
        sql`SELECT id, to_address, template, subject, attempts, last_error, next_attempt_at, failed_at, created_at
            FROM mail_outbox WHERE ${where} ORDER BY id DESC LIMIT ${limit}`,
      );
      return found.map(({ to_address, ...m }) => ({
        ...m,
        to: to_address,
        next_attempt_at: iso(m.next_attempt_at),
        failed_at: iso(m.failed_at),
        created_at: iso(m.created_at)!,
      }));
    },
    /** Queues a failed mail again from the start (staff, after fixing the cause). */
    async retry(id: number): Promise<boolean> {
      const found = await rows<{ id: number }>(
        db,
        sql`UPDATE mail_outbox SET failed_at = NULL, attempts = 0, next_attempt_at = now()
            WHERE id = ${id} AND failed_at IS NOT NULL RETURNING id`,
      );
      return found.length > 0;
    },
  };
}
export type MailDelivery = ReturnType<typeof createMailDelivery>;
