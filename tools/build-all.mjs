#!/usr/bin/env node
// npm run build: every app into its own dist/ (two at a time, cached), then the api.
// `npm run build -- mf-chat mf-payments` builds only those; one app alone: `npm run build -w @dating/mf-chat`.
import { APPS, appFolder } from './lib/apps.mjs';
import { buildApi, buildApp, hasApiBuild, pool } from './lib/build.mjs';

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const apps = requested.length ? requested.filter((a) => a !== 'api').map(appFolder) : APPS;
const withApi = (requested.length === 0 || requested.includes('api')) && hasApiBuild();

const started = Date.now();
const tasks = apps.map((app) => () => buildApp(app));
if (withApi) tasks.push(() => buildApi());
const results = await pool(tasks, Number(process.env.BUILD_CONCURRENCY) || 2);
for (const { label, code, ms } of results) {
  console.log(`${code === 0 ? 'built ' : 'FAILED'} ${label.padEnd(12)} ${(ms / 1000).toFixed(1)} s`);
}
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (results.some((result) => result.code !== 0)) process.exit(1);
