#!/usr/bin/env node
// npm run promote -- <app>: the app's canary becomes its stable version (the experiment ends).
import { appFolder, dataDir } from './lib/apps.mjs';
import { promote } from './lib/site.mjs';

const args = process.argv.slice(2);
if (args.length !== 1 || args[0].startsWith('-')) {
  console.error('usage: npm run promote -- <app>');
  process.exit(2);
}
try {
  await promote(appFolder(args[0]), { dataDir: dataDir() });
} catch (error) {
  console.error(`promote failed: ${error.message}`);
  process.exit(1);
}
