// The api's structure in one place (api/README.md, ADR 0038), read by the lint rules (./layers.mjs,
// ./domain-boundaries.mjs) and by the import-graph check (tools/api-import-graph.mjs, tools/api-import-graph.test.ts).
//
// Layers, each importing only its own layer or those below it (type imports count: a type names a dependency too):
//   0 base      config.ts, lib/, db/            what every part needs; knows no domain
//   1 plugins   plugins/                        Fastify plugins of the infrastructure
//   2 domains   domains/<domain>/               the features, in DOMAIN_ORDER below
//   3 app       app/                            the composition root: buildApp, services, routes, request context,
//                                               schema
//   4 seed      seed/                           the demo data, built on the app's services
//   5 start     server.ts                       the start command: builds the app, seeds an empty database, listens
// Tests (`__tests__/`, `*.test.ts`) and the test helpers (`testing/`) stand outside and may import anything.
import fs from 'node:fs';
import path from 'node:path';

export const LAYERS = ['base', 'plugins', 'domains', 'app', 'seed', 'start'];

/**
 * The domains from the bottom up: a domain imports only domains listed before it, so no loop between domains can
 * form. A new domain is added here at the place its imports allow (below every domain that will use it).
 */
export const DOMAIN_ORDER = [
  'audit',
  'sites',
  'payments',
  'members',
  'chat',
  'accounts',
  'likes',
  'experiments',
  'live',
  'staff',
];

const SRC = `${path.sep}api${path.sep}src${path.sep}`;

/**
 * Where a file of api/src stands: its layer, and for a domain's file the domain; null outside api/src and for
 * tests and test helpers (not part of the layers).
 */
export function placeOf(file) {
  const at = file.lastIndexOf(SRC);
  if (at < 0) return null;
  const parts = file.slice(at + SRC.length).split(path.sep);
  if (parts.includes('__tests__') || /\.test\.tsx?$/.test(parts[parts.length - 1])) return null;
  const top = parts[0];
  if (parts.length === 1) {
    const name = top.replace(/\.(ts|js|mjs)$/, '');
    if (name === 'config') return { layer: 'base' };
    if (name === 'app') return { layer: 'app' };
    if (name === 'server') return { layer: 'start' };
    return null;
  }
  if (top === 'lib' || top === 'db') return { layer: 'base' };
  if (top === 'plugins') return { layer: 'plugins' };
  if (top === 'app') return { layer: 'app' };
  if (top === 'seed') return { layer: 'seed' };
  // A file directly in domains/ belongs to no domain (the composition root is app/): tools/api-import-graph.test.ts
  // refuses one.
  if (top === 'domains') return parts.length > 2 ? { layer: 'domains', domain: parts[1] } : null;
  return null;
}

/** The layer's rank (0 = base), or -1. */
export const rankOf = (layer) => LAYERS.indexOf(layer);

/**
 * Where an import's target stands: `from` importing `specifier` (relative). A path that is a file (`../app`,
 * `../domains/services`) is that file; otherwise a folder's index.ts (`../domains/sites`).
 */
export function placeOfImport(from, specifier) {
  const target = path.resolve(path.dirname(from), specifier);
  const file = /\.(ts|js|mjs)$/.test(target) ? target.replace(/\.(js|mjs)$/, '.ts') : `${target}.ts`;
  if (fs.existsSync(file)) return placeOf(file);
  return placeOf(path.join(target, 'index.ts')) ?? placeOf(file);
}
