#!/usr/bin/env node
// The api's import graph (relative imports of api/src, type-only ones included: a type names a dependency too; tests
// and src/testing left out), checked against the structure of tools/eslint/api-structure.mjs:
//   - loops between domains: the strongly connected components of the graph of domains (folder level: any file of
//     domain a importing any file of domain b is an edge a → b), so a loop through several files and domains counts;
//   - imports that run up: a file importing a layer above its own (config.ts or lib/ importing a domain, app/ the
//     seed), or a domain importing a domain above it in DOMAIN_ORDER;
//   - loops between files (reported; inside one domain or layer they are that folder's business).
// Usage: node tools/api-import-graph.mjs [-v] [--json]. tools/api-import-graph.test.ts keeps the first two at zero.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { DOMAIN_ORDER, placeOf, rankOf } from './eslint/api-structure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Strongly connected components of more than one node (Tarjan), each sorted. */
function cycles(nodes, edges) {
  let next = 0;
  const stack = [];
  const onStack = new Set();
  const index = new Map();
  const low = new Map();
  const found = [];
  function visit(v) {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) found.push(c.sort());
    }
  }
  for (const v of nodes) if (!index.has(v)) visit(v);
  return found.sort((a, b) => b.length - a.length);
}

/** The graph of api/src and what breaks the structure. */
export function analyse(srcDir = path.join(root, 'api/src')) {
  const require = createRequire(path.join(root, 'package.json'));
  const ts = require('typescript');
  const files = [];
  (function walk(d) {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== '__tests__' && e.name !== 'testing') walk(p);
      } else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !/\.d\.ts$/.test(e.name))
        files.push(p);
    }
  })(srcDir);
  const known = new Set(files);
  const resolve = (from, spec) => {
    const b = path.resolve(path.dirname(from), spec);
    for (const c of [b, `${b}.ts`, path.join(b, 'index.ts'), b.replace(/\.js$/, '.ts')])
      if (known.has(c)) return c;
    return null;
  };
  const rel = (f) => path.relative(srcDir, f);
  const fileEdges = new Map();
  const domainEdges = new Map();
  const upward = [];
  for (const f of files) {
    const info = ts.preProcessFile(fs.readFileSync(f, 'utf8'), true, true);
    const targets = [
      ...new Set(
        info.importedFiles
          .map((i) => i.fileName)
          .filter((s) => s.startsWith('.'))
          .map((s) => resolve(f, s))
          .filter(Boolean),
      ),
    ];
    fileEdges.set(f, targets);
    const from = placeOf(f);
    if (!from) continue;
    for (const t of targets) {
      const to = placeOf(t);
      if (!to) continue;
      const line = `${rel(f)} -> ${rel(t)}`;
      if (rankOf(to.layer) > rankOf(from.layer)) {
        upward.push(`${line}  (${from.layer} imports ${to.layer})`);
      } else if (from.domain && to.domain && from.domain !== to.domain) {
        if (!domainEdges.has(from.domain)) domainEdges.set(from.domain, new Set());
        domainEdges.get(from.domain).add(to.domain);
        const a = DOMAIN_ORDER.indexOf(from.domain);
        const b = DOMAIN_ORDER.indexOf(to.domain);
        if (a < 0 || b < 0)
          upward.push(`${line}  (${a < 0 ? from.domain : to.domain} is not in DOMAIN_ORDER)`);
        else if (b > a) upward.push(`${line}  (domain ${from.domain} imports ${to.domain}, above it)`);
      }
    }
  }
  const domains = [...new Set(files.map((f) => placeOf(f)?.domain).filter(Boolean))].sort();
  return {
    files: files.length,
    domains,
    domainEdges: Object.fromEntries(
      [...domainEdges].sort(([a], [b]) => a.localeCompare(b)).map(([a, bs]) => [a, [...bs].sort()]),
    ),
    domainCycles: cycles(domains, domainEdges),
    upward: upward.sort(),
    fileCycles: cycles(files, fileEdges).map((c) => c.map(rel)),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = analyse();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(r, null, 2));
  } else {
    console.log(
      `files ${r.files}; domains ${r.domains.length}; loops between domains ${r.domainCycles.length}` +
        `${r.domainCycles.length ? ` (${r.domainCycles.map((c) => c.join(' ↔ ')).join('; ')})` : ''}; ` +
        `imports running up ${r.upward.length}; loops between files ${r.fileCycles.length}` +
        `${r.fileCycles.length ? ` (sizes ${r.fileCycles.map((c) => c.length).join(', ')})` : ''}`,
    );
    if (process.argv.includes('-v')) {
      for (const [a, bs] of Object.entries(r.domainEdges)) console.log(`domain ${a} -> ${bs.join(', ')}`);
      for (const u of r.upward) console.log(`up: ${u}`);
      r.fileCycles.forEach((c, i) => console.log(`file loop ${i}: ${c.join(' ')}`));
    }
  }
}
