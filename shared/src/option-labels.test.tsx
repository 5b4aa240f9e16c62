// The one catalogue of option labels (`@dating/shared/option-labels`): every option of the contract's lists has a
// label in every locale, a man's and a woman's form where the field describes the member, and nothing else; the
// lookup the editor and the displays share reads it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { render, screen } from '@testing-library/react';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTERESTS,
  LOCALES,
  PROFILE_REASONS,
  RELATIONSHIP_STATUSES,
  createI18n,
  type Gender,
  type Locale,
} from '@dating/shared';
import {
  GENDERED_OPTION_FIELDS,
  OPTION_LABELS_NS,
  optionLabel,
  useOptionLabels,
  type OptionField,
} from './option-labels';
import { GENDERS, OPTION_VALUES, reasonLabel } from './option-labels/values';

type Tree = { [key: string]: Tree | string };

const read = (locale: Locale): Tree =>
  JSON.parse(
    readFileSync(path.join(__dirname, 'locales', 'option-labels', `${locale}.json`), 'utf8'),
  ) as Tree;

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

/** Every key the contract asks for: `<field>.<value>`, `<field>.<gender>.<value>` for the gendered fields. */
function expectedKeys(): string[] {
  const gendered = new Set<string>(GENDERED_OPTION_FIELDS);
  return (Object.keys(OPTION_VALUES) as OptionField[])
    .flatMap((field) =>
      (OPTION_VALUES[field] as readonly string[]).flatMap((value) =>
        gendered.has(field) ? GENDERS.map((gender) => `${field}.${gender}.${value}`) : [`${field}.${value}`],
      ),
    )
    .sort();
}

function get(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

test('the catalogue covers the contract lists (interests, profile options, reasons)', () => {
  expect(OPTION_VALUES).toMatchObject({
    interests: INTERESTS,
    hair_color: HAIR_COLORS,
    eye_color: EYE_COLORS,
    body_type: BODY_TYPES,
    relationship_status: RELATIONSHIP_STATUSES,
    reason: PROFILE_REASONS,
  });
});

describe.each(LOCALES.map((locale) => [locale]))('%s', (locale) => {
  const tree = read(locale);

  test('has a label for every option of the contract, for both genders where the field is gendered, and no other', () => {
    const keys = leaves(tree).sort();
    expect({
      missing: expectedKeys().filter((key) => !keys.includes(key)),
      extra: keys.filter((key) => !expectedKeys().includes(key)),
    }).toEqual({
      missing: [],
      extra: [],
    });
    const empty = keys.filter((key) => String(get(tree, key)).trim() === '');
    expect(empty).toEqual([]);
  });

  test('writes a form for each gender, never both in one label ("Casado/a", "Marié(e)")', () => {
    const combined = leaves(tree)
      .filter((key) => GENDERED_OPTION_FIELDS.some((field) => key.startsWith(`${field}.`)))
      .filter((key) => /\w\/\w|\(e\)|\(le\)| or | eller | of | oder /.test(String(get(tree, key))));
    expect(combined).toEqual([]);
  });
});

test.each([
  ['es', 'Casado', 'Casada', 'body_type.%s.slim', 'Delgado', 'Delgada'],
  ['fr', 'Marié', 'Mariée', 'body_type.%s.fat', 'Rond', 'Ronde'],
  ['it', 'Sposato', 'Sposata', 'body_type.%s.slim', 'Snello', 'Snella'],
  ['pl', 'Żonaty', 'Zamężna', 'body_type.%s.slim', 'Szczupły', 'Szczupła'],
] as const)(
  '%s, a language with grammatical gender, agrees with the member',
  (locale, marriedMan, marriedWoman, body, bodyMan, bodyWoman) => {
    const tree = read(locale);
    expect([
      get(tree, 'relationship_status.male.married'),
      get(tree, 'relationship_status.female.married'),
    ]).toEqual([marriedMan, marriedWoman]);
    expect([get(tree, body.replace('%s', 'male')), get(tree, body.replace('%s', 'female'))]).toEqual([
      bodyMan,
      bodyWoman,
    ]);
  },
);

test('no label is left in English where the language has its own word', () => {
  expect(get(read('it'), 'interests.threesome')).toBe('Sesso a tre');
  expect(get(read('sv'), 'interests.vegetarian')).toBe('Vegetarisk mat');
  const english = read('en');
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    const tree = read(locale);
    // Words that are the same in every language (Sushi, Bondage, Sex, Gay, Single …) aside, a locale that copies
    // more than a handful of English labels was not translated.
    const same = leaves(english).filter((key) => get(tree, key) === get(english, key));
    expect({ locale, copied: same.length > 20 ? same : [] }).toEqual({ locale, copied: [] });
  }
});

test('the lookup reads the namespace: a woman is "Casada", a reason is translated, an unknown reason stays as written', async () => {
  const i18n = await createI18n({ locale: 'es', namespaces: [OPTION_LABELS_NS] });
  const t = i18n.getFixedT('es', OPTION_LABELS_NS) as (key: string) => string;
  expect(optionLabel(t, 'relationship_status', 'married', 'female')).toBe('Casada');
  expect(optionLabel(t, 'relationship_status', 'married', 'male')).toBe('Casado');
  expect(optionLabel(t, 'interests', 'threesome')).toBe('Trío');

  function Probe({ gender, reason }: { gender: Gender; reason: string }) {
    const { label } = useOptionLabels();
    return (
      <p>
        {label('body_type', 'slim', gender)} · {reasonLabel(label, reason)}
      </p>
    );
  }
  render(
    <I18nextProvider i18n={i18n}>
      <Suspense fallback="…">
        <Probe gender="female" reason="dating" />
        <Probe gender="male" reason="un café" />
      </Suspense>
    </I18nextProvider>,
  );
  expect(await screen.findByText('Delgada · Citas')).toBeTruthy();
  expect(screen.getByText('Delgado · un café')).toBeTruthy();
});
