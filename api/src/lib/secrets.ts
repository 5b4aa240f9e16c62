import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { first } from '../db/sql';

/**
 * The server's keyed hashes (HMAC-SHA-256): login identifiers in the audit tables and device
 * cookies. The key is APP_SECRET (required in production); without it one is made on first start and kept in
 * `server_keys`, so every node of a deployment uses the same one.
 */
export function createSecrets(db: Db, appSecret: string | undefined) {
  let key: Buffer | null = appSecret ? Buffer.from(appSecret, 'utf8') : null;

  const mac = (purpose: string, value: string) => {
    if (!key) throw new Error('secrets not initialised');
    return createHmac('sha256', key).update(`${purpose}\u0000${value}`).digest('base64url');
  };

  return {
    async init(): Promise<void> {
      if (key) return;
      const made = randomBytes(32).toString('base64url');
      await db.execute(
        sql`INSERT INTO server_keys (name, value) VALUES ('app_secret', ${JSON.stringify(made)}::jsonb)
            ON CONFLICT (name) DO NOTHING`,
      );
      const row = await first<{ value: unknown }>(
        db,
        sql`SELECT value FROM server_keys WHERE name = 'app_secret'`,
      );
      const value = typeof row?.value === 'string' ? row.value : JSON.stringify(row?.value);
      key = Buffer.from(value, 'utf8');
    },
    /** A stable, keyed, one-way hash of `value` for one purpose (different purposes never collide). */
    hash: mac,
    /** `<id>.<mac>`: a value the server can later recognise as its own for this purpose. */
    sign(purpose: string, id: string): string {
      return `${id}.${mac(purpose, id)}`;
    },
    /** The id of a value made by `sign` for this purpose, or null when forged or malformed. */
    verify(purpose: string, signed: string | undefined): string | null {
      if (!signed || signed.length > 200) return null;
      const dot = signed.lastIndexOf('.');
      if (dot <= 0) return null;
      const id = signed.slice(0, dot);
      const given = Buffer.from(signed.slice(dot + 1));
      const expected = Buffer.from(mac(purpose, id));
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}
export type Secrets = ReturnType<typeof createSecrets>;
