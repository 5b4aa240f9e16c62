#!/usr/bin/env node
// What the size of an answer costs bare Fastify (docs/adr/0009-request-overhead.md): one process with two routes, a 17 B hello and the same
// pre-serialised JSON bytes for every request (about the size of members.php or chats.php), each measured twice
// with autocannon (100 connections, 3 s after a 1 s warm-up); req/s and the server's CPU per request (/proc).
// It is the ceiling for an endpoint that sends that many bytes: no app stack can do better than this ratio.
//   node tools/bench/bare-size.mjs [bytes]     default 14,404 B (20 objects)
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const size = Number(process.argv[process.argv[2] === 'server' ? 3 : 2] ?? 14_404);

if (process.argv[2] === 'server') {
  const Fastify = createRequire(path.join(ROOT, 'api', 'package.json'))('fastify');
  const app = Fastify({ logger: false });
  const each = Math.max(1, Math.floor((size - 20) / 20) - 20);
  const big = Buffer.from(
    JSON.stringify({ profiles: Array.from({ length: 20 }, (_, i) => ({ id: i, name: 'x'.repeat(each) })) }),
  );
  app.get('/hello', async () => ({ hello: 'world' }));
  app.get('/big', async (_req, reply) => reply.type('application/json; charset=utf-8').send(big));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send(`${app.server.address().port} ${big.length}`);
} else {
  const child = fork(fileURLToPath(import.meta.url), ['server', String(size)]);
  const [port, bytes] = (await new Promise((resolve) => child.once('message', resolve))).split(' ');
  const cpu = () => {
    const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 1e4;
  };
  const run = (url, duration, connections) =>
    new Promise((resolve, reject) =>
      autocannon({ url, connections, duration }, (err, res) => (err ? reject(err) : resolve(res))),
    );
  for (let round = 1; round <= 2; round++) {
    for (const route of ['/hello', '/big']) {
      const url = `http://127.0.0.1:${port}${route}`;
      await run(url, 1, 10);
      const before = cpu();
      const res = await run(url, 3, 100);
      const perRequest = (cpu() - before) / res.requests.total;
      console.log(
        `round ${round} ${route === '/big' ? `${bytes} B` : 'hello'}: ${Math.round(res.requests.average)} req/s, ` +
          `${perRequest.toFixed(1)} µs/req`,
      );
    }
  }
  child.kill();
}
