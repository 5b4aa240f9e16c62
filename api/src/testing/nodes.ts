import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const API_DIR = path.resolve(__dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url} within ${ms / 1000} s`);
}

export interface ApiNode {
  url: string;
  port: number;
  /** SIGTERM, as an orchestrator stops a node; resolves when the process has exited (with its exit code). */
  stop(): Promise<number | null>;
  /** Starts the node again on the same port (after `stop`), and resolves when it is ready. */
  start(): Promise<void>;
  /** This node's DATA_DIR (shared by all nodes unless `separateDataDirs`). */
  dataDir: string;
}

/**
 * API nodes started the way the README says to run several (one process each, the same `DATABASE_URL` and
 * `REDIS_URL`, a different `PORT`), from the TypeScript sources with tsx. A fresh PostgreSQL schema and DATA_DIR
 * are shared by the nodes and dropped by `stopAll`; with `separateDataDirs` each node gets its own DATA_DIR, as on
 * machines that share no disk (then files must go through the object storage: pass the S3_* variables in `env`).
 */
export async function startNodes(
  count: number,
  env: Record<string, string> = {},
  opts: { separateDataDirs?: boolean } = {},
): Promise<{ nodes: ApiNode[]; schema: string; stopAll(): Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const dataDirs = Array.from({ length: opts.separateDataDirs ? count : 1 }, () =>
    mkdtempSync(path.join(os.tmpdir(), 'api-nodes-')),
  );
  const spawnNode = (port: number, dataDir: string) => {
    // In-process loader (not the tsx CLI, which runs the server as a child of its own): a SIGTERM reaches the
    // server itself, as an orchestrator's would.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        DATABASE_SCHEMA: schema,
        REDIS_URL: process.env.REDIS_URL!,
        SEED_DEMO: '1',
        SEED_PROFILES: '3',
        LOG_LEVEL: 'warn',
        // The push service stand-in listens on 127.0.0.1 (src/testing/push.ts).
        PUSH_ALLOW_PRIVATE_ENDPOINTS: '1',
        // A stop drains for 2 s: the tests' balancer takes a node out after 3 failed checks 100 ms apart, and its
        // timers share the test process with the load it makes (a CI run lost one request in 3,382 with 1 s).
        DRAIN_DELAY_MS: '2000',
        ...env,
      },
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, exited };
  };
  const nodes = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const dataDir = dataDirs[opts.separateDataDirs ? i : 0]!;
      const port = await freePort();
      let current = spawnNode(port, dataDir);
      const url = `http://127.0.0.1:${port}`;
      await waitUntilUp(`${url}/readyz`, current.child);
      return {
        url,
        port,
        dataDir,
        async stop() {
          if (current.child.exitCode === null) current.child.kill('SIGTERM');
          return current.exited;
        },
        async start() {
          current = spawnNode(port, dataDir);
          await waitUntilUp(`${url}/readyz`, current.child);
        },
      };
    }),
  );
  return {
    nodes,
    schema,
    async stopAll() {
      await Promise.all(nodes.map((node) => node.stop()));
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
