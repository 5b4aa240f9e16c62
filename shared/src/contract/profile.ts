// The profile as every answer carries it (docs/product/member-model.md): its schemas and types; the option lists
// are `values/profile.ts`, re-exported here.
import { Type, type Static } from 'typebox';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTERESTS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
} from './values/profile';
import { GenderSchema, Nullable, StringEnum } from './common';

export * from './values/profile';

export const SexualitySchema = StringEnum(SEXUALITIES);
export const ProfileStatusSchema = StringEnum(['active', 'disabled', 'inspection'] as const);
export type ProfileStatus = Static<typeof ProfileStatusSchema>;

export const ProfileImageSchema = Type.Object({
  id: Type.Integer(),
  /** URL path of the full image. */
  filename: Type.String(),
  /** URL path of the thumbnail. */
  thumb_filename: Type.String(),
  /** Match path: URL of the image as shown in match/like cards. */
  match: Type.String(),
  status: StringEnum(['active', 'inspection'] as const),
  /**
   * `srcset` values of smaller 4:5 copies (`/media/…_320.webp 320w, …`), WebP and AVIF where it is smaller; absent
   * for photos made before them (then `filename` / `thumb_filename` are the pictures).
   * Image variants: docs/adr/0030-server-rendered-landers.md (consequences).
   */
  sources: Type.Optional(Type.Object({ webp: Type.String(), avif: Type.Optional(Type.String()) })),
});
export type ProfileImage = Static<typeof ProfileImageSchema>;

export const ProfileSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  age: Type.Integer(),
  gender: GenderSchema,
  sexuality: SexualitySchema,
  date_of_birth: Nullable(Type.String()),
  country: Type.String(),
  region: Nullable(Type.String()),
  city: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  hair_color: Nullable(StringEnum(HAIR_COLORS)),
  eye_color: Nullable(StringEnum(EYE_COLORS)),
  body_type: Nullable(StringEnum(BODY_TYPES)),
  relationship_status: Nullable(StringEnum(RELATIONSHIP_STATUSES)),
  tattoos: Nullable(Type.Boolean()),
  interests: Type.Array(StringEnum(INTERESTS)),
  main_image: Nullable(ProfileImageSchema),
  /** Other photos; for visitors and free members only the first ones (docs/product/README.md). */
  images: Type.Optional(Type.Array(ProfileImageSchema)),
  /** Total number of photos, so a client can show "n more for premium". */
  num_images: Type.Optional(Type.Integer()),
  status: ProfileStatusSchema,
  fictional: Type.Boolean(),
  about: Type.Optional(Nullable(Type.String())),
});
export type Profile = Static<typeof ProfileSchema>;
