// Every repository path that a comment, a SQL comment or a Markdown file names exists, and so does every relative
// link of a Markdown file: a reader sent to a file that moved or was deleted finds nothing (tools/lib/docs-paths.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { missingPaths, namedPaths, proseFiles, topLevelFolders } from './lib/docs-paths';

const root = path.resolve(__dirname, '..');

/** Paths that prose names on purpose although they are not files of this repository, with the reason. */
const NOT_REPOSITORY_FILES: Record<string, string> = {
  'mf-account/src/lib/validation.ts':
    'docs/adr/0022-forms-and-schemas.md records that the one schema per form replaced this file',
  'shared/src/forms/account.type-test.ts':
    'docs/adr/0022-forms-and-schemas.md records the compile-time check that went with the hand-written request types',
  'shell/src/routes/access-guard.tsx':
    'docs/adr/0023-route-access.md records that route loaders replaced this file',
  'shell/src/app/navigation-pending.ts':
    'docs/adr/0023-route-access.md records that route loaders replaced this file',
};

/** Build outputs (`api/dist/server.js`, `shell/dist/…`): made by `npm run build`, never checked in. */
const isBuildOutput = (p: string) => p.split('/').includes('dist');

/** This file's fixtures name missing paths on purpose (a block comment inside a string reads as a comment). */
const FIXTURE_FILES = new Set(['tools/docs-paths.test.ts']);
const checkedFiles = () => proseFiles(root).filter((file) => !FIXTURE_FILES.has(file));

const allow = (p: string) => NOT_REPOSITORY_FILES[p] ?? (isBuildOutput(p) ? 'build output' : null);

describe('missingPaths', () => {
  const topLevel = ['api', 'docs', 'shared', 'mf-account'];
  const files = new Set([
    '/repo/api/src/lib/bus.ts',
    '/repo/docs/adr/0001-module-federation.md',
    '/repo/docs/adr',
  ]);
  const exists = (p: string) => files.has(p);

  test('names each path that a comment names and that does not exist', () => {
    const text = [
      '// Published over the bus (api/src/lib/bus.ts); see api/src/services/bus.ts for the old one.',
      "const url = 'api/src/not-a-comment.ts';",
      '/* docs/adr/0001-module-federation.md and docs/adr/0099-never-written.md */',
    ].join('\n');
    expect(missingPaths('api/src/x.ts', text, { root: '/repo', topLevel, exists })).toEqual([
      'api/src/services/bus.ts',
      'docs/adr/0099-never-written.md',
    ]);
  });

  test('checks a Markdown file as a whole, and its relative links from its own folder', () => {
    const text =
      'See `shared/src/gone.ts`, [ADR 0001](adr/0001-module-federation.md) and [ADR 2](adr/0002-x.md#a).';
    expect(missingPaths('docs/README.md', text, { root: '/repo', topLevel, exists })).toEqual([
      'shared/src/gone.ts',
      'adr/0002-x.md',
    ]);
  });

  test('skips what is not a path: patterns, placeholders, URLs, other folders, names without an extension', () => {
    const text = [
      '// api/src/domains/<domain>/, mf-*/src/, shared/src/{a,b}.ts, api/src/…/x.ts, ${root}/api/x.ts',
      '// https://example.com/api/x.ts, node_modules/api/x.ts, web/api/x.ts, api/src/lib/bus, docs/adr/',
    ].join('\n');
    expect(namedPaths(text, topLevel)).toEqual(['docs/adr/']);
  });

  test('an allowed path is not reported', () => {
    const text = '// api/dist/server.js';
    expect(missingPaths('api/src/x.ts', text, { root: '/repo', topLevel, exists })).toEqual([
      'api/dist/server.js',
    ]);
    expect(missingPaths('api/src/x.ts', text, { root: '/repo', topLevel, exists, allow })).toEqual([]);
  });
});

test('every repository path named in comments and docs exists', () => {
  const topLevel = topLevelFolders(root);
  const missing = checkedFiles().flatMap((file) =>
    missingPaths(file, readFileSync(path.join(root, file), 'utf8'), { root, topLevel, allow }).map(
      (p) => `${file}: ${p}`,
    ),
  );
  expect(missing).toEqual([]);
});

test('every path allowed as not a repository file is still named and still missing', () => {
  const topLevel = topLevelFolders(root);
  const named = new Set(
    checkedFiles().flatMap((file) =>
      missingPaths(file, readFileSync(path.join(root, file), 'utf8'), { root, topLevel }),
    ),
  );
  expect(Object.keys(NOT_REPOSITORY_FILES).filter((p) => !named.has(p))).toEqual([]);
});

test('no comment, test name or doc cites an issue or finding number (say what and why, link the ADR)', () => {
  const cites = /\b(issue|finding)s? #?\d+/i;
  const citing = checkedFiles().flatMap((file) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .map((line, i) => (cites.test(line) ? `${file}:${i + 1}: ${line.trim()}` : null))
      .filter((hit): hit is string => hit !== null),
  );
  expect(citing).toEqual([]);
});
