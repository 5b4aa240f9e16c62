// TypeBox mirrors of shared/src/contract/account.ts (requests, answers, OpenAPI).
import { Type } from 'typebox';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTERESTS,
  NOTIFICATION_TYPES,
  RELATIONSHIP_STATUSES,
} from '@dating/shared/contract/index';
import {
  COMPLAINT_MESSAGE_MAX_LENGTH,
  DELETE_ALTERNATIVES,
  DELETE_REASONS,
  PASSWORD_MAX_LENGTH,
} from '@dating/shared/contract/account';
import { ProfileFormSchema } from '@dating/shared/forms/account';
import { GenderSchema, Nullable, ProfileImageSchema, StringEnum } from '../../lib/contract';

/** Long enough for any real input; the services check the exact rules and answer with catalogue codes. */
export const Text = (max: number) => Type.String({ maxLength: max });
export const EmailInput = Text(320);
export const PasswordInput = Text(PASSWORD_MAX_LENGTH * 4);
export const TokenInput = Type.String({ minLength: 1, maxLength: 200 });
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const ProfileUpdateBody = Type.Object({
  name: Type.Optional(ProfileFormSchema.properties.name),
  gender: Type.Optional(GenderSchema),
  sexuality: Type.Optional(StringEnum(['hetero', 'gay', 'lesbian', 'bi'] as const)),
  seeking: Type.Optional(GenderSchema),
  date_of_birth: Type.Optional(ProfileFormSchema.properties.date_of_birth),
  country: Type.Optional(Type.String({ minLength: 2, maxLength: 2 })),
  region: Type.Optional(Nullable(Text(100))),
  city: Type.Optional(Nullable(Text(200))),
  reason: Type.Optional(Nullable(Text(400))),
  hair_color: Type.Optional(Nullable(StringEnum(HAIR_COLORS))),
  eye_color: Type.Optional(Nullable(StringEnum(EYE_COLORS))),
  body_type: Type.Optional(Nullable(StringEnum(BODY_TYPES))),
  relationship_status: Type.Optional(Nullable(StringEnum(RELATIONSHIP_STATUSES))),
  tattoos: Type.Optional(Nullable(Type.Boolean())),
  interests: Type.Optional(Type.Array(StringEnum(INTERESTS), { maxItems: INTERESTS.length })),
  about: Type.Optional(Nullable(Text(4000))),
  invisible: Type.Optional(Type.Boolean()),
});

export const OwnPhotoSchema = Type.Object({
  ...ProfileImageSchema.properties,
  main: Type.Boolean(),
  uploaded_at: Type.String(),
});
export const PhotosResponseSchema = Type.Object({
  photos: Type.Array(OwnPhotoSchema),
  limit: Type.Integer(),
});

const PreferencesSchema = Type.Object(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, Type.Boolean()])) as Record<
    (typeof NOTIFICATION_TYPES)[number],
    ReturnType<typeof Type.Boolean>
  >,
);
const PartialPreferencesSchema = Type.Object(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, Type.Optional(Type.Boolean())])) as Record<
    (typeof NOTIFICATION_TYPES)[number],
    ReturnType<typeof Type.Optional<ReturnType<typeof Type.Boolean>>>
  >,
);
export const DisabledReasonSchema = StringEnum(['fbl', 'bounce', 'list_unsubscribe'] as const);
export const NotificationsResponseSchema = Type.Object({
  preferences: PreferencesSchema,
  disabled: Type.Array(StringEnum(NOTIFICATION_TYPES)),
  disabled_reason: Nullable(DisabledReasonSchema),
  email: Type.String(),
});
export const NotificationsUpdateBody = Type.Object({
  preferences: Type.Optional(PartialPreferencesSchema),
  reenable: Type.Optional(Type.Literal(true)),
});

export const BlockedMemberSchema = Type.Object({
  profile: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    age: Type.Integer(),
    main_image: Nullable(ProfileImageSchema),
  }),
  blocked_at: Type.String(),
});

export const AccountDeleteInfoSchema = Type.Object({
  reasons: Type.Array(StringEnum(DELETE_REASONS)),
  alternatives: Type.Array(StringEnum(DELETE_ALTERNATIVES)),
  delete_discount: Type.Number(),
  restore_days: Type.Integer(),
});
export const AccountDeleteBody = Type.Object({
  reason: StringEnum(DELETE_REASONS),
  reason_text: Type.Optional(Text(2000)),
  password: PasswordInput,
});

export const ComplaintBody = Type.Object({
  name: Text(200),
  email: EmailInput,
  subject: Text(400),
  message: Text(COMPLAINT_MESSAGE_MAX_LENGTH * 2),
  url: Type.Optional(Text(1000)),
});
