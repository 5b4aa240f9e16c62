#!/usr/bin/env node
// The api's import graph (relative imports of api/src, type-only ones included; tests and src/testing left out):
// its circles (strongly connected components of more than one file) and the imports from lib/, db/ or plugins/ into
// domains/ (the lint rule layers/no-domain-imports forbids those). Usage: node tools/api-import-graph.mjs [-v]
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(path.join(root, 'package.json'));
const ts = require('typescript');
const src = path.join(root, 'api/src');
const files = [];
(function walk(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) {
      if (e.name !== '__tests__' && e.name !== 'testing') walk(p);
    } else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !/\.d\.ts$/.test(e.name)) files.push(p);
  }
})(src);
const set = new Set(files);
const graph = new Map();
function resolve(from, spec) {
  const b = path.resolve(path.dirname(from), spec);
  for (const c of [b, b + '.ts', path.join(b, 'index.ts'), b.replace(/\.js$/, '.ts')])
    if (set.has(c)) return c;
  return null;
}
for (const f of files) {
  const info = ts.preProcessFile(fs.readFileSync(f, 'utf8'), true, true);
  graph.set(f, [
    ...new Set(
      info.importedFiles
        .map((i) => i.fileName)
        .filter((s) => s.startsWith('.'))
        .map((s) => resolve(f, s))
        .filter(Boolean),
    ),
  ]);
}
let idx = 0;
const st = [],
  on = new Set(),
  ix = new Map(),
  low = new Map(),
  sccs = [];
function sc(v) {
  ix.set(v, idx);
  low.set(v, idx++);
  st.push(v);
  on.add(v);
  for (const w of graph.get(v)) {
    if (!ix.has(w)) {
      sc(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), ix.get(w)));
  }
  if (low.get(v) === ix.get(v)) {
    const c = [];
    let w;
    do {
      w = st.pop();
      on.delete(w);
      c.push(w);
    } while (w !== v);
    if (c.length > 1) sccs.push(c);
  }
}
for (const f of files) if (!ix.has(f)) sc(f);
const rel = (f) => path.relative(src, f);
const layer = (f) => rel(f).split(path.sep)[0];
const up = [];
for (const [f, ds] of graph)
  if (['lib', 'db', 'plugins'].includes(layer(f)))
    for (const d of ds) if (layer(d) === 'domains') up.push(`${rel(f)} -> ${rel(d)}`);
sccs.sort((a, b) => b.length - a.length);
console.log(
  `files ${files.length}; circles (SCCs > 1 file) ${sccs.length}; sizes ${sccs.map((c) => c.length).join(', ')}`,
);
console.log(`imports from lib/db/plugins into domains: ${up.length}`);
if (process.argv.includes('-v')) {
  console.log(up.join('\n'));
  sccs.forEach((c, i) => console.log(`SCC ${i}:`, c.map(rel).sort().join(' ')));
}
