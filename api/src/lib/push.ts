import { sql } from 'drizzle-orm';
import webPush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { first, rows } from '../db/sql';
import { ApiError, badInput } from './errors';
import { isPublicHttpsUrl } from './public-endpoint';

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What a push shows; the service worker (`/push-sw.js`) turns it into a notification. */
export interface PushPayload {
  title: string;
  body?: string;
  /** Site path opened (or focused) on click. */
  url?: string;
  /** Notifications with the same tag replace each other (e.g. one per conversation). */
  tag?: string;
  /** What changed, so open pages reload chats or likes (docs/product/calls-and-errors.md). */
  kind?: 'message' | 'like' | 'other';
}

/**
 * Web Push (docs/product/architecture.md): VAPID keys from the environment (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), else made
 * once on first start and kept in `server_keys`, shared by every node.
 */
export function createPushService(
  db: Db,
  options: {
    subject: string;
    log: FastifyBaseLogger;
    /** Tests only (never in production): endpoints on loopback/private hosts, for a local push stand-in. */
    allowPrivateEndpoints?: boolean;
  },
) {
  let keys: VapidKeys | null = null;

  async function loadKeys(): Promise<VapidKeys> {
    const fromEnv = process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY;
    if (fromEnv)
      return { publicKey: process.env.VAPID_PUBLIC_KEY!, privateKey: process.env.VAPID_PRIVATE_KEY! };
    const made = webPush.generateVAPIDKeys();
    // Two nodes starting together: the first insert wins and both read the same pair back.
    await db.execute(
      sql`INSERT INTO server_keys (name, value) VALUES ('vapid', ${JSON.stringify(made)}::jsonb)
          ON CONFLICT (name) DO NOTHING`,
    );
    const row = await first<{ value: VapidKeys | string }>(
      db,
      sql`SELECT value FROM server_keys WHERE name = 'vapid'`,
    );
    const value = row!.value;
    return typeof value === 'string' ? (JSON.parse(value) as VapidKeys) : value;
  }

  return {
    async init(): Promise<void> {
      keys = await loadKeys();
    },
    /** The public key browsers subscribe with (settings `push_public_key`). */
    publicKey(): string {
      return keys?.publicKey ?? '';
    },
    /**
     * Stores a browser push subscription for this member. The endpoint must be https on a
     * public host (the server will call it: no requests into our own network). An endpoint that belongs to
     * another member moves only when the keys are the same (the same browser subscription, e.g. a shared
     * computer); otherwise 403, so no one can take over, or redirect, another member's notifications.
     */
    async subscribe(
      userId: number,
      sub: { endpoint: string; keys: { p256dh: string; auth: string } },
    ): Promise<void> {
      const allowed = options.allowPrivateEndpoints
        ? /^https:\/\//.test(sub.endpoint)
        : isPublicHttpsUrl(sub.endpoint);
      if (!allowed) throw badInput('endpoint');
      const row = await first<{ id: number }>(
        db,
        sql`INSERT INTO push_subscriptions AS s (user_id, endpoint, p256dh, auth)
            VALUES (${userId}, ${sub.endpoint}, ${sub.keys.p256dh}, ${sub.keys.auth})
            ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
            WHERE s.user_id = EXCLUDED.user_id OR (s.p256dh = EXCLUDED.p256dh AND s.auth = EXCLUDED.auth)
            RETURNING s.id`,
      );
      if (!row) throw new ApiError(403, 'forbidden');
    },
    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      await db.execute(
        sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`,
      );
    },
    /**
     * Sends to every browser the member subscribed. A subscription the push service says is gone (404/410) is
     * deleted; other failures are logged and do not fail the caller (a push is a courtesy, the data is stored).
     */
    async sendToUser(userId: number, payload: PushPayload): Promise<number> {
      if (!keys) throw new Error('push service not initialised');
      const subscriptions = await rows<{ endpoint: string; p256dh: string; auth: string }>(
        db,
        sql`SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ${userId}`,
      );
      let sent = 0;
      for (const sub of subscriptions) {
        try {
          await webPush.sendNotification(
            { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
            JSON.stringify(payload),
            { vapidDetails: { subject: options.subject, ...keys }, TTL: 3600 },
          );
          sent += 1;
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) await this.unsubscribe(userId, sub.endpoint);
          else options.log.warn({ err: error, status }, 'push failed');
        }
      }
      return sent;
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
