// The contract's layout, measured (docs/adr/0022-forms-and-schemas.md, addendum "one module per area"): the import
// circles among the contract's modules, the type aliases that give a schema's type a second name, and the request
// shapes (query, params, body, headers) that api route files still write inline instead of taking them from the
// contract. Used by tools/contract-layout.test.ts, which names what it finds.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, keep, out);
    else if (keep(p)) out.push(p);
  }
  return out;
}

const isSource = (p: string) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p) && !p.endsWith('.d.ts');

/** The contract's modules: `shared/src/contract/**` and the form schemas of `shared/src/forms/`. */
export function contractFiles(root: string): string[] {
  return ['shared/src/contract', 'shared/src/forms'].flatMap((d) => walk(path.join(root, d), isSource));
}

/** Relative imports (type-only ones included) between the given files. */
export function importGraph(files: string[]): Map<string, string[]> {
  const set = new Set(files);
  const resolve = (from: string, spec: string) => {
    const b = path.resolve(path.dirname(from), spec);
    return [b, `${b}.ts`, `${b}.tsx`, path.join(b, 'index.ts')].find((c) => set.has(c)) ?? null;
  };
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const info = ts.preProcessFile(readFileSync(f, 'utf8'), true, true);
    const deps = info.importedFiles
      .map((i) => i.fileName)
      .filter((s) => s.startsWith('.'))
      .map((s) => resolve(f, s))
      .filter((d): d is string => d !== null);
    graph.set(f, [...new Set(deps)]);
  }
  return graph;
}

/** Every elementary circle of the graph, each listed once, starting at its smallest file. */
export function circles(graph: Map<string, string[]>): string[][] {
  const order = [...graph.keys()].sort();
  const pos = new Map(order.map((f, i) => [f, i]));
  const found: string[][] = [];
  for (const start of order) {
    const stack = [start];
    const onStack = new Set(stack);
    const visit = (v: string) => {
      for (const w of graph.get(v) ?? []) {
        if (w === start) found.push([...stack]);
        else if ((pos.get(w) ?? -1) > (pos.get(start) ?? -1) && !onStack.has(w)) {
          stack.push(w);
          onStack.add(w);
          visit(w);
          stack.pop();
          onStack.delete(w);
        }
      }
    };
    visit(start);
  }
  return found;
}

/**
 * Second names for one shape: `export type X = S.Y` (a namespace import's type under another name), `export { A as
 * B }`, and one schema's `Static<>` exported under two names across the given files. Each as `file: name`.
 */
export function secondNames(files: { file: string; text: string }[]): string[] {
  const found: string[] = [];
  const bySchema = new Map<string, string[]>();
  for (const { file, text } of files) {
    for (const m of text.matchAll(/^export type (\w+)\s*=\s*\w+\.\w+\s*;/gm)) found.push(`${file}: ${m[1]}`);
    for (const m of text.matchAll(/^export (?:type )?\{([^}]*)\}/gm))
      for (const part of m[1].split(',')) if (/\bas\b/.test(part)) found.push(`${file}: ${part.trim()}`);
    for (const m of text.matchAll(/^export type (\w+)\s*=\s*Static<typeof (\w+)>;/gm))
      bySchema.set(m[2], [...(bySchema.get(m[2]) ?? []), `${file}: ${m[1]}`]);
  }
  for (const names of bySchema.values()) if (names.length > 1) found.push(...names);
  return found;
}

/** Route files of the api: `api/src/domains/<domain>/routes/*.ts`. */
export function routeFiles(root: string): string[] {
  return walk(path.join(root, 'api/src/domains'), (p) => isSource(p) && p.split(path.sep).includes('routes'));
}

export interface InlineShape {
  line: number;
  /** The route option the shape stands in (`body`, `querystring`, `params`, `headers`), or the const it is kept in. */
  where: string;
  text: string;
}

const REQUEST_PARTS = new Set(['body', 'querystring', 'query', 'params', 'headers']);

/**
 * TypeBox builder calls (`Type.Object(…)`, `Type.String()`…) in a route file that are not under a `response` map:
 * request shapes written inline. Only the outermost call of a nest is listed.
 */
export function inlineRequestShapes(file: string, text: string): InlineShape[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: InlineShape[] = [];
  const isTypeCall = (n: ts.Node): n is ts.CallExpression =>
    ts.isCallExpression(n) &&
    ts.isPropertyAccessExpression(n.expression) &&
    ts.isIdentifier(n.expression.expression) &&
    n.expression.expression.text === 'Type';
  const nameOf = (n: ts.Node) =>
    (ts.isPropertyAssignment(n) || ts.isVariableDeclaration(n)) && ts.isIdentifier(n.name)
      ? n.name.text
      : null;
  const visit = (node: ts.Node) => {
    if (isTypeCall(node)) {
      let where: string | null = null;
      let inResponse = false;
      for (let up: ts.Node | undefined = node.parent; up; up = up.parent) {
        const name = nameOf(up);
        if (name === 'response') inResponse = true;
        if (name && where === null && (REQUEST_PARTS.has(name) || ts.isVariableDeclaration(up))) where = name;
        if (ts.isShorthandPropertyAssignment(up) && where === null) where = up.name.text;
      }
      if (!inResponse) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push({ line: line + 1, where: where ?? '?', text: node.getText().slice(0, 80) });
      }
      return; // the outermost call only
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
