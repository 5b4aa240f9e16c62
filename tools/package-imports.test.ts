// Every package declares what it imports: each `@dating/*` workspace and bare npm package that a workspace's code
// imports is in that workspace's package.json or the root's. An undeclared import works only while something else
// happens to install the package (npm hoists it), and the workspace's manifest does not say what it needs.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** Names imported that are not npm packages to declare, with the reason. */
const NOT_DECLARED: Record<string, string> = {
  'react-router-impl':
    "a webpack alias of tools/webpack/shared-deps.js (react-router's own build), not a package",
  'react-router-dom-impl': 'a webpack alias of tools/webpack/shared-deps.js, not a package',
  'react-redux-impl': 'a webpack alias of tools/webpack/shared-deps.js, not a package',
  'react-i18next-impl': 'a webpack alias of tools/webpack/shared-deps.js, not a package',
  'chrome-launcher':
    "lighthouse's own launcher (a dependency of lighthouse, root); tools/bench starts Chrome with it",
  'playwright-core': "@playwright/test's browser driver (e2e); tools/bench drives Chrome with it",
};

/** This file's fixture imports packages on purpose. */
const FIXTURE_FILES = new Set(['tools/package-imports.test.ts']);

const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report', 'data']);

type Manifest = {
  name?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

const manifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Manifest;

const declared = (m: Manifest) =>
  Object.keys({ ...m.dependencies, ...m.devDependencies, ...m.peerDependencies, ...m.optionalDependencies });

function codeFiles(dir: string): string[] {
  const files: string[] = [];
  for (const d of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(d.name) || d.name.startsWith('.')) continue;
    const rel = `${dir}/${d.name}`;
    if (d.isDirectory()) files.push(...codeFiles(rel));
    else if (/\.(ts|tsx|js|mjs|cjs)$/.test(d.name)) files.push(rel);
  }
  return files;
}

/** The npm packages a module's code imports (`import … from`, `import()`, `require()`, `export … from`). */
function importedPackages(code: string): string[] {
  const specifiers = [
    ...code.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...code.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...code.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...code.matchAll(/\bjest\.mock\(\s*['"]([^'"]+)['"]/g),
  ].map((m) => m[1]!);
  const builtins = new Set(builtinModules);
  const packages = new Set<string>();
  for (const spec of specifiers) {
    if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) continue;
    const parts = spec.split('/');
    const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
    if (builtins.has(name)) continue;
    packages.add(name);
  }
  return [...packages];
}

test('importedPackages finds npm packages, not relative paths or Node built-ins', () => {
  const code = [
    "import fs from 'node:fs';",
    "import path from 'path';",
    "import type { A } from '@dating/shared/contract';",
    "import { b } from './b';",
    "export { c } from 'typebox/value';",
    "import 'bootstrap/dist/css/bootstrap.css';",
    "const d = await import('react-dom/server');",
    "const e = require('../lib/e.cjs');",
    "// a comment that says import x from 'nothing' is not at the start of a line: ignored",
  ].join('\n');
  expect(importedPackages(code).sort()).toEqual(['@dating/shared', 'bootstrap', 'react-dom', 'typebox']);
});

test("every workspace's imports are declared in its package.json or the root's", () => {
  const rootManifest = manifest('.');
  const workspaces = rootManifest.workspaces ?? [];
  const rootDeclared = [...declared(rootManifest), ...Object.keys(NOT_DECLARED)];
  const undeclared: string[] = [];
  // tools/ is not a package: its scripts run in the repository with every workspace installed (the benches start
  // the api and drive browsers), so what any workspace declares counts for it.
  const everyWorkspace = workspaces.flatMap((dir) => declared(manifest(dir)));
  for (const dir of [...workspaces, 'tools']) {
    const own = dir === 'tools' ? everyWorkspace : [...declared(manifest(dir)), manifest(dir).name ?? ''];
    const ok = new Set([...own, ...rootDeclared]);
    const missing = new Map<string, string>();
    for (const file of codeFiles(dir).filter((f) => !FIXTURE_FILES.has(f))) {
      for (const name of importedPackages(readFileSync(path.join(root, file), 'utf8'))) {
        if (!ok.has(name) && !missing.has(name)) missing.set(name, file);
      }
    }
    for (const [name, file] of missing)
      undeclared.push(`${dir}/package.json lacks ${name} (imported by ${file})`);
  }
  expect(undeclared).toEqual([]);
});
