#!/usr/bin/env node
// How the api writes its queries, counted from the syntax tree of every file of api/src (tests, __tests__ and
// src/testing left out; the demo seed is an area of its own): the census behind ADR 0040's decision and its ratchet
// (tools/query-census.test.ts).
//   - `sql` templates (Drizzle's tagged template): statements (the text starts with SELECT, INSERT, UPDATE, DELETE
//     or WITH) and fragments (pieces spliced into other templates), and `sql.raw(…)` calls;
//   - `raw.query(text, params[, name])` calls (the driver through db/client.ts), and how many of them are named
//     prepared statements;
//   - query-builder statements: `.insert(t)`, `.update(t)`, `.delete(t)` and `.from(t)` (a select) where `t` is a
//     table imported from a `tables` or `schema` module;
//   - typed queries (db/typed.ts: `defineQuery` and `defineQueries` declarations), the layer ADR 0040 chose;
//   - hand-written row types: a type argument written on `rows<…>`, `first<…>` or `….query<…>` (nothing checks
//     it against the database), and `as` casts (not `as const`) in the files that run queries.
// Usage: node tools/query-census.mjs [--json] [--files]
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'api', 'src');

const STATEMENT = /^\s*\(?\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
const TABLE_MODULE = /(^|\/)(tables|schema)(\/index)?(\.ts)?$|\/db\/schema\//;
const BUILDER_METHODS = new Set(['insert', 'update', 'delete', 'from']);
const ROW_TYPED_CALLS = new Set(['rows', 'first']);
const TYPED_LAYER_CALLS = new Set(['defineQuery', 'defineQueries']);

/** Every .ts file of api/src that is not a test. */
export function sourceFiles(dir = SRC) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === '__tests__' || entry.name === 'testing' || entry.name === 'node_modules') continue;
      out.push(...sourceFiles(full));
    } else if (
      entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.test.ts') &&
      !entry.name.endsWith('.d.ts')
    ) {
      out.push(full);
    }
  }
  return out.sort();
}

/** `domains/<name>` for a domain's file, else the top folder under api/src (db, lib, plugins, seed) or `(root)`. */
export function areaOf(file) {
  const rel = path.relative(SRC, file).split(path.sep);
  if (rel[0] === 'domains') return rel.length > 2 ? `domains/${rel[1]}` : 'domains (composition)';
  return rel.length > 1 ? rel[0] : '(root)';
}

const empty = () => ({
  statements: 0,
  fragments: 0,
  sqlRaw: 0,
  rawQuery: 0,
  rawQueryNamed: 0,
  builder: 0,
  typed: 0,
  rowTypes: 0,
  casts: 0,
});

/** The counts of one file's text. */
export function countFile(text, fileName = 'file.ts') {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const tables = new Set();
  for (const stmt of source.statements) {
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier)) continue;
    if (!TABLE_MODULE.test(stmt.moduleSpecifier.text)) continue;
    const bindings = stmt.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) tables.add(el.name.text);
  }
  const c = empty();
  let casts = 0;
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      const head = ts.isNoSubstitutionTemplateLiteral(node.template)
        ? node.template.text
        : node.template.head.text;
      if (STATEMENT.test(head)) c.statements++;
      else c.fragments++;
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee)) {
        const name = callee.name.text;
        const target = callee.expression.getText(source);
        if (name === 'raw' && target === 'sql') c.sqlRaw++;
        else if (name === 'query' && /(^|\.)raw$/.test(target)) {
          c.rawQuery++;
          if (node.arguments.length >= 3) c.rawQueryNamed++;
          if (node.typeArguments?.length) c.rowTypes++;
        } else if (
          BUILDER_METHODS.has(name) &&
          node.arguments.length === 1 &&
          ts.isIdentifier(node.arguments[0]) &&
          tables.has(node.arguments[0].text)
        ) {
          c.builder++;
        }
      } else if (ts.isIdentifier(callee)) {
        if (ROW_TYPED_CALLS.has(callee.text) && node.typeArguments?.length) c.rowTypes++;
        if (TYPED_LAYER_CALLS.has(callee.text)) c.typed++;
      }
    } else if (ts.isAsExpression(node)) {
      const type = node.type.getText(source);
      if (type !== 'const') casts++;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const queries = c.statements + c.fragments + c.rawQuery + c.builder + c.typed;
  if (queries > 0) c.casts = casts;
  return c;
}

/** Counts per file, per area (domain or layer) and in total; the seed is an area of its own. */
export function census(files = sourceFiles()) {
  const perFile = new Map();
  const perArea = new Map();
  const total = empty();
  const withTemplates = new Set();
  const withBuilder = new Set();
  const withRawQuery = new Set();
  for (const file of files) {
    const c = countFile(fs.readFileSync(file, 'utf8'), file);
    const rel = path.relative(ROOT, file);
    if (Object.values(c).every((n) => n === 0)) continue;
    perFile.set(rel, c);
    const area = areaOf(file);
    const sum = perArea.get(area) ?? empty();
    for (const key of Object.keys(c)) {
      sum[key] += c[key];
      total[key] += c[key];
    }
    perArea.set(area, sum);
    if (c.statements + c.fragments > 0) withTemplates.add(rel);
    if (c.builder > 0) withBuilder.add(rel);
    if (c.rawQuery > 0) withRawQuery.add(rel);
  }
  return {
    perFile,
    perArea,
    total,
    files: { templates: withTemplates.size, builder: withBuilder.size, rawQuery: withRawQuery.size },
  };
}

const COLUMNS = [
  ['statements', 'sql` statements'],
  ['fragments', 'sql` fragments'],
  ['sqlRaw', 'sql.raw'],
  ['rawQuery', 'raw.query'],
  ['rawQueryNamed', 'of them named'],
  ['builder', 'builder'],
  ['typed', 'typed'],
  ['rowTypes', 'row types by hand'],
  ['casts', 'as casts'],
];

function table(rows) {
  const head = `| | ${COLUMNS.map(([, label]) => label).join(' | ')} |`;
  const line = `|---|${COLUMNS.map(() => '---:').join('|')}|`;
  const body = rows.map(([name, c]) => `| ${name} | ${COLUMNS.map(([key]) => c[key]).join(' | ')} |`);
  return [head, line, ...body].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = census();
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify(
        {
          total: result.total,
          files: result.files,
          perArea: Object.fromEntries(result.perArea),
          ...(process.argv.includes('--files') ? { perFile: Object.fromEntries(result.perFile) } : {}),
        },
        null,
        2,
      ),
    );
  } else {
    const areas = [...result.perArea.entries()].sort(([a], [b]) => a.localeCompare(b));
    console.log(table([...areas, ['**total**', result.total]]));
    console.log(
      `\nfiles with sql\` templates: ${result.files.templates}, with raw.query: ${result.files.rawQuery}, ` +
        `with builder statements: ${result.files.builder}`,
    );
    if (process.argv.includes('--files')) {
      console.log();
      console.log(table([...result.perFile.entries()]));
    }
  }
}
