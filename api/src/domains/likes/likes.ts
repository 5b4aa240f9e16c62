import { sql } from 'drizzle-orm';
import type { AutoLikeResponse, LikesResponse } from '@dating/shared/contract/index';
import type { Db } from '../../db/client';
import { first, rows } from '../../db/sql';
import { withLimitLock } from '../../db/limits';
import { notFound } from '../../lib/errors';
import { notBlocked, PROFILE_COLUMNS, PROFILE_FROM, toProfile, type ProfileSqlRow } from '../members';

export function createLikesService(db: Db) {
  return {
    /** Profiles I like, and who liked me (with the new flag), newest first. */
    async list(me: number): Promise<LikesResponse> {
      const [mine, theirs] = await Promise.all([
        rows<ProfileSqlRow>(
          db,
          sql`SELECT ${sql.raw(PROFILE_COLUMNS)} FROM likes l JOIN (${sql.raw(PROFILE_FROM)}) ON p.user_id = l.liked_id
              WHERE l.user_id = ${me} AND u.status <> 'deleted' AND ${notBlocked(me)}
              ORDER BY l.created_at DESC, l.id DESC`,
        ),
        rows<ProfileSqlRow & { like_id: number; like_new: boolean; liked_at: Date | string }>(
          db,
          sql`SELECT ${sql.raw(PROFILE_COLUMNS)}, l.id AS like_id, l.like_new, l.created_at AS liked_at
              FROM likes l JOIN (${sql.raw(PROFILE_FROM)}) ON p.user_id = l.user_id
              WHERE l.liked_id = ${me} AND u.status <> 'deleted' AND ${notBlocked(me)}
              ORDER BY l.created_at DESC, l.id DESC`,
        ),
      ]);
      return {
        profiles: mine.map((r) => toProfile(r)),
        liked_by: theirs.map((r) => ({
          id: r.like_id,
          like_new: r.like_new,
          profile: toProfile(r),
          liked_at: new Date(r.liked_at).toISOString(),
        })),
      };
    },

    async like(me: number, other: number, source?: string): Promise<void> {
      await db.execute(
        sql`INSERT INTO likes (user_id, liked_id, source) VALUES (${me}, ${other}, ${source ?? null})
            ON CONFLICT (user_id, liked_id) DO NOTHING`,
      );
    },

    /** A fictional profile (with a photo) that does not like the member yet now does. */
    async autoLike(me: number): Promise<AutoLikeResponse> {
      // One auto-like of a member at a time (issue 11 finding 6): parallel calls picked the same profile and the
      // second insert failed with a 500. Under the lock each call sees the likes of the one before.
      const row = await withLimitLock(db, `auto-like:${me}`, async (tx) => {
        const found = await first<ProfileSqlRow>(
          tx,
          sql`SELECT ${sql.raw(PROFILE_COLUMNS)} FROM ${sql.raw(PROFILE_FROM)}
              WHERE u.fictional AND u.status = 'confirmed' AND ph.id IS NOT NULL AND ph.status = 'active' AND ${notBlocked(me)}
                AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.user_id = u.id AND l.liked_id = ${me})
              ORDER BY random() LIMIT 1`,
        );
        if (!found) throw notFound();
        await tx.execute(
          sql`INSERT INTO likes (user_id, liked_id, source) VALUES (${found.id}, ${me}, 'auto')
              ON CONFLICT (user_id, liked_id) DO NOTHING`,
        );
        return found;
      });
      const profile = toProfile(row);
      return { profile: { id: profile.id, name: profile.name, main_image: profile.main_image } };
    },
  };
}
export type LikesService = ReturnType<typeof createLikesService>;
