// Every translation namespace must have all 11 locales with every key, and no key may be empty
// (team rule: real translations everywhere, no missing keys). Namespaces: `*/src/locales/<lng>.json` (common and
// one per remote) and the further ones in folders beside them, `*/src/locales/<namespace>/<lng>.json` (shared's own,
// the shell's member and page texts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'];

type Tree = { [key: string]: Tree | string };

function namespaceDirs(): string[] {
  const dirs = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => path.join(ROOT, entry.name, 'src', 'locales'))
    .filter((dir) => existsSync(dir));
  // An app's further namespaces, one folder each beside its own files (the shell's member/ and pages/), and
  // shared's own (errors, pwa, …).
  const subfolders = dirs.flatMap((dir) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(dir, entry.name)),
  );
  return [...dirs, ...subfolders].filter((dir) => readdirSync(dir).some((file) => file.endsWith('.json')));
}

/** key path → value, for every leaf; non-string leaves are reported as they are. */
function flatten(tree: Tree, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      flatten(value as Tree, full, out);
    else out.set(full, value);
  }
  return out;
}

const dirs = namespaceDirs();

test('the namespaces are found (common, errors and the remotes)', () => {
  expect(dirs.map((dir) => path.relative(ROOT, dir))).toEqual(
    expect.arrayContaining([
      path.join('shell', 'src', 'locales'),
      path.join('shared', 'src', 'locales', 'errors'),
      path.join('shared', 'src', 'locales', 'pwa'),
      path.join('shell', 'src', 'locales', 'member'),
      path.join('shell', 'src', 'locales', 'pages'),
    ]),
  );
});

describe.each(dirs.map((dir) => [path.relative(ROOT, dir), dir]))('%s', (_name, dir) => {
  const files = new Map<string, Map<string, unknown>>();
  for (const locale of LOCALES) {
    const file = path.join(dir, `${locale}.json`);
    if (existsSync(file)) files.set(locale, flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree));
  }
  const allKeys = [...new Set([...files.values()].flatMap((keys) => [...keys.keys()]))].sort();

  test('has a file for every locale', () => {
    expect(LOCALES.filter((locale) => !files.has(locale))).toEqual([]);
  });

  test.each(LOCALES)('%s has every key, each a non-empty string', (locale) => {
    const keys = files.get(locale) ?? new Map<string, unknown>();
    const missing = allKeys.filter((key) => !keys.has(key));
    const empty = [...keys]
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key);
    expect({ missing, empty }).toEqual({ missing: [], empty: [] });
  });
});
