import { sql } from 'drizzle-orm';
import { SWIPE_LIKES_PER_DAY } from '@dating/shared/constants';
import type {
  AutoLikeResponse,
  LikeResponse,
  LikeSource,
  LikesResponse,
  SwipeStatus,
} from '@dating/shared/contract/index';
import type { Db } from '../../db/client';
import { first, rows } from '../../db/sql';
import { ApiError, notFound } from '../../lib/errors';
import type { LiveHub } from '../../lib/live';
import {
  notBlocked,
  PROFILE_COLUMNS,
  PROFILE_FROM,
  toProfile,
  visibleOnSite,
  type ProfileCache,
  type ProfileSqlRow,
  type SiteScope,
} from '../members';
import { purgeDailyCounters, swipeDay, useSwipe, type SiteClock } from './swipe-day';

export interface LikesDeps {
  live: LiveHub;
  profiles: ProfileCache;
}

/** The site a member acts on: whom it shows (members/site-scope.ts) and its day. */
export interface LikeSite extends SiteClock, SiteScope {}

interface Target {
  id: number;
  status: 'not_confirmed' | 'confirmed' | 'deleted';
  on_site: boolean;
  blocked: boolean;
}

export function createLikesService(db: Db, deps: LikesDeps) {
  /**
   * Whom a member may like: someone else (400 self_action), existing, confirmed, not deleted and shown on this site
   * (visibleOnSite; 404 otherwise, as nothing of them is visible), with no block either way (403 blocked).
   */
  async function likeable(me: number, site: LikeSite, other: number): Promise<Target> {
    if (other === me) throw new ApiError(400, 'self_action', { field: 'id' }, 'id');
    const target = await first<Target>(
      db,
      sql`SELECT u.id, u.status, ${sql.raw(visibleOnSite(site))} AS on_site,
                 EXISTS (SELECT 1 FROM blocks b WHERE (b.user_id = ${me} AND b.blocked_id = u.id)
                                                  OR (b.user_id = u.id AND b.blocked_id = ${me})) AS blocked
          FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ${other}`,
    );
    if (!target || target.status !== 'confirmed' || !target.on_site) {
      throw notFound();
    }
    if (target.blocked) throw new ApiError(403, 'blocked');
    return target;
  }

  async function swipeStatus(me: number, site: SiteClock, now: Date): Promise<SwipeStatus> {
    const day = await swipeDay(db, me, site, now);
    return {
      likes_left: Math.max(0, SWIPE_LIKES_PER_DAY - day.used),
      limit: SWIPE_LIKES_PER_DAY,
      resets_at: day.resetsAt,
    };
  }

  /** Tells both members after the like has committed (docs/adr/0008-live-channel.md). */
  async function announce(me: number, other: number, likeId: number, match: boolean) {
    const found = await deps.profiles.getMany([me, other]);
    const mine = found.get(me);
    const theirs = found.get(other);
    if (mine) deps.live.publish(other, { type: 'like', like_id: likeId, profile: mine });
    if (match) {
      if (theirs) deps.live.publish(me, { type: 'match', profile: theirs });
      if (mine) deps.live.publish(other, { type: 'match', profile: mine });
    }
  }

  return {
    /** Profiles I like, and who liked me (with the new flag), newest first; only members this site shows. */
    async list(site: SiteScope, me: number): Promise<LikesResponse> {
      const onSite = sql.raw(visibleOnSite(site));
      const [mine, theirs] = await Promise.all([
        rows<ProfileSqlRow>(
          db,
          sql`SELECT ${sql.raw(PROFILE_COLUMNS)} FROM likes l JOIN (${sql.raw(PROFILE_FROM)}) ON p.user_id = l.liked_id
              WHERE l.user_id = ${me} AND u.status <> 'deleted' AND ${notBlocked(me)} AND ${onSite}
              ORDER BY l.created_at DESC, l.id DESC`,
        ),
        rows<ProfileSqlRow & { like_id: number; like_new: boolean; liked_at: Date | string }>(
          db,
          sql`SELECT ${sql.raw(PROFILE_COLUMNS)}, l.id AS like_id, l.like_new, l.created_at AS liked_at
              FROM likes l JOIN (${sql.raw(PROFILE_FROM)}) ON p.user_id = l.user_id
              WHERE l.liked_id = ${me} AND u.status <> 'deleted' AND ${notBlocked(me)} AND ${onSite}
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

    /**
     * Likes `other` (idempotent: a second like changes nothing and uses no swipe like). A swipe-game like uses one
     * of the day's likes in the same transaction, so a refused one (429 swipe_limit) leaves no like behind. A like
     * of someone who likes me is a match: both are told, after the commit.
     */
    async like(
      me: number,
      site: LikeSite,
      other: number,
      source?: LikeSource,
      now = new Date(),
    ): Promise<LikeResponse> {
      await likeable(me, site, other);
      const { likeId, match } = await db.transaction(async (tx) => {
        const inserted = await first<{ id: number }>(
          tx,
          sql`INSERT INTO likes (user_id, liked_id, source) VALUES (${me}, ${other}, ${source ?? null})
              ON CONFLICT (user_id, liked_id) DO NOTHING RETURNING id`,
        );
        if (inserted && source === 'swipe') {
          const used = await useSwipe(tx, me, site, SWIPE_LIKES_PER_DAY, now);
          if (used === null) throw new ApiError(429, 'swipe_limit', { limit: SWIPE_LIKES_PER_DAY });
        }
        const back = await first<{ id: number }>(
          tx,
          sql`SELECT id FROM likes WHERE user_id = ${other} AND liked_id = ${me}`,
        );
        return { likeId: inserted?.id ?? null, match: Boolean(back) };
      });
      if (likeId !== null) await announce(me, other, likeId, match);
      const answer: LikeResponse = { liked: true, match };
      if (source === 'swipe') answer.swipe = await swipeStatus(me, site, now);
      return answer;
    },

    /** Takes my like back (idempotent). Both members' lists change: they are told to reload. */
    async unlike(me: number, other: number): Promise<LikeResponse> {
      if (other === me) throw new ApiError(400, 'self_action', { field: 'id' }, 'id');
      const gone = await first<{ id: number }>(
        db,
        sql`DELETE FROM likes WHERE user_id = ${me} AND liked_id = ${other} RETURNING id`,
      );
      if (gone) deps.live.publish([me, other], { type: 'likes_changed' });
      return { liked: false, match: false };
    },

    /** I opened the profile of `liker`, who liked me: that like is no longer new (docs/product/member-model.md). */
    async seen(me: number, liker: number): Promise<void> {
      const changed = await first<{ id: number }>(
        db,
        sql`UPDATE likes SET like_new = false WHERE user_id = ${liker} AND liked_id = ${me} AND like_new RETURNING id`,
      );
      // My other tabs show the new-likes badge too.
      if (changed) deps.live.publish(me, { type: 'likes_changed' });
    },

    swipeStatus,

    /** Swipe counters of days over on every site go (hourly job, app.ts); returns how many rows went. */
    purgeDailyCounters: (now = new Date()) => purgeDailyCounters(db, now),

    /**
     * A fictional profile (with a photo) this site shows that does not like the member yet now does (the like
     * modal, docs/product/routes-and-layouts.md). One statement picks and inserts, so two calls at once never pick the same profile twice.
     */
    async autoLike(site: SiteScope, me: number): Promise<AutoLikeResponse> {
      const row = await first<{ like_id: number; user_id: number }>(
        db,
        sql`INSERT INTO likes (user_id, liked_id, source)
            SELECT u.id, ${me}, 'auto' FROM ${sql.raw(PROFILE_FROM)}
            WHERE u.fictional AND u.status = 'confirmed' AND ph.id IS NOT NULL AND ${notBlocked(me)}
              AND ${sql.raw(visibleOnSite(site))}
              AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.user_id = u.id AND l.liked_id = ${me})
            ORDER BY random() LIMIT 1
            ON CONFLICT (user_id, liked_id) DO NOTHING
            RETURNING id AS like_id, user_id`,
      );
      if (!row) throw notFound();
      const profile = (await deps.profiles.getMany([row.user_id])).get(row.user_id);
      if (!profile) throw notFound();
      const mineToThem = await first<{ id: number }>(
        db,
        sql`SELECT id FROM likes WHERE user_id = ${me} AND liked_id = ${row.user_id}`,
      );
      await announce(row.user_id, me, row.like_id, Boolean(mineToThem));
      return { profile: { id: profile.id, name: profile.name, main_image: profile.main_image } };
    },
  };
}
export type LikesService = ReturnType<typeof createLikesService>;
