// The remote contract at build time (shared/src/remotes.ts): every remote's webpack `exposes` is the list of the
// contract, and every exposed file checks its default export against the contract's props. tsc then fails on a
// remote exposing the wrong props (see shared/src/remotes.type-test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_EXPOSES } from '../shared/src/remotes';

const root = path.resolve(__dirname, '..');

/** Exposed by a server container only (the api reads it, not the shell: docs/adr/0030), so not in the contract. */
const SERVER_ONLY_EXPOSES = new Set(['ServerInfo']);

function exposesOf(app: string): { name: string; exposes: Record<string, string> } {
  const config = readFileSync(path.join(root, app, 'webpack.config.js'), 'utf8');
  const name = /name: '(\w+)'/.exec(config)?.[1];
  if (!name) throw new Error(`${app}/webpack.config.js names no remote`);
  const exposes = Object.fromEntries(
    [...config.matchAll(/'\.\/(\w+)': '\.\/([^']+)'/g)]
      .filter((m) => !SERVER_ONLY_EXPOSES.has(m[1]!))
      .map((m) => [m[1]!, m[2]!]),
  );
  return { name, exposes };
}

const apps = Object.keys(REMOTE_EXPOSES).map((name) => name.replace('_', '-'));

test.each(apps)('%s exposes exactly the modules of the contract', (app) => {
  const { name, exposes } = exposesOf(app);
  expect(Object.keys(exposes).sort()).toEqual(
    [...REMOTE_EXPOSES[name as keyof typeof REMOTE_EXPOSES]].sort(),
  );
});

test.each(apps)('every exposed file of %s checks its default export against the contract', (app) => {
  const { name, exposes } = exposesOf(app);
  for (const [module, file] of Object.entries(exposes)) {
    const source = readFileSync(path.join(root, app, file), 'utf8');
    expect(source).toMatch(
      new RegExp(`^export default .* satisfies RemoteComponent<'${name}/${module}'>;$`, 'm'),
    );
  }
});
