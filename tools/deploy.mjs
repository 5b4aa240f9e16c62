#!/usr/bin/env node
// npm run deploy -- <app> [<app>…] [--dist <dir>]
// Publishes each app's dist/ as an immutable version in $DATA_DIR/site and switches the registry to it.
import { appFolder, dataDir } from './lib/apps.mjs';
import { deploy } from './lib/site.mjs';

const args = process.argv.slice(2);
const distAt = args.indexOf('--dist');
const distDir = distAt >= 0 ? args.splice(distAt, 2)[1] : undefined;
if (args.length === 0 || (distDir && args.length !== 1)) {
  console.error('usage: npm run deploy -- <app> [<app>…]   (or one app with --dist <dir>)');
  process.exit(2);
}
try {
  for (const app of args) {
    await deploy(appFolder(app), { dataDir: dataDir(), ...(distDir ? { distDir } : {}) });
  }
} catch (error) {
  console.error(`deploy failed: ${error.message}`);
  process.exit(1);
}
