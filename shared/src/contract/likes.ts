// The shapes are the TypeBox schemas of `schemas/likes.ts` (the api's source); here their types, imported as
// types only so that no browser bundle gains the schema builder.
import type * as S from './schemas/likes';

export type LikedByEntry = S.LikedByEntry;
/** `GET /api/likes.php`: profiles I like, and who liked me. */
export type LikesResponse = S.LikesResponse;
/** `GET /api/auto-like.php` */
export type AutoLikeResponse = S.AutoLikeResponse;

/** Paths of the likes calls, relative to `/api/` (the browser's base query prefixes it). */
export const LIKES_PATHS = {
  likes: 'likes.php',
  like: 'like.php',
  likeSeen: 'like-seen.php',
  autoLike: 'auto-like.php',
  swipe: 'swipe.php',
  report: 'report.php',
} as const;

export const LIKE_SOURCES = ['profile', 'search', 'swipe', 'like_modal'] as const;
export type LikeSource = (typeof LIKE_SOURCES)[number];

/**
 * `POST /api/like.php` likes, `DELETE /api/like.php` unlikes (idempotent both; logged in).
 * Errors: 400 `self_action` (my own id), 403 `blocked` (a block either way), 404 `not_found` (unknown, deleted or
 * not yet confirmed member), 429 `swipe_limit` (params `{ limit }`: a 5th `source: 'swipe'` like on one day).
 */
export type LikeRequest = S.LikeRequest;
export type LikeResponse = S.LikeResponse;
/**
 * `POST /api/like-seen.php` (logged in): I opened the profile of a member who liked me, so that like is no
 * longer new (docs/product/member-model.md); the new-likes badge counts `like_new` of likes.php. Idempotent → `{ ok: true }`.
 */
export type LikeSeenRequest = S.LikeSeenRequest;
/** `GET /api/swipe.php`: today's swipe-game allowance, decided by the server in the site's time zone. */
export type SwipeStatus = S.SwipeStatus;
export const REPORT_REASONS = ['fake', 'spam', 'offensive', 'underage', 'scam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TEXT_MAX_LENGTH = 2000;

/**
 * `POST /api/report.php` (logged in) → 201 `ReportResponse`: stored for moderation (state open) and mailed to the
 * site's support address. Errors: 400 `validation` (reason, text too long, conversation not mine), 400
 * `self_action`, 404 `not_found`, 429 `rate_limited` (5 reports per 10 minutes per member).
 */
export type ReportRequest = S.ReportRequest;
export type ReportResponse = S.ReportResponse;
