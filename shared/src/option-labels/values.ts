// `@dating/shared/option-labels/values`: the option values each labelled field offers (the contract's lists,
// shared/src/contract), for the editor's selects, the catalogue's test and the displays that check a stored value.
// Apart from `@dating/shared/option-labels` so that a page that only shows labels (a lander) does not carry them.
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTERESTS,
  PROFILE_REASONS,
  RELATIONSHIP_STATUSES,
  type Gender,
  type Sexuality,
} from '@dating/shared';
import type { OptionLabelFn } from '../option-labels';

export const GENDERS = ['male', 'female'] as const satisfies readonly Gender[];
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const satisfies readonly Sexuality[];
// Both lists name every value of their contract type (a new value there fails the type check here).
type Exhaustive<Listed, All> = [All] extends [Listed] ? true : never;
const exhaustive: [
  Exhaustive<(typeof GENDERS)[number], Gender>,
  Exhaustive<(typeof SEXUALITIES)[number], Sexuality>,
] = [true, true];
void exhaustive;

/** Every labelled field with its option values. */
export const OPTION_VALUES = {
  gender: GENDERS,
  sexuality: SEXUALITIES,
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: ['yes', 'no'],
  reason: PROFILE_REASONS,
  interests: INTERESTS,
} as const;

export type OptionValues = typeof OPTION_VALUES;

/** Whether `value` is one of `field`'s options (a stored `reason` may be free text from an older profile). */
export function isOptionValue<F extends keyof OptionValues>(
  field: F,
  value: unknown,
): value is OptionValues[F][number] {
  return (OPTION_VALUES[field] as readonly unknown[]).includes(value);
}

/** A profile's `reason`: its label when it is one of the options, otherwise as the member wrote it. */
export function reasonLabel(label: OptionLabelFn, reason: string | null): string | null {
  if (reason === null || reason === '') return null;
  return isOptionValue('reason', reason) ? label('reason', reason) : reason;
}
