// The likes calls' requests and answers. Types: `contract/likes.ts`.
import { Type, type Static } from 'typebox';
import { LIKE_SOURCES, REPORT_REASONS, REPORT_TEXT_MAX_LENGTH } from '../likes';
import { Id, OkSchema, StringEnum } from './base';
import { ProfileSchema } from './profile';

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
export type LikesResponse = Static<typeof LikesResponseSchema>;
/** `GET /api/auto-like.php` */
export const AutoLikeResponseSchema = Type.Object({
  profile: Type.Pick(ProfileSchema, ['id', 'name', 'main_image']),
});
export type AutoLikeResponse = Static<typeof AutoLikeResponseSchema>;

export const LikeBody = Type.Object({
  id: Id,
  /** Where the like was given: profile, search, swipe, like_modal. */
  source: Type.Optional(StringEnum(LIKE_SOURCES)),
});
export type LikeRequest = Static<typeof LikeBody>;
/** `DELETE /api/like.php`, and `POST /api/like-seen.php` (the profile id of the member who liked me). */
export const UnlikeBody = Type.Object({ id: Id });
export type LikeSeenRequest = Static<typeof UnlikeBody>;

/** `GET /api/swipe.php`: today's swipe-game allowance, decided by the server in the site's time zone. */
export const SwipeStatusSchema = Type.Object({
  likes_left: Type.Integer({ minimum: 0 }),
  limit: Type.Integer(),
  /** ISO date-time of the next day's start in the site's time zone. */
  resets_at: Type.String(),
});
export type SwipeStatus = Static<typeof SwipeStatusSchema>;

export const LikeResponseSchema = Type.Object({
  liked: Type.Boolean(),
  /** True when the other member likes me too. */
  match: Type.Boolean(),
  /** Added: for `source: 'swipe'`, today's allowance after this like. */
  swipe: Type.Optional(SwipeStatusSchema),
});
export type LikeResponse = Static<typeof LikeResponseSchema>;

export const ReportBody = Type.Object({
  id: Id,
  reason: StringEnum(REPORT_REASONS),
  text: Type.Optional(Type.String({ maxLength: REPORT_TEXT_MAX_LENGTH })),
  conversation: Type.Optional(Id),
});
export type ReportRequest = Static<typeof ReportBody>;
export const ReportResponseSchema = OkSchema;
export type ReportResponse = Static<typeof ReportResponseSchema>;
