// Server-rendered landers (docs/adr/0030), side by side with client rendering: the same build served by two
// servers, one with SSR on and one with SSR=off (today's static HTML). Prints the latency of `/` (and one lander)
// at 50 concurrent visitors (p50/p97.5/p99 as autocannon reports them, p97.5 standing in for p95; req/s; each
// request a new visitor: no cookies), and the server's CPU time per request (its process's user + system time over
// the run, divided by the requests answered: less sensitive to other work on the machine than the latency), then
// Lighthouse mobile on `/` and the landers for both. Target: p95 of a rendered lander < 30 ms; LCP ≤ 1.5 s,
// performance ≥ 95.
//   node tools/bench/ssr.mjs [--no-lighthouse] [--no-cache] [--cpu-prof=<dir>]   (after npm run build; npm run bench)
// --no-cache: the rendered-page cache off (CACHES_OFF=ssr) on the server-rendered side, i.e. every request renders.
// --cpu-prof=<dir>: the server-rendered server runs with `node --cpu-prof` (a .cpuprofile per thread in <dir>).
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startTempServer } from '../lib/server.mjs';

const CONNECTIONS = 50;
const SECONDS = 10;

function load(url) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );
}

/** The process's user + system CPU time in ms (all its threads), from /proc (Linux). */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

export async function runSsrBench({ lighthouse = true, cache = true, cpuProf = null } = {}) {
  const servers = {};
  try {
    servers.ssr = await startTempServer({
      env: cache ? {} : { CACHES_OFF: 'ssr' },
      nodeArgs: cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : [],
    });
    servers.csr = await startTempServer({ env: { SSR: 'off' } });
    console.log(
      `\n== server rendering (rendered-page cache ${cache ? 'on' : 'off'}): ${CONNECTIONS} concurrent, ${SECONDS} s ` +
        `per row, new visitor per request; load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')} on ` +
        `${os.cpus().length} cores`,
    );
    console.log(
      `${'page'.padEnd(34)} ${'p50'.padStart(8)} ${'p97.5'.padStart(8)} ${'p99'.padStart(8)} ${'req/s'.padStart(6)} ${'CPU/req'.padStart(9)}  load`,
    );
    for (const path of ['/', '/landers/gallery']) {
      for (const [name, server] of [
        ['server-rendered', servers.ssr],
        ['static HTML (SSR=off)', servers.csr],
      ]) {
        // Warm: the first render of a version loads its bundles (in each worker).
        for (let i = 0; i < 4; i++)
          await Promise.all([fetch(`${server.url}${path}`), fetch(`${server.url}${path}`)]);
        const before = cpuMs(server.pid);
        const r = await load(`${server.url}${path}`);
        const cpu = (cpuMs(server.pid) - before) / Math.max(1, r.requests.total);
        console.log(
          `${`${path} ${name}`.padEnd(34)} ${`${r.latency.p50} ms`.padStart(8)} ${`${r.latency.p97_5} ms`.padStart(8)} ` +
            `${`${r.latency.p99} ms`.padStart(8)} ${String(Math.round(r.requests.average)).padStart(6)} ` +
            `${`${cpu.toFixed(1)} ms`.padStart(9)}  ${os.loadavg()[0].toFixed(1)}` +
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
  const cpuProf = process.argv.find((arg) => arg.startsWith('--cpu-prof='))?.split('=')[1] ?? null;
  await runSsrBench({
    lighthouse: !process.argv.includes('--no-lighthouse'),
    cache: !process.argv.includes('--no-cache'),
    cpuProf,
  });
}
