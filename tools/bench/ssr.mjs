// Server-rendered landers (docs/adr/0030), side by side with client rendering: the same build served by two
// servers, one with SSR on and one with SSR=off (today's static HTML). Prints the latency of `/` (and one lander)
// at 50 concurrent visitors (p50/p97.5/p99 as autocannon reports them, p97.5 standing in for p95; req/s; each request a new visitor: no cookies), then Lighthouse mobile
// on `/` and the landers for both. Target: p95 of a rendered lander < 30 ms; LCP ≤ 1.5 s, performance ≥ 95.
//   node tools/bench/ssr.mjs [--no-lighthouse]      (after npm run build; called by npm run bench)
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startTempServer } from '../lib/server.mjs';

const CONNECTIONS = 50;
const SECONDS = 10;

function load(url) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS }, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

export async function runSsrBench({ lighthouse = true } = {}) {
  const servers = {};
  try {
    servers.ssr = await startTempServer();
    servers.csr = await startTempServer({ env: { SSR: 'off' } });
    console.log(
      `\n== server rendering: ${CONNECTIONS} concurrent, ${SECONDS} s per row, new visitor per request; ` +
        `load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} on ${os.cpus().length} cores`,
    );
    console.log(`${'page'.padEnd(34)} ${'p50'.padStart(7)} ${'p97.5'.padStart(7)} ${'p99'.padStart(7)} ${'req/s'.padStart(7)}`);
    for (const path of ['/', '/landers/gallery']) {
      for (const [name, server] of [['server-rendered', servers.ssr], ['static HTML (SSR=off)', servers.csr]]) {
        // Warm: the first render of a version loads its bundles.
        await fetch(`${server.url}${path}`);
        const r = await load(`${server.url}${path}`);
        console.log(
          `${`${path} ${name}`.padEnd(34)} ${`${r.latency.p50} ms`.padStart(7)} ${`${r.latency.p97_5} ms`.padStart(7)} ` +
            `${`${r.latency.p99} ms`.padStart(7)} ${String(Math.round(r.requests.average)).padStart(7)}` +
            (r.non2xx ? `  (${r.non2xx} non-2xx)` : ''),
        );
      }
    }
    if (lighthouse) {
      const { runLighthouse } = await import('./lighthouse.mjs');
      console.log('\n-- Lighthouse, server-rendered');
      await runLighthouse(servers.ssr.url);
      console.log('\n-- Lighthouse, client-rendered (SSR=off)');
      await runLighthouse(servers.csr.url);
    }
  } finally {
    for (const server of Object.values(servers)) await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runSsrBench({ lighthouse: !process.argv.includes('--no-lighthouse') });
}
