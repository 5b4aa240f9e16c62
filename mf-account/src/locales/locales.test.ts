import { LOCALES } from '@dating/shared';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...flat, [path]: value } : { ...flat, ...flatten(value, path) };
  }, {});
}

// The three namespaces together (`account`, `signup/`, `pages/`): a key lives in one of them.
const read = (...path: string[]) =>
  flatten(JSON.parse(readFileSync(join(__dirname, ...path), 'utf8')) as Tree);
const load = (lng: string) => ({
  ...read(`${lng}.json`),
  ...read('signup', `${lng}.json`),
  ...read('pages', `${lng}.json`),
});
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const nl = load('nl');

describe.each(LOCALES.filter((lng) => lng !== 'nl'))('account locale %s', (lng) => {
  const texts = load(lng);
  it('has exactly the keys of nl, each translated with the same placeholders', () => {
    expect(Object.keys(texts).sort()).toEqual(Object.keys(nl).sort());
    for (const [key, text] of Object.entries(nl)) {
      expect([key, placeholders(texts[key] ?? '')]).toEqual([key, placeholders(text)]);
      expect([key, (texts[key] ?? '').trim().length > 0]).toEqual([key, true]);
    }
  });
});

it('keeps the spec Dutch texts verbatim', () => {
  expect(nl['errors.name_equals_email']).toBe('Je profielnaam moet anders zijn dan je e-mailadres');
  expect(nl['errors.birthdate_required']).toBe('Vul uw geboortedatum in ({min_age}+ jaar)');
  expect(nl['errors.photo_limit']).toBe('Foto-limiet bereikt');
  expect(nl['errors.activation_failed']).toBe('Activeren mislukt');
  expect(nl['login.failed']).toBe('Login mislukt, probeer opnieuw');
});

describe.each(LOCALES)('account locale %s and the server catalogue', (lng) => {
  // A client-side finding is shown in the same words the server uses for that code (lib/errors.ts), so a member
  // never sees one error in two wordings. `validation` differs on purpose: next to a field it needs no {field}.
  it('words every error code the server knows as the server does', () => {
    const account = load(lng);
    const server = JSON.parse(
      readFileSync(join(__dirname, '../../../shared/src/locales/errors', `${lng}.json`), 'utf8'),
    ) as Record<string, string>;
    const shared = Object.keys(server).filter((code) => code !== 'validation' && `errors.${code}` in account);
    expect(shared.length).toBeGreaterThan(10);
    for (const code of shared) expect([code, account[`errors.${code}`]]).toEqual([code, server[code]]);
  });
});
