// `GET` / `PUT /api/dismissals.php`: the banners a member closed.
import { Type, type Static } from 'typebox';
import { DISMISSAL_FLAGS } from './values/dismissals';
import { StringEnum } from './common';

export * from './values/dismissals';

type FlagMap<T> = Record<(typeof DISMISSAL_FLAGS)[number], T>;
export const DismissalsResponseSchema = Type.Object({
  /** Flag → unix time (seconds) of the dismissal. */
  dismissals: Type.Object(
    Object.fromEntries(DISMISSAL_FLAGS.map((flag) => [flag, Type.Optional(Type.Integer())])) as FlagMap<
      ReturnType<typeof Type.Optional<ReturnType<typeof Type.Integer>>>
    >,
  ),
});
export type DismissalsResponse = Static<typeof DismissalsResponseSchema>;
export const DismissRequestSchema = Type.Object(
  { key: StringEnum(DISMISSAL_FLAGS) },
  { additionalProperties: false },
);
export type DismissRequest = Static<typeof DismissRequestSchema>;
