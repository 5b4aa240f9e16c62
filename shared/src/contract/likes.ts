// The likes calls' requests and answers.
import { Type, type Static } from 'typebox';
import { LIKE_SOURCES, REPORT_REASONS, REPORT_TEXT_MAX_LENGTH } from './values/likes';
import { Id, OkSchema, StringEnum } from './common';
import { ProfileSchema } from './profile';

export * from './values/likes';

export const LikedByEntrySchema = Type.Object({
  id: Type.Integer(),
  like_new: Type.Boolean(),
  profile: ProfileSchema,
  liked_at: Type.String(),
});
export type LikedByEntry = Static<typeof LikedByEntrySchema>;
/** `GET /api/likes.php`: profiles I like, and who liked me. */
export const LikesResponseSchema = Type.Object({
  profiles: Type.Array(ProfileSchema),
  liked_by: Type.Array(LikedByEntrySchema),
});
/** `GET /api/likes.php`: profiles I like, and who liked me. */
export type LikesResponse = Static<typeof LikesResponseSchema>;
/** `GET /api/auto-like.php` */
export const AutoLikeResponseSchema = Type.Object({
  profile: Type.Pick(ProfileSchema, ['id', 'name', 'main_image']),
});
/** `GET /api/auto-like.php` */
export type AutoLikeResponse = Static<typeof AutoLikeResponseSchema>;

export const LikeRequestSchema = Type.Object({
  id: Id,
  /** Where the like was given: profile, search, swipe, like_modal. */
  source: Type.Optional(StringEnum(LIKE_SOURCES)),
});
/**
 * `POST /api/like.php` likes, `DELETE /api/like.php` unlikes (idempotent both; logged in).
 * Errors: 400 `self_action` (my own id), 403 `blocked` (a block either way), 404 `not_found` (unknown, deleted or
 * not yet confirmed member), 429 `swipe_limit` (params `{ limit }`: a 5th `source: 'swipe'` like on one day).
 */
export type LikeRequest = Static<typeof LikeRequestSchema>;
/** `DELETE /api/like.php`, and `POST /api/like-seen.php` (the profile id of the member who liked me). */
export const ProfileIdRequestSchema = Type.Object({ id: Id });
/**
 * `POST /api/like-seen.php` (logged in): I opened the profile of a member who liked me, so that like is no
 * longer new (docs/product/member-model.md); the new-likes badge counts `like_new` of likes.php. Idempotent → `{ ok: true }`.
 */
export type ProfileIdRequest = Static<typeof ProfileIdRequestSchema>;

/** `GET /api/swipe.php`: today's swipe-game allowance, decided by the server in the site's time zone. */
export const SwipeStatusSchema = Type.Object({
  likes_left: Type.Integer({ minimum: 0 }),
  limit: Type.Integer(),
  /** ISO date-time of the next day's start in the site's time zone. */
  resets_at: Type.String(),
});
/** `GET /api/swipe.php`: today's swipe-game allowance, decided by the server in the site's time zone. */
export type SwipeStatus = Static<typeof SwipeStatusSchema>;

export const LikeResponseSchema = Type.Object({
  liked: Type.Boolean(),
  /** True when the other member likes me too. */
  match: Type.Boolean(),
  /** Added: for `source: 'swipe'`, today's allowance after this like. */
  swipe: Type.Optional(SwipeStatusSchema),
});
export type LikeResponse = Static<typeof LikeResponseSchema>;

export const ReportRequestSchema = Type.Object({
  id: Id,
  reason: StringEnum(REPORT_REASONS),
  text: Type.Optional(Type.String({ maxLength: REPORT_TEXT_MAX_LENGTH })),
  conversation: Type.Optional(Id),
});
/**
 * `POST /api/report.php` (logged in) → 201 `ReportResponse`: stored for moderation (state open) and mailed to the
 * site's support address. Errors: 400 `validation` (reason, text too long, conversation not mine), 400
 * `self_action`, 404 `not_found`, 429 `rate_limited` (5 reports per 10 minutes per member).
 */
export type ReportRequest = Static<typeof ReportRequestSchema>;
export const ReportResponseSchema = OkSchema;
export type ReportResponse = Static<typeof ReportResponseSchema>;
