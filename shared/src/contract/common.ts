/**
 * What every contract area shares (docs/adr/0022-forms-and-schemas.md, addendum "one module per area"): the schema
 * builders (`Nullable`, `StringEnum`, `Id`…), the error answer, and (re-exported from `values/common.ts`) the
 * locales and the error codes. Each area is one module `contract/<area>.ts`: the one place its requests (query,
 * params, body) and answers are written, as TypeBox schemas with their `Static<>` types under one name; the api
 * validates, serialises and documents with them, browser code imports them as types only, so the TypeBox runtime
 * never reaches a browser bundle. The plain values an area's browser code runs are in `values/<area>.ts`.
 */
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { LOCALES, type ErrorCode } from './values/common';
import { GENDERS } from './values/profile';

export * from './values/common';

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

/** An integer typed as a union of literals (`0 | 1 | 2 | 3`), validated by its bounds. */
export const IntegerRange = <T extends number>(minimum: number, maximum: number) =>
  Type.Unsafe<T>(Type.Integer({ minimum, maximum }));

/** A row id as a client sends it (a PostgreSQL integer). */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const LocaleSchema = StringEnum(LOCALES);
export const GenderSchema = StringEnum(GENDERS);

/** Every error answer of the API: an HTTP status plus this body (docs/adr/0007-server-by-domain.md). */
export const ApiErrorBodySchema = Type.Object({
  error: Type.Object({
    /** Stable machine code, e.g. `auth_required`, `validation`, `insufficient_credits`. */
    code: Type.Unsafe<ErrorCode>(Type.String()),
    /** The catalogue text in the user's language, ready to show. */
    message: Type.String(),
    /** For validation errors: the offending field. */
    field: Type.Optional(Type.String()),
    /** Extra values used in the message, e.g. `{ minutes: 15 }`. */
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  }),
});
export type ApiErrorBody = Static<typeof ApiErrorBodySchema>;

/** `{ ok: true }` answers. */
export const OkSchema = Type.Object({ ok: Type.Literal(true) });

/** `?id=&size=thumb` of a stored photo (`GET /api/photos.php`, `GET /api/chat-photo.php`): the JPEG, or its thumbnail. */
export const PhotoFileQuerySchema = Type.Object({ id: Id, size: Type.Optional(Type.Literal('thumb')) });
export type PhotoFileQuery = Static<typeof PhotoFileQuerySchema>;
