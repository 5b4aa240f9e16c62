#!/usr/bin/env node
// npm run deploy -- <app> [<app>…] [--dist <dir>]
// npm run deploy -- <app> --canary <weight> [--steps <w1,…,100> | --auto] [--dist <dir> | --version <version>]
// Publishes each app's dist/ (every file, server bundles too) as an immutable version in object storage and
// switches the registry in the database to it; with --canary, serves the build (or an already published version)
// to <weight> % of visitors as an experiment; with --steps (or --auto: 10,25,50,100) as a rollout that the canary
// guard raises step by step, or rolls back by itself (docs/adr/0032-canary-guard.md). The weight defaults to the
// first step. Works from any machine with DATABASE_URL and S3_* (else DATA_DIR).
import { appFolder, dataDir } from './lib/apps.mjs';
import { deployCanary, withRegistry } from './lib/site.mjs';

const USAGE =
  'usage: npm run deploy -- <app> [<app>…]   (or one app with --dist <dir>)\n' +
  '       npm run deploy -- <app> --canary <0-100> [--steps <w1,…,100> | --auto] [--dist <dir> | --version <version>]';

const args = process.argv.slice(2);
function option(name) {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  if (value === undefined || value.startsWith('--')) {
    console.error(`deploy failed: ${name} needs a value\n${USAGE}`);
    process.exit(2);
  }
  return value;
}
const distDir = option('--dist');
let canary = option('--canary');
const version = option('--version');
let steps = option('--steps');
const autoAt = args.indexOf('--auto');
if (autoAt >= 0) {
  args.splice(autoAt, 1);
  if (steps !== undefined) {
    console.error(`deploy failed: --auto is --steps 10,25,50,100; give one or the other\n${USAGE}`);
    process.exit(2);
  }
  steps = '10,25,50,100';
}
// A rollout starts at its first step.
if (steps !== undefined && canary === undefined) canary = steps.split(',')[0];
const unknownOptions = args.filter((arg) => arg.startsWith('-'));
if (unknownOptions.length > 0) {
  console.error(`deploy failed: unknown option ${unknownOptions.join(', ')}\n${USAGE}`);
  process.exit(2);
}
if (
  args.length === 0 ||
  ((distDir || canary !== undefined) && args.length !== 1) ||
  (version && canary === undefined)
) {
  console.error(USAGE);
  process.exit(2);
}
// A bad weight is refused before anything is opened or published.
if (canary !== undefined && (!/^\d{1,3}$/.test(canary) || Number(canary) > 100)) {
  console.error(
    `deploy failed: canary weight must be a whole number from 0 to 100 (percent of visitors), not "${canary}"`,
  );
  process.exit(1);
}
try {
  // Every name is checked before anything is published: a typo in the second app changes nothing.
  const folders = args.map(appFolder);
  if (canary !== undefined) {
    await deployCanary(folders[0], {
      dataDir: dataDir(),
      weight: canary,
      ...(steps !== undefined ? { steps } : {}),
      ...(version ? { version } : {}),
      ...(distDir ? { distDir } : {}),
    });
  } else {
    await withRegistry(dataDir(), console.log, async ({ deploy }) => {
      for (const folder of folders) await deploy(folder, distDir);
    });
  }
} catch (error) {
  console.error(`deploy failed: ${error.message}`);
  process.exit(1);
}
