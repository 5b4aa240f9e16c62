#!/usr/bin/env node
// The yardstick of the api throughput bench: the Fastify the api depends on (resolved from api/, so the same
// version), one hello route at the same path as the app's, no plugins, no logger. Prints `ready <port> <version>`.
//   node tools/bench/bare-fastify.mjs <port>
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(path.join(ROOT, 'api', 'package.json'));
const Fastify = require('fastify');
const { version } = require('fastify/package.json');

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });
app.get('/api/_bench/hello', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`ready ${app.server.address().port} ${version}\n`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => app.close().then(() => process.exit(0)));
