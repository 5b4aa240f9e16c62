import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { first, rows } from '../../db/sql';

/** The site whose day counts: its IANA time zone (sites.time_zone, migration 0020). */
export interface SiteClock {
  timeZone: string;
}

/** `now` as the date of the site's day, in SQL (PostgreSQL's time zone data, daylight saving included). */
const siteDay = (site: SiteClock, now: Date) =>
  sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${site.timeZone})::date`;

/**
 * Uses one of today's `limit` swipe likes: one statement, so 50 requests at once still get exactly `limit`
 * (ON CONFLICT DO UPDATE locks the member's row of the day and re-checks `used < limit` on the newest version).
 * Returns the count after this like, or null when the day's likes are used up.
 */
export async function useSwipe(tx: Db | Tx, userId: number, site: SiteClock, limit: number, now: Date) {
  const row = await first<{ used: number }>(
    tx,
    sql`INSERT INTO daily_counters (user_id, kind, day, used) VALUES (${userId}, 'swipe', ${siteDay(site, now)}, 1)
        ON CONFLICT (user_id, kind, day) DO UPDATE SET used = daily_counters.used + 1
        WHERE daily_counters.used < ${limit}
        RETURNING used`,
  );
  return row ? row.used : null;
}

/** Swipe likes used today and the start of the site's next day (an ISO date-time). */
export async function swipeDay(db: Db | Tx, userId: number, site: SiteClock, now: Date) {
  const row = await first<{ used: number | null; resets_at: Date | string }>(
    db,
    sql`SELECT (SELECT used FROM daily_counters WHERE user_id = ${userId} AND kind = 'swipe' AND day = ${siteDay(site, now)}) AS used,
               ((${siteDay(site, now)} + 1)::timestamp AT TIME ZONE ${site.timeZone}) AS resets_at`,
  );
  return { used: row?.used ?? 0, resetsAt: new Date(row!.resets_at).toISOString() };
}

/**
 * Deletes the counters of days that are over on every site (hourly job): only today's row is read. A site's day
 * is at most one calendar day off UTC's (time zones run from UTC−12 to UTC+14), so rows dated before yesterday
 * (UTC) are past everywhere. Returns how many rows went.
 */
export async function purgeDailyCounters(db: Db | Tx, now: Date): Promise<number> {
  const gone = await rows<{ day: unknown }>(
    db,
    sql`DELETE FROM daily_counters
        WHERE day < (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date - 1
        RETURNING day`,
  );
  return gone.length;
}
