import { Type } from 'typebox';
import { LIKE_SOURCES, REPORT_REASONS, REPORT_TEXT_MAX_LENGTH } from '@dating/shared/contract/index';
import { StringEnum } from '../../lib/contract';

/** A member id (a PostgreSQL integer). */
export const MemberId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const LikeBody = Type.Object({ id: MemberId, source: Type.Optional(StringEnum(LIKE_SOURCES)) });
export const UnlikeBody = Type.Object({ id: MemberId });

export const SwipeStatusSchema = Type.Object({
  likes_left: Type.Integer({ minimum: 0 }),
  limit: Type.Integer(),
  resets_at: Type.String(),
});

export const LikeResponseSchema = Type.Object({
  liked: Type.Boolean(),
  match: Type.Boolean(),
  swipe: Type.Optional(SwipeStatusSchema),
});

export const ReportBody = Type.Object({
  id: MemberId,
  reason: StringEnum(REPORT_REASONS),
  text: Type.Optional(Type.String({ maxLength: REPORT_TEXT_MAX_LENGTH })),
  conversation: Type.Optional(MemberId),
});
