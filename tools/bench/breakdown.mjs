// Which library each JS file of an app's build holds, with its gzip size: the per-library breakdown of the
// performance ADR. `node tools/bench/breakdown.mjs shell` (after a build: it reads dist/ and webpack stats).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function packageOf(name) {
  const match = name.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (match) return match[1];
  if (name.includes('shared/src')) return '@dating/shared';
  if (name.startsWith('webpack/') || name.includes('(webpack)')) return 'webpack runtime';
  return 'app';
}

/** Runs a production build of `dir` through the Node API and returns [{ file, gzip, packages }]. */
export async function breakdown(dir) {
  const webpack = require('webpack');
  // An app's config is its browser build's factory, or [browser, server] (the server bundle of ADR 0030).
  const exported = require(path.join(dir, 'webpack.config.js'));
  const browser = Array.isArray(exported) ? exported[0] : exported;
  const config = typeof browser === 'function' ? browser({}, { mode: 'production' }) : browser;
  const stats = await new Promise((resolve, reject) =>
    webpack(config, (error, result) => (error ? reject(error) : resolve(result))),
  );
  const json = stats.toJson({
    all: false,
    chunks: true,
    chunkModules: true,
    nestedModules: true,
    ids: true,
    cachedModules: true,
    chunkModulesSpace: 1e9,
    nestedModulesSpace: 1e9,
    orphanModules: true,
    runtimeModules: true,
    dependentModules: true,
  });
  const rows = [];
  for (const chunk of json.chunks) {
    const sizes = {};
    const add = (module) => {
      if (module.modules) return module.modules.forEach(add);
      // The resource is after the last loader `!`; CSS that mini-css-extract moves out does not count.
      const pkg = packageOf((module.name || '').split('!').pop());
      const js = module.sizes ? (module.sizes.javascript ?? 0) : module.size || 0;
      sizes[pkg] = (sizes[pkg] || 0) + js;
    };
    (chunk.modules || []).forEach(add);
    for (const file of chunk.files.filter((f) => f.endsWith('.js'))) {
      const gzip = zlib.gzipSync(fs.readFileSync(path.join(dir, 'dist', file)), { level: 9 }).length;
      const total = Object.values(sizes).reduce((a, b) => a + b, 0) || 1;
      const packages = Object.entries(sizes)
        .sort((a, b) => b[1] - a[1])
        .map(([pkg, size]) => `${pkg} ${Math.round((100 * size) / total)}%`);
      rows.push({ file, gzip, packages });
    }
  }
  return rows.sort((a, b) => b.gzip - a.gzip);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const app = process.argv[2] || 'shell';
  const dir = path.isAbsolute(app) ? app : path.join(root, app);
  for (const row of await breakdown(dir)) {
    console.log(
      `${(row.gzip / 1024).toFixed(1).padStart(7)} KB  ${row.file.padEnd(44)} ${row.packages.join(', ')}`,
    );
  }
}
