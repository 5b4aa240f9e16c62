/**
 * Builders every contract schema uses (docs/adr/0017-seams.md addendum "one source for the contract"). A module of
 * `contract/schemas/` is the one place a request or answer shape is written: the api validates and serialises with
 * it (and lists it in the OpenAPI document), the remotes take its `Static<>` type through the plain contract
 * modules with `export type`, so the TypeBox runtime never reaches a browser bundle. Import these modules by their
 * subpath (`@dating/shared/contract/schemas/<name>`), never from the contract index.
 */
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { LOCALES, type ErrorCode } from '../common';

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
export const GenderSchema = StringEnum(['male', 'female'] as const);

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
