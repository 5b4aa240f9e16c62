#!/usr/bin/env node
// npm run rollback -- <app>: ends the app's experiment (removes its canary) if one runs, else switches the
// registry back to the app's previous version.
import { appFolder, dataDir } from './lib/apps.mjs';
import { rollback } from './lib/site.mjs';

const args = process.argv.slice(2);
if (args.length === 0 || args.some((arg) => arg.startsWith('-'))) {
  console.error('usage: npm run rollback -- <app> [<app>…]');
  process.exit(2);
}
try {
  // Every name is checked before anything is switched back.
  const folders = args.map(appFolder);
  for (const folder of folders) await rollback(folder, { dataDir: dataDir() });
} catch (error) {
  console.error(`rollback failed: ${error.message}`);
  process.exit(1);
}
