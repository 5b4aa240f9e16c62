import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { configFromEnv } from '../../../config';
import { openDatabase } from '../../../db/client';
import { first, rows } from '../../../db/sql';
import { createCreditsService } from '../../payments';

/**
 * kill -9 of the server in the middle of a burst of paid sends. The server runs as
 * a child process, as in production: PGlite files in DATA_DIR by default, a fresh PostgreSQL schema (and Redis,
 * when REDIS_URL is set) with DATABASE_URL. Every acknowledged message must be there after the crash, messages and
 * debits must agree, and the killed node must start again on the same DATA_DIR / schema and port.
 *
 * The database is read with the server stopped (PGlite's files belong to one process: openDatabase takes the same
 * DATA_DIR lock the server holds), so the check after the crash also proves the dead process's lock is released.
 */
jest.setTimeout(600_000);

const repo = path.resolve(__dirname, '../../../../..');
const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
const SEND_COUNT = 200;
const KILL_AFTER = 60;
const BOUGHT = 5000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface Server {
  proc: ChildProcess;
  /** Settles once, whenever the process ends (also when it ended before anyone awaited it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
}

function startServer(env: NodeJS.ProcessEnv): Server {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'api/src/server.ts')], {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Listened for at spawn: a process killed by a signal has exitCode null, so "exitCode !== null, else wait for
  // 'exit'" waits forever when 'exit' came first (how this test used to hang).
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { proc, exited, stderr: () => stderr };
}

const running = (server: Server) => server.proc.exitCode === null && server.proc.signalCode === null;

// A start is migrations and the demo seed on a new embedded database: under a loaded 2-core machine (the whole suite
// at once) that once took more than two minutes. What this test checks is that the node comes up, not how fast.
async function waitUntilUp(base: string, server: Server) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (!running(server)) throw new Error(`server exited: ${server.stderr()}`);
    const ok = await fetch(`${base}/api/settings.php`, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start: ${server.stderr()}`);
}

/** SIGTERM and the exit it must lead to: a graceful stop that does not end within a minute is a failure. */
async function stopServer(server: Server) {
  server.proc.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 60_000).unref());
  const result = await Promise.race([server.exited, timeout]);
  if (result === 'timeout') server.proc.kill('SIGKILL');
  expect(result).toEqual({ code: 0, signal: null });
}

test('kill -9 during a burst of sends: every acknowledged message is stored, messages and debits agree, and the node restarts', async () => {
  const schema = `test_crash_${randomBytes(4).toString('hex')}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-chat-crash-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    SEED_PROFILES: '3',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    ...(process.env.DATABASE_URL ? { DATABASE_SCHEMA: schema } : {}),
  };
  /** The database as the server sees it, opened while no server runs. */
  const withDatabase = async <T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) => {
    const database = await openDatabase(configFromEnv({ ...process.env, ...env }));
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  };

  let server = startServer(env);
  try {
    await waitUntilUp(base, server);
    const signup = async (email: string) => {
      const res = await fetch(`${base}/api/signup.php`, {
        method: 'POST',
        headers: XHR,
        body: JSON.stringify({
          name: email.split('@')[0],
          gender: 'male',
          seeking: 'female',
          date_of_birth: '1990-04-12',
          email,
          password: 'Sterk-wachtwoord-1',
          locale: 'nl',
        }),
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { user: { profile: { id: number }; credits: number } };
      const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1];
      return { id: body.user.profile.id, bonus: body.user.credits, cookie: `sid=${sid}` };
    };
    const a = await signup(`crash-a-${schema}@example.org`);
    const b = await signup(`crash-b-${schema}@example.org`);
    // A graceful stop ends the process (and frees the DATA_DIR lock); A then buys credits the way the payments
    // domain books them (balance and ledger row in one transaction).
    await stopServer(server);
    await withDatabase((db) =>
      createCreditsService(db).credit({ userId: a.id, amount: BOUGHT, kind: 'purchase', ref: 'order:crash' }),
    );

    server = startServer(env);
    await waitUntilUp(base, server);
    const clientIds = Array.from({ length: SEND_COUNT }, () => randomUUID());
    const sendOne = (clientId: string, i: number) =>
      fetch(`${base}/api/messages.php`, {
        method: 'POST',
        headers: { ...XHR, cookie: a.cookie },
        body: JSON.stringify({ member: b.id, client_id: clientId, type: 'text', text: `burst ${i}` }),
        signal: AbortSignal.timeout(60_000),
      });
    const acknowledged = new Map<string, number>();
    const refused: number[] = [];
    let next = 0;
    let killed = false;
    const burstServer = server;
    const worker = async () => {
      while (next < clientIds.length && !killed) {
        const i = next++;
        try {
          const res = await sendOne(clientIds[i]!, i);
          if (res.status === 200) {
            const body = (await res.json()) as { message: { id: number } };
            acknowledged.set(clientIds[i]!, body.message.id);
            if (acknowledged.size === KILL_AFTER && !killed) {
              killed = true;
              burstServer.proc.kill('SIGKILL');
            }
          } else {
            refused.push(res.status);
          }
        } catch {
          // The connection died with the server: not acknowledged.
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    // Every send before the kill was accepted: the kill, not a refusal, is what ended the burst.
    expect(refused).toEqual([]);
    expect(killed).toBe(true);
    expect(await burstServer.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.size).toBeLessThan(clientIds.length);

    const agree = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) => {
      const r = (await first<{
        messages: number;
        debits: number;
        spent: number;
        ledger: number;
        balance: number;
        unpaid: number;
        orphan: number;
      }>(
        db,
        sql`SELECT
             (SELECT count(*)::int FROM messages WHERE sender_id = ${a.id}) AS messages,
             (SELECT count(*)::int FROM credit_ledger WHERE user_id = ${a.id} AND kind = 'message') AS debits,
             (SELECT coalesce(sum(credits_spent), 0)::int FROM messages WHERE sender_id = ${a.id}) AS spent,
             (SELECT coalesce(sum(amount), 0)::int FROM credit_ledger WHERE user_id = ${a.id}) AS ledger,
             (SELECT credits FROM users WHERE id = ${a.id}) AS balance,
             (SELECT count(*)::int FROM messages m WHERE m.sender_id = ${a.id} AND NOT EXISTS (
                SELECT 1 FROM credit_ledger l WHERE l.ref = 'message:' || m.id)) AS unpaid,
             (SELECT count(*)::int FROM credit_ledger l WHERE l.user_id = ${a.id} AND l.kind = 'message'
                AND NOT EXISTS (SELECT 1 FROM messages m WHERE 'message:' || m.id = l.ref)) AS orphan`,
      ))!;
      expect({ unpaid: r.unpaid, orphan: r.orphan }).toEqual({ unpaid: 0, orphan: 0 });
      expect(r.debits).toBe(r.messages);
      expect(r.ledger).toBe(r.balance);
      expect(r.balance).toBe(a.bonus + BOUGHT - r.spent);
      return r.messages;
    };

    // After the crash, before anything else: every acknowledged message is there, and the books agree.
    const afterCrash = await withDatabase(async (db) => {
      const stored = await rows<{ client_id: string; id: number }>(
        db,
        sql`SELECT client_id, id FROM messages WHERE sender_id = ${a.id}`,
      );
      const byClient = new Map(stored.map((r) => [r.client_id, r.id]));
      for (const [clientId, id] of acknowledged) expect(byClient.get(clientId)).toBe(id);
      return agree(db);
    });
    expect(afterCrash).toBeGreaterThanOrEqual(acknowledged.size);

    // Restarted on the same DATA_DIR / schema and port, the client sends everything again with the same ids (its
    // outbox): each is stored exactly once, and the acknowledged ones keep their ids.
    server = startServer(env);
    await waitUntilUp(base, server);
    for (let i = 0; i < clientIds.length; i += 20) {
      const batch = await Promise.all(
        clientIds.slice(i, i + 20).map(async (id, j) => {
          const res = await sendOne(id, i + j);
          return { status: res.status, id: ((await res.json()) as { message?: { id: number } }).message?.id };
        }),
      );
      expect(batch.map((r) => r.status)).toEqual(batch.map(() => 200));
      clientIds.slice(i, i + 20).forEach((clientId, j) => {
        if (acknowledged.has(clientId)) expect(batch[j]!.id).toBe(acknowledged.get(clientId));
      });
    }
    await stopServer(server);
    expect(await withDatabase(agree)).toBe(clientIds.length);
  } finally {
    if (running(server)) {
      server.proc.kill('SIGKILL');
      await server.exited;
    }
    if (process.env.DATABASE_URL) {
      const pg = await import('pg');
      const admin = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await admin.end();
    }
    await rm(dataDir, { recursive: true, force: true });
  }
});
