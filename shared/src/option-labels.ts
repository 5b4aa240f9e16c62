// `@dating/shared/option-labels`: the one catalogue of the profile's option labels (gender, orientation, hair and
// eye colour, body type, relationship status, tattoos, what a member is looking for, interests) in every locale,
// `shared/src/locales/option-labels/<locale>.json`. The editor (mf-account) and every display (mf-members,
// mf-landers) read them through `optionLabel` / `useOptionLabels`, so a label is written once. Not in the
// package's root index, so no first load carries it; its JSON is a chunk of its own per locale, fetched with the
// first component that shows a label. The option lists themselves: `@dating/shared/option-labels/values`.
import { useTranslation } from 'react-i18next';
import { registerNamespace, type Gender } from '@dating/shared';
import type { OptionValues } from './option-labels/values';

/** The i18next namespace of the labels. */
export const OPTION_LABELS_NS = 'option-labels';

// Unnamed chunks (as the remotes' own namespaces): a name per locale would be 11 more entries in every remote's
// entry file, on every first load.
registerNamespace(OPTION_LABELS_NS, (locale) => import(`./locales/option-labels/${locale}.json`));

export type OptionField = keyof OptionValues;
export type OptionValue<F extends OptionField> = OptionValues[F][number];

/**
 * The fields whose label describes the member, so that languages with grammatical gender (es, fr, it, pl; the
 * widowed of da, nb, nl, sv) write it for a man and for a woman: the JSON holds `<field>.male.<value>` and
 * `<field>.female.<value>` in every locale, and the label follows the profile's own gender.
 */
export const GENDERED_OPTION_FIELDS = [
  'sexuality',
  'hair_color',
  'body_type',
  'relationship_status',
] as const;
export type GenderedOptionField = (typeof GENDERED_OPTION_FIELDS)[number];

type Translate = (key: string) => string;
type GenderArg<F extends OptionField> = F extends GenderedOptionField ? [gender: Gender] : [];

export type OptionLabelFn = <F extends OptionField>(
  field: F,
  value: OptionValue<F>,
  ...gender: GenderArg<F>
) => string;

/** The label of `value` with a `t` of the namespace: `<field>.<value>`, `<field>.<gender>.<value>` when gendered. */
export function optionLabel<F extends OptionField>(
  t: Translate,
  field: F,
  value: OptionValue<F>,
  ...[gender]: GenderArg<F>
): string {
  return t(
    (GENDERED_OPTION_FIELDS as readonly string[]).includes(field)
      ? `${field}.${gender}.${value}`
      : `${field}.${value}`,
  );
}

/**
 * `label(field, value, gender)` in the page's language (gender for the gendered fields only); suspends until the
 * locale's labels are loaded (the component's Suspense boundary, as with any namespace).
 */
export function useOptionLabels(): { label: OptionLabelFn } {
  const { t } = useTranslation(OPTION_LABELS_NS);
  return { label: (field, value, ...gender) => optionLabel(t as Translate, field, value, ...gender) };
}
