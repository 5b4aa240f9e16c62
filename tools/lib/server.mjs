// Starting the built server on a throw-away DATA_DIR and a free port (bench; usable by scripts and tests).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { APPS, ROOT } from './apps.mjs';
import { withRegistry } from './site.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHttp(url, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { redirect: 'manual' });
      if (response.status < 500) return;
      lastError = new Error(`HTTP ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${lastError}`);
}

/**
 * Deploys every built app into a new temp DATA_DIR and starts `api/dist/server.js` on a free port.
 * @returns {Promise<{ url: string, port: number, dataDir: string, stop: () => Promise<void> }>}
 */
export async function startTempServer({ env = {}, log = () => {}, nodeArgs = [] } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-data-'));
  await withRegistry(dataDir, log, async ({ deploy }) => {
    for (const app of APPS) await deploy(app);
  });
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'api', 'dist', 'server.js')], {
    cwd: ROOT,
    // Benchmarks measure pages, not mail: the outbox is kept on purpose (a production server needs SMTP_URL or this).
    env: {
      ...process.env,
      NODE_ENV: 'production',
      MAIL_OUTBOX_ONLY: '1',
      // The demo sites, members and settings the pages show.
      SEED_DEMO: '1',
      // A throw-away secret for a throw-away server (production refuses to start without one).
      APP_SECRET: process.env.APP_SECRET || crypto.randomBytes(32).toString('hex'),
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      waitForHttp(`${url}/`),
      exited.then((code) => {
        throw new Error(`server exited with ${code}:\n${output.slice(-2000)}`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    dataDir,
    /** The server's process id (e.g. its CPU time in /proc/<pid>/stat). */
    pid: child.pid,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
