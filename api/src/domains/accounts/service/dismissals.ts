import { DISMISSAL_FLAGS, type DismissalFlag, type DismissalsResponse } from '@dating/shared/contract/index';
import { defineQuery, many, pg, run } from '../../../db/typed';
import type { AccountsContext } from './context';

// Typed SQL (docs/adr/0040-typed-sql-not-the-query-builder.md).
const listQuery = defineQuery({
  name: 'dismissals_list',
  text: `SELECT key, floor(extract(epoch FROM dismissed_at))::bigint AS at FROM member_dismissals WHERE user_id = $1`,
  params: [pg.int],
  columns: { key: pg.text, at: pg.bigint },
});
/** Closing again renews the time (one statement, so two devices closing at once keep one row). */
const dismissQuery = defineQuery({
  name: 'dismissals_dismiss',
  text: `INSERT INTO member_dismissals (user_id, key) VALUES ($1, $2)
    ON CONFLICT (user_id, key) DO UPDATE SET dismissed_at = now()`,
  params: [pg.int, pg.text],
  columns: {},
});

const isFlag = (key: string): key is DismissalFlag => (DISMISSAL_FLAGS as readonly string[]).includes(key);

/** The banners a member closed, per member (not per device), with the unix time of closing. */
export function dismissalsModule(ctx: AccountsContext) {
  const { db } = ctx;
  async function list(userId: number): Promise<DismissalsResponse> {
    const found = await many(db, listQuery, userId);
    const dismissals: DismissalsResponse['dismissals'] = {};
    for (const row of found) if (isFlag(row.key)) dismissals[row.key] = Number(row.at);
    return { dismissals };
  }
  return {
    list,
    async dismiss(userId: number, key: DismissalFlag): Promise<DismissalsResponse> {
      await run(db, dismissQuery, userId, key);
      return list(userId);
    },
  };
}
