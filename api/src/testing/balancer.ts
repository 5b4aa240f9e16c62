import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer for the multi-node tests, set up as the README asks of a real one: it asks each node's
 * `/readyz` every `checkMs` and sends new requests, round robin, only to ready nodes; a node is taken out after
 * `downAfter` failed checks in a row (a busy node may miss one) and back in after one good one. Requests and
 * streams already under way stay on their node. DRAIN_DELAY_MS must cover checkMs × downAfter. It never retries: a request a node drops is answered 502 here and
 * counted by the test as lost.
 */
export async function startBalancer(upstreams: string[], checkMs = 100, downAfter = 3) {
  const ready = new Set<string>();
  const misses = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  let stopped = false;

  const check = async (url: string) => {
    let ok = false;
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      ok = res.status === 200;
    } catch {
      // not answering counts as a miss
    }
    if (ok) {
      misses.set(url, 0);
      ready.add(url);
    } else {
      const missed = (misses.get(url) ?? 0) + 1;
      misses.set(url, missed);
      if (missed >= downAfter || !ready.has(url)) ready.delete(url);
    }
  };
  await Promise.all(upstreams.map(check));
  // Each node on its own round, as a real balancer checks its targets: a slow answer from one node does not
  // delay noticing that another one drains.
  const checking = new Set<string>();
  const timer = setInterval(() => {
    for (const url of upstreams) {
      if (checking.has(url)) continue;
      checking.add(url);
      void check(url).finally(() => checking.delete(url));
    }
  }, checkMs);

  const server = http.createServer((req, res) => {
    const live = upstreams.filter((url) => ready.has(url));
    if (!live.length) {
      res.writeHead(503).end('no node ready');
      return;
    }
    const target = new URL(req.url ?? '/', live[next++ % live.length]);
    // The node's own address as Host, as a proxy that keeps the host name but not its own port: a node accepts the
    // loopback names only on the port it listens on (docs/adr/0035-one-origin-per-site.md).
    const headers = { ...req.headers, host: target.host };
    const upstream = http.request(target, { method: req.method, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end('upstream dropped the request');
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ready: () => [...ready],
    async close() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
