import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@dating/shared';
import { landersNamespace, namespaces, PAGE_FOLDERS } from './server-info';

const LOCALES_DIR = path.join(__dirname, '..', 'locales');
/** What `/` reads, and every lander around its own texts: the shared namespace holds these and nothing else. */
const SHARED = ['benefits', 'closing', 'cta', 'hero', 'photoOf', 'teasers'];

type Tree = { [key: string]: Tree | string };

function leaves(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object') leaves(value, full, out);
    else out.set(full, value);
  }
  return out;
}

test('the server is given every page namespace there is a folder for', () => {
  const folders = readdirSync(LOCALES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  expect([...PAGE_FOLDERS].sort()).toEqual(folders.sort());
});

test('each page namespace is registered by its page module with its own folder', () => {
  const sources = [
    ...readdirSync(path.join(__dirname, '..', 'variants')).map((file) => path.join('variants', file)),
    path.join('features', 'swipe', 'texts.ts'),
    path.join('features', 'match-finder', 'components', 'questionnaire.tsx'),
  ].filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'));
  const registered = sources.flatMap((file) => {
    const source = readFileSync(path.join(__dirname, '..', file), 'utf8');
    return [...source.matchAll(/pageTexts\('([\w-]+)'/g)].map((match) => {
      const folder = match[1]!;
      // Its 11 import()s name its own folder only.
      const imports = [...source.matchAll(/import\('[./]+locales\/([\w-]+)\/(\w+)\.json'\)/g)];
      expect(imports.map((m) => m[1])).toEqual(LOCALES.map(() => folder));
      expect(imports.map((m) => m[2])).toEqual([...LOCALES]);
      return folder;
    });
  });
  expect(registered.sort()).toEqual([...PAGE_FOLDERS].sort());
});

describe.each([...LOCALES])('%s', (locale) => {
  test('namespaces: the shared `landers` holds the shared parts only; each page its own namespace', async () => {
    const bundles = await namespaces(locale);
    expect(bundles.map((bundle) => bundle.namespace)).toEqual([
      'landers',
      ...PAGE_FOLDERS.map((folder) => `landers-${folder}`),
    ]);
    expect(Object.keys(bundles[0]!.resources as Tree).sort()).toEqual(SHARED);
    for (const bundle of bundles.slice(1)) {
      expect(Object.keys(bundle.resources as Tree).filter((key) => SHARED.includes(key))).toEqual([]);
    }
  });

  test('landersNamespace (a shell that asks for the merged texts) gets every text of every namespace', async () => {
    const bundles = await namespaces(locale);
    const merged = await landersNamespace(locale);
    expect(merged.namespace).toBe('landers');
    const all = leaves(merged.resources as Tree);
    let count = 0;
    for (const bundle of bundles) {
      for (const [key, value] of leaves(bundle.resources as Tree)) {
        // A key two pages share (`media`, `map.you`, …) has the same text in both.
        expect([key, all.get(key)]).toEqual([key, value]);
        count += 1;
      }
    }
    expect(all.size).toBeGreaterThan(100);
    expect(count).toBeGreaterThanOrEqual(all.size);
  });
});
