// The api's import graph stays as ADR 0038 has it: no loop between domains (folder level, type imports included)
// and no import running up the layers or up DOMAIN_ORDER (tools/eslint/api-structure.mjs). Lint catches each new
// import (layers/one-way, domains/order); this runs the whole graph (tools/api-import-graph.mjs), so an import the
// lint rules do not see (a file outside their globs, a rule switched off in a line) fails here.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

interface Graph {
  files: number;
  domains: string[];
  domainEdges: Record<string, string[]>;
  domainCycles: string[][];
  upward: string[];
  fileCycles: string[][];
}

// The graph script is an ES module of its own (also a command): run as one, its answer read as JSON.
const graph = JSON.parse(
  execFileSync(process.execPath, [path.join(root, 'tools/api-import-graph.mjs'), '--json'], {
    cwd: root,
    encoding: 'utf8',
  }),
) as Graph;

test('the graph is read: every domain folder, and the imports between them', () => {
  expect(graph.files).toBeGreaterThan(200);
  expect(graph.domains).toEqual(expect.arrayContaining(['accounts', 'audit', 'payments', 'staff']));
  expect(graph.domainEdges.staff).toEqual(expect.arrayContaining(['accounts', 'payments']));
});

test('no loop between domains', () => {
  expect(graph.domainCycles).toEqual([]);
});

test('no import runs up the layers or up the domain order', () => {
  expect(graph.upward).toEqual([]);
});

test('no loop between files', () => {
  expect(graph.fileCycles).toEqual([]);
});

test('api/src/domains holds only domains: the composition root is api/src/app', () => {
  const loose = readdirSync(path.join(root, 'api/src/domains'), { withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => entry.name);
  expect(loose).toEqual([]);
});
