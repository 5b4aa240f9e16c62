import type { RawDb } from '../db/client';
import { LIVE_LOG_MAX_AGE_MS, LIVE_LOG_MAX_EVENTS, type LiveLog, type LiveResume } from './live';

/** The ids this log makes: the `live_events` sequence, as text. */
const DB_ID = /^[1-9]\d{0,17}$/;
/** More than a member's log ever holds (the bound plus one append's worth). */
const REPLAY_LIMIT = 1_000;

/**
 * Each member's live events in the database (`live_events`, migration 0360; docs/adr/0039-live-resume.md): the
 * log of the one-node path without Redis, PGlite by default. The hub (lib/live.ts) calls one method at a time.
 */
export function createDbLiveLog(raw: RawDb): LiveLog {
  const maxAgeSeconds = LIVE_LOG_MAX_AGE_MS / 1000;
  return {
    async append(entries) {
      // One statement per batch: ids in the order given (nextval over the ordered input), and the members' logs
      // pruned in the same statement: the delete sees the rows from before it, so a member's older rows are kept
      // only as far as the bound leaves room beside this batch's (a log holds the bound, or one batch if larger).
      const rows = await raw.query<{ o: number; id: string }>(
        `WITH input AS (
           SELECT s.o, s.u, s.e, nextval('live_events_id_seq') AS id
           FROM (SELECT * FROM unnest($1::int[], $2::text[]) WITH ORDINALITY AS t (u, e, o) ORDER BY o) s
         ), stored AS (
           INSERT INTO live_events (user_id, id, event) SELECT u, id, e FROM input
         ), older AS (
           SELECT x.user_id, x.id, x.created_at, m.c,
                  row_number() OVER (PARTITION BY x.user_id ORDER BY x.id DESC) AS r
           FROM live_events x JOIN (SELECT u, count(*) AS c FROM input GROUP BY u) m ON x.user_id = m.u
         ), pruned AS (
           DELETE FROM live_events l USING older d
           WHERE l.user_id = d.user_id AND l.id = d.id
             AND (d.r > $4 - d.c OR d.created_at < now() - make_interval(secs => $3))
         )
         SELECT o::int AS o, id::text AS id FROM input`,
        [entries.map((e) => e.userId), entries.map((e) => e.json), maxAgeSeconds, LIVE_LOG_MAX_EVENTS],
        'live_log_append',
      );
      const ids: string[] = [];
      for (const row of rows) ids[Number(row.o) - 1] = row.id;
      return ids;
    },

    async resume(userId, after): Promise<LiveResume> {
      if (after !== null && DB_ID.test(after)) {
        const rows = await raw.query<{ id: string; event: string | null }>(
          // Ordered by the column, not by its text (`id` alone would name the text output: '10' < '9').
          `SELECT id::text AS id, event FROM live_events WHERE user_id = $1 AND id >= $2::bigint
           ORDER BY live_events.id LIMIT ${REPLAY_LIMIT}`,
          [userId, after],
          'live_log_after',
        );
        // Covered only while the client's last event is still in this member's log: everything after it is too.
        if (rows[0]?.id === after) {
          const replay = rows
            .slice(1)
            .flatMap((r) => (r.event === null ? [] : [{ id: r.id, json: r.event }]));
          return { head: rows.at(-1)!.id, replay };
        }
      }
      // The newest entry; an empty log gets an anchor, so a stream that drops before its first event can resume.
      const [row] = await raw.query<{ head: string }>(
        `WITH h AS (SELECT max(id) AS m FROM live_events WHERE user_id = $1),
              a AS (INSERT INTO live_events (user_id, event) SELECT $1, NULL FROM h WHERE h.m IS NULL RETURNING id)
         SELECT coalesce((SELECT m FROM h), (SELECT id FROM a))::text AS head`,
        [userId],
        'live_log_head',
      );
      return { head: row!.head, replay: after === null ? [] : null };
    },

    async sweep() {
      await raw.query(`DELETE FROM live_events WHERE created_at < now() - make_interval(secs => $1)`, [
        maxAgeSeconds,
      ]);
    },
  };
}
