import { sql } from 'drizzle-orm';
import { DISMISSAL_FLAGS, type DismissalFlag, type DismissalsResponse } from '@dating/shared/contract/index';
import { rows } from '../../../db/sql';
import type { AccountsContext } from './context';

const isFlag = (key: string): key is DismissalFlag => (DISMISSAL_FLAGS as readonly string[]).includes(key);

/** The banners a member closed, per member (not per device), with the unix time of closing. */
export function dismissalsModule(ctx: AccountsContext) {
  const { db } = ctx;
  async function list(userId: number): Promise<DismissalsResponse> {
    const found = await rows<{ key: string; at: number | string }>(
      db,
      sql`SELECT key, floor(extract(epoch FROM dismissed_at))::bigint AS at
            FROM member_dismissals WHERE user_id = ${userId}`,
    );
    const dismissals: DismissalsResponse['dismissals'] = {};
    for (const row of found) if (isFlag(row.key)) dismissals[row.key] = Number(row.at);
    return { dismissals };
  }
  return {
    list,
    /** Closing again renews the time (one statement, so two devices closing at once keep one row). */
    async dismiss(userId: number, key: DismissalFlag): Promise<DismissalsResponse> {
      await db.execute(
        sql`INSERT INTO member_dismissals (user_id, key) VALUES (${userId}, ${key})
            ON CONFLICT (user_id, key) DO UPDATE SET dismissed_at = now()`,
      );
      return list(userId);
    },
  };
}
