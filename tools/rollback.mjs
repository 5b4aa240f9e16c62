#!/usr/bin/env node
// npm run rollback -- <app>: ends the app's experiment (removes its canary) if one runs, else switches the
// registry back to the app's previous version.
import { appFolder, dataDir } from './lib/apps.mjs';
import { rollback } from './lib/site.mjs';

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: npm run rollback -- <app> [<app>…]');
  process.exit(2);
}
try {
  for (const app of args) await rollback(appFolder(app), { dataDir: dataDir() });
} catch (error) {
  console.error(`rollback failed: ${error.message}`);
  process.exit(1);
}
