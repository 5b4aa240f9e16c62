#!/usr/bin/env node
// npm run registry: prints the deploy registry as JSON (what every node serves: each app's current version, its
// history and canary, and the versions published in storage). Same settings as `npm run deploy`.
import { dataDir } from './lib/apps.mjs';
import { readRegistry } from './lib/site.mjs';

if (process.argv.length > 2) {
  console.error('usage: npm run registry');
  process.exit(2);
}
try {
  console.log(JSON.stringify(await readRegistry(dataDir()), null, 2));
} catch (error) {
  console.error(`registry failed: ${error.message}`);
  process.exit(1);
}
