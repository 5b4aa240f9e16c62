import { sql } from 'drizzle-orm';
import {
  NOTIFICATION_TYPES,
  type NotificationPreferences,
  type NotificationsDisabledReason,
  type NotificationsResponse,
  type NotificationType,
} from '@dating/shared/contract/index';
import { first } from '../../../db/sql';
import type { AccountsContext } from './context';

type PrefsRow = Record<NotificationType, boolean> & { disabled_reason: NotificationsDisabledReason | null };

const COLUMNS = sql.raw(`${NOTIFICATION_TYPES.map((t) => `"${t}"`).join(', ')}, disabled_reason`);

/** The 8 preference types of docs/product/member-model.md, and the system's switch-off (fbl, bounce, list-unsubscribe). */
export function notificationsModule(ctx: AccountsContext) {
  const { db } = ctx;

  async function row(userId: number): Promise<PrefsRow> {
    await db.execute(
      sql`INSERT INTO notification_preferences (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`,
    );
    return (await first<PrefsRow>(
      db,
      sql`SELECT ${COLUMNS} FROM notification_preferences WHERE user_id = ${userId}`,
    ))!;
  }

  async function get(userId: number, email: string): Promise<NotificationsResponse> {
    const r = await row(userId);
    const preferences = Object.fromEntries(
      NOTIFICATION_TYPES.map((t) => [t, r[t]]),
    ) as NotificationPreferences;
    return {
      preferences,
      disabled: r.disabled_reason ? NOTIFICATION_TYPES.filter((t) => !r[t]) : [],
      disabled_reason: r.disabled_reason,
      email,
    };
  }

  /** The system switches every email type off and says why (a complaint, a bounce, a list-unsubscribe). */
  async function disableAll(userId: number, reason: NotificationsDisabledReason): Promise<void> {
    await row(userId);
    const off = sql.join(
      NOTIFICATION_TYPES.map((t) => sql`${sql.identifier(t)} = FALSE`),
      sql`, `,
    );
    await db.execute(
      sql`UPDATE notification_preferences SET ${off}, disabled_reason = ${reason}, disabled_at = now() WHERE user_id = ${userId}`,
    );
  }

  /** The member a List-Unsubscribe token belongs to, or null. */
  async function ownerOf(token: string): Promise<number | null> {
    if (!token || token.length > 100) return null;
    const owner = await first<{ user_id: number }>(
      db,
      sql`SELECT user_id FROM unsubscribe_tokens WHERE token = ${token}`,
    );
    return owner?.user_id ?? null;
  }

  return {
    get,
    disableAll,
    async update(
      userId: number,
      email: string,
      input: { preferences?: Partial<NotificationPreferences>; reenable?: true },
    ): Promise<NotificationsResponse> {
      await row(userId);
      if (input.reenable) {
        const on = sql.join(
          NOTIFICATION_TYPES.map((t) => sql`${sql.identifier(t)} = TRUE`),
          sql`, `,
        );
        await db.execute(
          sql`UPDATE notification_preferences SET ${on}, disabled_reason = NULL, disabled_at = NULL WHERE user_id = ${userId}`,
        );
      }
      const changes = NOTIFICATION_TYPES.filter((t) => typeof input.preferences?.[t] === 'boolean');
      if (changes.length) {
        const set = sql.join(
          changes.map((t) => sql`${sql.identifier(t)} = ${input.preferences![t]!}`),
          sql`, `,
        );
        await db.execute(sql`UPDATE notification_preferences SET ${set} WHERE user_id = ${userId}`);
      }
      return get(userId, email);
    },

    ownerOf,

    /** One-click unsubscribe (RFC 8058) by the token of the List-Unsubscribe header. false for unknown tokens. */
    async unsubscribe(token: string): Promise<boolean> {
      const owner = await ownerOf(token);
      if (owner === null) return false;
      await disableAll(owner, 'list_unsubscribe');
      return true;
    },
  };
}
