import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { first, rows } from '../../db/sql';

export interface SmsMessage {
  id: number;
  to: string;
  body: string;
  created_at: string;
  sent_at: string | null;
}

/**
 * SMS through one adapter (docs/product/architecture.md): every message is stored in `sms_outbox` (readable at `/dev/sms`
 * outside production, like the mailbox); with `SMS_URL` it is also POSTed to that HTTP gateway as JSON
 * `{ to, body }` (a 2xx marks it sent).
 */
export function createSmsService(db: Db, opts: { url?: string; log: FastifyBaseLogger }) {
  return {
    async send(to: string, body: string, siteId: number | null): Promise<void> {
      const row = await first<{ id: number }>(
        db,
        sql`INSERT INTO sms_outbox (site_id, to_phone, body) VALUES (${siteId}, ${to}, ${body}) RETURNING id`,
      );
      if (!opts.url) return;
      try {
        const res = await fetch(opts.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to, body }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
        await db.execute(sql`UPDATE sms_outbox SET sent_at = now() WHERE id = ${row!.id}`);
      } catch (err) {
        opts.log.error({ err }, 'SMS not sent');
        await db.execute(sql`UPDATE sms_outbox SET error = ${String(err)} WHERE id = ${row!.id}`);
        throw err;
      }
    },

    async outbox(to?: string): Promise<SmsMessage[]> {
      const found = await rows<{
        id: number;
        to_phone: string;
        body: string;
        created_at: string | Date;
        sent_at: string | Date | null;
      }>(
        db,
        to
          ? sql`SELECT * FROM sms_outbox WHERE to_phone = ${to} ORDER BY id DESC LIMIT 100`
          : sql`SELECT * FROM sms_outbox ORDER BY id DESC LIMIT 100`,
      );
      return found.map((m) => ({
        id: m.id,
        to: m.to_phone,
        body: m.body,
        created_at: new Date(m.created_at).toISOString(),
        sent_at: m.sent_at ? new Date(m.sent_at).toISOString() : null,
      }));
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
