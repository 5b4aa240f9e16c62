import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * The server bundles of the shell, mf-landers and mf-account (docs/adr/0030), as `npm run build` writes them into each app's
 * `dist/server/`: built here when missing (webpack, only the server configuration; its filesystem cache makes a
 * rebuild quick), so the api's server-rendering tests run against the real bundles in a fresh checkout too.
 */
export function serverBundles(): {
  shell: string;
  landers: string;
  landersManifest: string | null;
  account: string;
} {
  const shell = path.join(ROOT, 'shell/dist/server/render.js');
  const landers = path.join(ROOT, 'mf-landers/dist/server/remoteEntry.js');
  const account = path.join(ROOT, 'mf-account/dist/server/remoteEntry.js');
  for (const [app, file, name] of [
    ['shell', shell, 'shell-server'],
    ['mf-landers', landers, 'mf_landers-server'],
    ['mf-account', account, 'mf_account-server'],
  ] as const) {
    // With its source map (docs/adr/0032: a server render's error is mapped to source); a bundle built before the
    // maps existed is built again.
    if (existsSync(file) && statSync(file).size > 0 && existsSync(`${file}.map`)) continue;
    const cli = require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] });
    const run = spawnSync(
      process.execPath,
      [cli, '--mode', 'production', '--config', 'webpack.config.js', '--config-name', name],
      {
        cwd: path.join(ROOT, app),
        encoding: 'utf8',
      },
    );
    if (run.status !== 0)
      throw new Error(`building ${app}'s server bundle failed:\n${run.stdout}\n${run.stderr}`);
  }
  const manifest = path.join(ROOT, 'mf-landers/dist/mf-manifest.json');
  return { shell, landers, landersManifest: existsSync(manifest) ? manifest : null, account };
}
