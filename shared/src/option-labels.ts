// `@dating/shared/option-labels`: the one catalogue of the profile's option labels (gender, orientation, hair and
// eye colour, body type, relationship status, tattoos, what a member is looking for, interests) in every locale,
// `shared/src/locales/option-labels/<locale>.json`. The editor (mf-account) and every display (mf-members,
// mf-landers) read them through `optionLabel`, so a label is written once. Not in the package's root index, so no
// first load carries it; its JSON is a chunk of its own per locale, fetched with the first component that shows one.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTERESTS,
  PROFILE_REASONS,
  RELATIONSHIP_STATUSES,
  registerNamespace,
  type Gender,
  type Sexuality,
} from '@dating/shared';

/** The i18next namespace of the labels. */
export const OPTION_LABELS_NS = 'option-labels';

registerNamespace(
  OPTION_LABELS_NS,
  (locale) => import(/* webpackChunkName: "locale-option-labels-[request]" */ `./locales/option-labels/${locale}.json`),
);

export const GENDERS = ['male', 'female'] as const satisfies readonly Gender[];
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const satisfies readonly Sexuality[];
// Both lists name every value of their contract type (a new value there fails the type check here).
type Exhaustive<Listed, All> = [All] extends [Listed] ? true : never;
const exhaustive: [Exhaustive<(typeof GENDERS)[number], Gender>, Exhaustive<(typeof SEXUALITIES)[number], Sexuality>] = [true, true];
void exhaustive;

/** Every labelled field with its option values: the contract's lists (shared/src/contract). */
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

export type OptionField = keyof typeof OPTION_VALUES;
export type OptionValue<F extends OptionField> = (typeof OPTION_VALUES)[F][number];

/**
 * The fields whose label describes the member, so that languages with grammatical gender (es, fr, it, pl; the
 * widowed of da, nb, nl, sv) write it for a man and for a woman: the JSON holds `<field>.male.<value>` and
 * `<field>.female.<value>` in every locale, and the label follows the profile's own gender.
 */
export const GENDERED_OPTION_FIELDS = ['sexuality', 'hair_color', 'body_type', 'relationship_status'] as const;
export type GenderedOptionField = (typeof GENDERED_OPTION_FIELDS)[number];

const gendered = new Set<string>(GENDERED_OPTION_FIELDS);

/** Whether `value` is one of `field`'s options (a stored `reason` is free text from older profiles). */
export function isOptionValue<F extends OptionField>(field: F, value: unknown): value is OptionValue<F> {
  return (OPTION_VALUES[field] as readonly unknown[]).includes(value);
}

type Translate = (key: string) => string;
type GenderArg<F extends OptionField> = F extends GenderedOptionField ? [gender: Gender] : [gender?: Gender];

/** The i18next key of a label: `<field>.<value>`, or `<field>.<gender>.<value>` for a gendered field. */
export function optionLabelKey<F extends OptionField>(field: F, value: OptionValue<F>, ...[gender]: GenderArg<F>): string {
  return gendered.has(field) ? `${field}.${gender ?? 'male'}.${value}` : `${field}.${value}`;
}

/** The label of `value` with a `t` of the namespace (`useTranslation(OPTION_LABELS_NS)`). */
export function optionLabel<F extends OptionField>(
  t: Translate,
  field: F,
  value: OptionValue<F>,
  ...gender: GenderArg<F>
): string {
  return t(optionLabelKey(field, value, ...gender));
}

export type OptionLabelFn = <F extends OptionField>(field: F, value: OptionValue<F>, ...gender: GenderArg<F>) => string;

/**
 * `label(field, value, gender?)` in the page's language; suspends until the locale's labels are loaded (the
 * component's Suspense boundary, as with any namespace). A `reason` that is not one of the options (free text of
 * an older profile) is shown as written: `reasonLabel`.
 */
export function useOptionLabels(): { label: OptionLabelFn; reasonLabel(reason: string | null): string | null } {
  const { t } = useTranslation(OPTION_LABELS_NS);
  const label = useCallback<OptionLabelFn>((field, value, ...gender) => optionLabel(t as Translate, field, value, ...gender), [t]);
  const reasonLabel = useCallback(
    (reason: string | null) => (reason === null || reason === '' ? null : isOptionValue('reason', reason) ? label('reason', reason) : reason),
    [label],
  );
  return { label, reasonLabel };
}
