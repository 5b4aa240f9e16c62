// TypeBox mirrors of the shared contract types: request validation, fast serialisation and the OpenAPI document.
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTERESTS,
  LOCALES,
  NOTIFICATION_TYPES,
  RELATIONSHIP_STATUSES,
} from '@dating/shared/contract/index';

/**
 * `type: [x, 'null']` rather than anyOf for scalars: fast-json-stringify serialises anyOf by validating each
 * branch, which is slow on hot lists (members, chats).
 */
export function Nullable<T extends TSchema>(t: T): TUnsafe<Static<T> | null> {
  const s = t as unknown as { type?: unknown; enum?: unknown[] };
  if (typeof s.type === 'string') {
    return Type.Unsafe<Static<T> | null>({
      ...t,
      type: [s.type, 'null'],
      ...(s.enum ? { enum: [...s.enum, null] } : {}),
    });
  }
  return Type.Unsafe<Static<T> | null>(Type.Union([t, Type.Null()]));
}
/** A string enum as `{ type: 'string', enum }` (cheap to validate and serialise). */
export const StringEnum = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

export const LocaleSchema = StringEnum(LOCALES);
export const GenderSchema = StringEnum(['male', 'female'] as const);

export const ErrorBody = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    field: Type.Optional(Type.String()),
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  }),
});

export const ProfileImageSchema = Type.Object({
  id: Type.Integer(),
  filename: Type.String(),
  thumb_filename: Type.String(),
  match: Type.String(),
  status: StringEnum(['active', 'inspection'] as const),
  sources: Type.Optional(Type.Object({ webp: Type.String(), avif: Type.Optional(Type.String()) })),
});

export const ProfileSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  age: Type.Integer(),
  gender: GenderSchema,
  sexuality: StringEnum(['hetero', 'gay', 'lesbian', 'bi'] as const),
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
  images: Type.Optional(Type.Array(ProfileImageSchema)),
  num_images: Type.Optional(Type.Integer()),
  status: StringEnum(['active', 'disabled', 'inspection'] as const),
  fictional: Type.Boolean(),
  about: Type.Optional(Nullable(Type.String())),
});

export const UserSchema = Type.Object({
  profile: ProfileSchema,
  email: Type.String(),
  credits: Type.Integer(),
  paid_user: Type.Boolean(),
  language: LocaleSchema,
  fictional_icon: Type.Boolean(),
  status: StringEnum(['not_confirmed', 'confirmed'] as const),
  notifications_disabled: Type.Array(StringEnum(NOTIFICATION_TYPES)),
  notifications_disabled_reason: Type.Optional(
    Nullable(StringEnum(['fbl', 'bounce', 'list_unsubscribe'] as const)),
  ),
  signup_date: Type.String(),
  invisible: Type.Boolean(),
  push_subscribed: Type.Optional(Type.Boolean()),
});

export const UserOrFalse = Type.Union([UserSchema, Type.Literal(false)]);

/** Standard error answers to list on a route (OpenAPI only; errors are sent by the error handler). */
export const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));
