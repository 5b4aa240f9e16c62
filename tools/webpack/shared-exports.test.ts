// The shared react-router / react-router-dom are facades that export the browser API only (docs/adr/0003).
// A page importing a name the facade leaves out would get `undefined` at run time in the browser, so this
// test reads every app's sources and fails on such an import; it also fails when an upgrade of react-router
// drops a name the facade still re-exports.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const APP_DIRS = [
  'shared',
  'shell',
  'mf-landers',
  'mf-members',
  'mf-chat',
  'mf-payments',
  'mf-account',
  'mf-staff',
];

function facadeExports(file: string): Set<string> {
  const source = fs.readFileSync(path.join(__dirname, 'shims', file), 'utf8');
  const names = new Set<string>();
  for (const block of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const name of block[1]!.split(',')) if (name.trim()) names.add(name.trim());
  }
  return names;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Named value imports (not `import type`, not `type X` specifiers) from a module, per file. */
function valueImports(module: string): Array<{ file: string; name: string }> {
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${module}['"]`, 'g');
  const found: Array<{ file: string; name: string }> = [];
  for (const dir of APP_DIRS) {
    for (const file of sourceFiles(path.join(root, dir, 'src'))) {
      // The server bundle (docs/adr/0030) is built with the real packages, not the browser facades.
      if (file.includes(`${path.sep}src${path.sep}server${path.sep}`)) continue;
      for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern)) {
        if (match[1]) continue;
        for (const specifier of match[2]!.split(',')) {
          const trimmed = specifier.trim();
          if (!trimmed || trimmed.startsWith('type ')) continue;
          found.push({ file: path.relative(root, file), name: trimmed.split(/\s+as\s+/)[0]!.trim() });
        }
      }
    }
  }
  return found;
}

test.each(['react-router', 'react-router-dom', 'react-redux', 'react-i18next'])(
  'every name imported from %s is in its shared facade',
  (module) => {
    const facade = facadeExports(`${module}.mjs`);
    const missing = valueImports(module).filter(({ name }) => !facade.has(name));
    expect(missing).toEqual([]);
  },
);

test('every name of the facades exists in the installed react-router', () => {
  // The CommonJS build has the same exports as the ESM builds the facades point at.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const installed = new Set(Object.keys(require('react-router')));
  for (const file of ['react-router.mjs', 'react-router-dom.mjs']) {
    expect([...facadeExports(file)].filter((name) => !installed.has(name))).toEqual([]);
  }
  expect(facadeExports('react-router-dom.mjs').has('RouterProvider')).toBe(true);
});

test.each(['react-redux', 'react-i18next'])(
  'every name of the %s facade exists in the installed package',
  (pkg) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const installed = new Set(Object.keys(require(pkg)));
    expect([...facadeExports(`${pkg}.mjs`)].filter((name) => !installed.has(name))).toEqual([]);
  },
);

test("what RTK Query's React hooks import from react-redux is in its facade", () => {
  // @reduxjs/toolkit is bundled (not shared) and its query/react build imports react-redux, which is shared.
  const file = require
    .resolve('@reduxjs/toolkit/query/react')
    .replace(/cjs\/index\.js$/, 'rtk-query-react.modern.mjs');
  const source = fs.readFileSync(file, 'utf8');
  const names = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"react-redux"/g)].flatMap((match) =>
    match[1]!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!),
  );
  expect(names.length).toBeGreaterThan(0);
  const facade = facadeExports('react-redux.mjs');
  expect(names.filter((name) => name && !facade.has(name))).toEqual([]);
});
