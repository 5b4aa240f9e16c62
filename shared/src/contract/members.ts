// The search and profile calls (docs/product/member-model.md).
import { Type, type Static } from 'typebox';
import { GenderSchema, Id, Nullable } from './common';
import { ProfileImageSchema, ProfileSchema } from './profile';

export * from './values/members';

/** `GET /api/members.php` query (docs/product/member-model.md search state); the tracking values are the lander's. */
export const MembersQuerySchema = Type.Object({
  gender: Type.Optional(GenderSchema),
  country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
  countryregion: Type.Optional(Type.String({ maxLength: 100 })),
  min_age: Type.Optional(Type.Integer({ minimum: 18, maximum: 120 })),
  max_age: Type.Optional(Type.Integer({ minimum: 18, maximum: 120 })),
  pageNumber: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  numResults: Type.Integer({ minimum: 1, maximum: 100, default: 24 }),
  /**
   * Only members whose own orientation looks for the viewer's gender (a woman seeking men, a bi man, … for a man):
   * with `gender` set to whom the viewer seeks, gender and orientation agree both ways (`searchDefaults`). Members only.
   */
  mutual: Type.Optional(Type.Boolean()),
  /** Nearest first: members of the viewer's region, then of the viewer's country, then the rest. Members only. */
  near: Type.Optional(Type.Boolean()),
  network: Type.Optional(Type.String({ maxLength: 100 })),
  ref: Type.Optional(Type.String({ maxLength: 100 })),
});
/** What the browser sends: every search field may be left out (the server fills in the page defaults). */
export type MembersQuery = Partial<Omit<Static<typeof MembersQuerySchema>, 'network' | 'ref'>>;

export const MembersResponseSchema = Type.Object({
  profiles: Type.Array(ProfileSchema),
  pageNumber: Type.Integer(),
  numResults: Type.Integer(),
  total: Type.Integer(),
  /** True when the exact search had no hits and similar results are shown instead. */
  similar: Type.Boolean(),
});
export type MembersResponse = Static<typeof MembersResponseSchema>;

/** `GET /api/member.php?id=` */
export const MemberQuerySchema = Type.Object({ id: Id });
export type MemberQuery = Static<typeof MemberQuerySchema>;
export const MemberResponseSchema = Type.Object({
  profile: ProfileSchema,
  liked: Type.Boolean(),
  blocked: Type.Boolean(),
});
export type MemberResponse = Static<typeof MemberResponseSchema>;

/**
 * A member shown on a lander to a visitor (`GET /api/lander-members.php`): what a preview tile shows and no more
 * (no birth date, no texts, no other photos). Its photo is approved and public; the members are of the site's own
 * audience (its niche: a she site women, a gay site men), also on sites where visitors may not search.
 */
export const LanderMemberSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  age: Type.Integer(),
  gender: GenderSchema,
  country: Type.String(),
  region: Nullable(Type.String()),
  city: Nullable(Type.String()),
  main_image: ProfileImageSchema,
});
export type LanderMember = Static<typeof LanderMemberSchema>;

/** `GET /api/lander-members.php` query: at most 24, no paging (no way to walk the member base). */
export const LanderMembersQuerySchema = Type.Object({
  numResults: Type.Integer({ minimum: 1, maximum: 24, default: 12 }),
  country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
});
export type LanderMembersQuery = Static<typeof LanderMembersQuerySchema>;
export const LanderMembersResponseSchema = Type.Object({ profiles: Type.Array(LanderMemberSchema) });
export type LanderMembersResponse = Static<typeof LanderMembersResponseSchema>;
