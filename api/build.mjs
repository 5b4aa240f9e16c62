// Bundles the server into dist/server.js: our code and @dating/shared sources are bundled, every other package
// stays in node_modules (native modules such as sharp and argon2, data files of geoip/country-state-city).
import { build } from 'esbuild';
import { cpSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
// API_DIST_DIR: another output folder (a test that starts the built server without touching dist/).
const dist = process.env.API_DIST_DIR ? path.resolve(process.env.API_DIST_DIR) : path.join(dir, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@dating/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: [path.join(dir, 'src/server.ts')],
  outfile: path.join(dist, 'server.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  legalComments: 'none',
  plugins: [externalPackages],
  logLevel: 'warning',
});
cpSync(path.join(dir, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
// The server-rendering worker thread (plain CommonJS, loaded from next to server.js: sites/ssr.ts).
cpSync(path.join(dir, 'src/domains/sites/ssr-worker.cjs'), path.join(dist, 'ssr-worker.cjs'));
console.log(`api: built ${path.relative(dir, path.join(dist, 'server.js'))}`);
