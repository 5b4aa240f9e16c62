#!/usr/bin/env node
// The yardstick of the api throughput bench: the Fastify the api depends on (resolved from api/, so the same
// version), one hello route at the same path as the app's. Prints `ready <port> <version>`.
//   node tools/bench/bare-fastify.mjs <port>                 no plugins, no logger
//   BARE_STACK='{"header":"value",…}' node tools/bench/bare-fastify.mjs <port>
//     the same standard parts the app runs on every request (docs/adr/0031-send-near-the-database-and-live-fan-out.md): the given headers on every answer (the
//     bench passes the app's own security headers, read from its hello answer), @fastify/cookie,
//     @fastify/compress and Fastify's logger at info level (its two lines per request, to /dev/null)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(path.join(ROOT, 'api', 'package.json'));
const Fastify = require('fastify');
const { version } = require('fastify/package.json');

const port = Number(process.argv[2] ?? 0);
const stack = process.env.BARE_STACK ? JSON.parse(process.env.BARE_STACK) : undefined;
const app = Fastify({
  logger: stack ? { level: 'info', stream: fs.createWriteStream('/dev/null') } : false,
});
if (stack) {
  await app.register(require('@fastify/cookie'));
  await app.register(require('@fastify/compress'));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(stack);
    done();
  });
}
app.get('/api/_bench/hello', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`ready ${app.server.address().port} ${version}\n`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => app.close().then(() => process.exit(0)));
