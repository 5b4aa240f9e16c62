import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export function createPushService(db: Db) {
  return {
    /** Stores (or moves to this member) a browser push subscription. */
    async subscribe(
      userId: number,
      sub: { endpoint: string; keys: { p256dh: string; auth: string } },
    ): Promise<void> {
      await db.execute(
        sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
            VALUES (${userId}, ${sub.endpoint}, ${sub.keys.p256dh}, ${sub.keys.auth})
            ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth`,
      );
    },
    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      await db.execute(
        sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`,
      );
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
