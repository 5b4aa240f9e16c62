// The contract stays one module per area (docs/adr/0022-forms-and-schemas.md, addendum "one module per area"):
// no import circles among its modules, no second name for a schema's type, plain values apart from the schemas so
// browser bundles never take the schema library, and no request shape written inline in an api route file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  circles,
  contractFiles,
  importGraph,
  inlineRequestShapes,
  routeFiles,
  secondNames,
} from './lib/contract-layout';

const root = path.resolve(__dirname, '..');
const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
const read = (f: string) => readFileSync(f, 'utf8');

/**
 * Route folders that may still write request shapes inline, with the reason. Nothing else may: a route takes its
 * query, params, body and headers from `@dating/shared/contract/<area>`, so the front end's call is typed by the
 * same schema.
 */
const INLINE_SHAPES_ALLOWED: Record<string, string> = {
  'api/src/domains/staff/':
    'the staff routes are being split and moved by their owners; their shapes are mostly in contract/staff.ts already',
  'api/src/domains/live/':
    "the live domain is being reworked by its owners; its one inline shape is a browser test's helper route (live-test-paths.ts)",
};
const allowed = (file: string) => Object.keys(INLINE_SHAPES_ALLOWED).some((dir) => file.startsWith(dir));

describe('inlineRequestShapes', () => {
  test('finds builder calls outside a response map, the outermost of a nest, and names where they stand', () => {
    const text = [
      "import { Type } from 'typebox';",
      'const query = Type.Object({ to: Type.Optional(Type.String()) });',
      "app.get('/x', { schema: { querystring: query, body: Type.Object({ a: Type.Integer() }),",
      '  response: { 200: Type.Object({ ok: Type.Boolean() }), 204: Type.Null() } } }, h);',
    ].join('\n');
    expect(inlineRequestShapes('x.ts', text).map((s) => [s.line, s.where])).toEqual([
      [2, 'query'],
      [3, 'body'],
    ]);
  });

  test('a schema imported from the contract is not a shape written inline', () => {
    const text =
      "app.get('/x', { schema: { querystring: XQuerySchema, response: { 204: Type.Null() } } }, h);";
    expect(inlineRequestShapes('x.ts', text)).toEqual([]);
  });
});

test('no import circles among the contract modules (type-only imports included)', () => {
  const found = circles(importGraph(contractFiles(root))).map((c) => c.map(rel).join(' -> '));
  expect(found).toEqual([]);
});

describe('secondNames', () => {
  test('finds namespace aliases, renamed exports and one schema typed under two names', () => {
    const files = [
      {
        file: 'a.ts',
        text: 'export type A = S.A;\nexport { X as Y };\nexport type T = Static<typeof TSchema>;',
      },
      {
        file: 'b.ts',
        text: 'export type U = Static<typeof TSchema>;\nexport type V = Static<typeof VSchema>;',
      },
    ];
    expect(secondNames(files)).toEqual(['a.ts: A', 'a.ts: X as Y', 'a.ts: T', 'b.ts: U']);
  });
});

test("no contract module gives a schema's type a second name (an alias, a renamed export, two Static types)", () => {
  const found = secondNames(contractFiles(root).map((f) => ({ file: rel(f), text: read(f) })));
  expect(found).toEqual([]);
});

test('an area module names each schema after its type: `XSchema` for `type X = Static<typeof XSchema>`', () => {
  // The member forms' schemas (shared/src/forms/account.ts) keep the names ADR 0022 gave them after their forms.
  const areaDir = path.join(root, 'shared/src/contract');
  const found = contractFiles(root)
    .filter((f) => path.dirname(f) === areaDir)
    .flatMap((f) =>
      [...read(f).matchAll(/^export type (\w+) = Static<typeof (\w+)>;/gm)]
        .filter((m) => m[2] !== `${m[1]}Schema`)
        .map((m) => `${rel(f)}: ${m[1]} = Static<typeof ${m[2]}>`),
    );
  expect(found).toEqual([]);
});

test('the plain-value modules import nothing but other plain values: no schema library, no area module', () => {
  const valuesDir = path.join(root, 'shared/src/contract/values');
  const offending = contractFiles(root)
    .filter((f) => f.startsWith(valuesDir + path.sep))
    .flatMap((f) =>
      [...read(f).matchAll(/^(?:import|export)[^;]*?from '([^']+)';/gms)]
        .map((m) => m[1])
        .filter((spec) => !/^\.\/[\w-]+$/.test(spec))
        .map((spec) => `${rel(f)}: ${spec}`),
    );
  expect(offending).toEqual([]);
});

test('the contract index takes values only from plain modules; area modules by `export type *`', () => {
  const index = read(path.join(root, 'shared/src/contract/index.ts'));
  const valueSources = [...index.matchAll(/^export \* from '([^']+)';/gm)].map((m) => m[1]);
  const areas = contractFiles(root)
    .filter((f) => path.dirname(f) === path.join(root, 'shared/src/contract'))
    .filter((f) => /from 'typebox'/.test(read(f)) && !/import type \{[^}]*\} from 'typebox'/.test(read(f)))
    .map((f) => `./${path.basename(f, '.ts')}`);
  expect(areas.length).toBeGreaterThan(10);
  expect(valueSources.filter((s) => areas.includes(s))).toEqual([]);
});

test('no api route file writes a request shape inline (query, params, body, headers): they are the contract', () => {
  const found = routeFiles(root)
    .map((f) => ({ file: rel(f), shapes: inlineRequestShapes(f, read(f)) }))
    .filter(({ file, shapes }) => shapes.length > 0 && !allowed(file))
    .flatMap(({ file, shapes }) => shapes.map((s) => `${file}:${s.line} ${s.where}: ${s.text}`));
  expect(found).toEqual([]);
});

test('every allowed route folder still exists', () => {
  const folders = new Set(routeFiles(root).map((f) => rel(f)));
  for (const dir of Object.keys(INLINE_SHAPES_ALLOWED)) {
    expect([...folders].some((f) => f.startsWith(dir))).toBe(true);
  }
});
