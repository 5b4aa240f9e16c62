import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// kill -9 of the server in the middle of a burst of paid sends (issue 9 "bad input and faults"). PostgreSQL only:
// the server runs as a child process, as in production, and must find every acknowledged message after restart.
const databaseUrl = process.env.DATABASE_URL;
// Runs with CHAT_CRASH_TEST=1 on PostgreSQL. After the last merge of this stop it hung once on an idle machine
// (no server child left, jest waiting); until that is understood it does not gate CI (see the issue note).
const onPostgres = databaseUrl && process.env.CHAT_CRASH_TEST === '1' ? test : test.skip;
const repo = path.resolve(__dirname, '../../../../..');
const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

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

function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'api/src/server.ts')], {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUntilUp(base: string, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/settings.php`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

onPostgres(
  'kill -9 during a burst of sends: every acknowledged message is stored, and messages and debits agree',
  async () => {
    const schema = `test_crash_${randomBytes(4).toString('hex')}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-crash-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '1',
      SEED_PROFILES: '3',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    };
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    let child = startServer(env);
    try {
      await waitUntilUp(base, child);
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
        const body = (await res.json()) as { user: { profile: { id: number } } };
        const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1];
        return { id: body.user.profile.id, cookie: `sid=${sid}` };
      };
      const a = await signup(`crash-a-${schema}@example.org`);
      const b = await signup(`crash-b-${schema}@example.org`);
      // A buys 5000 credits (what the payments domain does: balance and ledger in one transaction).
      await db.query(`SET search_path TO ${schema}`);
      await db.query('BEGIN');
      await db.query('UPDATE users SET credits = credits + 5000 WHERE id = $1', [a.id]);
      await db.query(
        `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref)
         SELECT id, 'purchase', 5000, credits, 'order:crash' FROM users WHERE id = $1`,
        [a.id],
      );
      await db.query('COMMIT');

      const clientIds = Array.from({ length: 400 }, () => randomUUID());
      const sendOne = (clientId: string, i: number) =>
        fetch(`${base}/api/messages.php`, {
          method: 'POST',
          headers: { ...XHR, cookie: a.cookie },
          body: JSON.stringify({ member: b.id, client_id: clientId, type: 'text', text: `burst ${i}` }),
        });
      const acknowledged = new Map<string, number>();
      let next = 0;
      let killed = false;
      const worker = async () => {
        while (next < clientIds.length && !killed) {
          const i = next++;
          try {
            const res = await sendOne(clientIds[i]!, i);
            if (res.status === 200) {
              const body = (await res.json()) as { message: { id: number } };
              acknowledged.set(clientIds[i]!, body.message.id);
              if (acknowledged.size === 60 && !killed) {
                killed = true;
                child.kill('SIGKILL');
              }
            }
          } catch {
            // The connection died with the server: not acknowledged.
          }
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      expect(child.signalCode).toBe('SIGKILL');
      expect(acknowledged.size).toBeGreaterThanOrEqual(60);
      expect(acknowledged.size).toBeLessThan(clientIds.length);

      const agree = async () => {
        const { rows } = await db.query<{
          messages: string;
          debits: string;
          spent: string;
          ledger: string;
          balance: number;
          unpaid: string;
          orphan: string;
        }>(
          `SELECT
             (SELECT count(*) FROM messages WHERE sender_id = $1) AS messages,
             (SELECT count(*) FROM credit_ledger WHERE user_id = $1 AND kind = 'message') AS debits,
             (SELECT coalesce(sum(credits_spent), 0) FROM messages WHERE sender_id = $1) AS spent,
             (SELECT coalesce(sum(amount), 0) FROM credit_ledger WHERE user_id = $1) AS ledger,
             (SELECT credits FROM users WHERE id = $1) AS balance,
             (SELECT count(*) FROM messages m WHERE m.sender_id = $1 AND NOT EXISTS (
                SELECT 1 FROM credit_ledger l WHERE l.ref = 'message:' || m.id)) AS unpaid,
             (SELECT count(*) FROM credit_ledger l WHERE l.user_id = $1 AND l.kind = 'message' AND NOT EXISTS (
                SELECT 1 FROM messages m WHERE 'message:' || m.id = l.ref)) AS orphan`,
          [a.id],
        );
        const r = rows[0]!;
        expect({ unpaid: Number(r.unpaid), orphan: Number(r.orphan) }).toEqual({ unpaid: 0, orphan: 0 });
        expect(Number(r.debits)).toBe(Number(r.messages));
        expect(Number(r.ledger)).toBe(r.balance);
        expect(r.balance).toBe(10 + 5000 - Number(r.spent));
        return Number(r.messages);
      };

      // After the crash, before anything else: every acknowledged message is there, and the books agree.
      const stored = await db.query<{ client_id: string; id: number }>(
        'SELECT client_id, id FROM messages WHERE sender_id = $1',
        [a.id],
      );
      const byClient = new Map(stored.rows.map((r) => [r.client_id, r.id]));
      for (const [clientId, id] of acknowledged) expect(byClient.get(clientId)).toBe(id);
      const afterCrash = await agree();
      expect(afterCrash).toBeGreaterThanOrEqual(acknowledged.size);

      // Restarted, the client sends everything again with the same ids (its outbox): each is stored exactly once.
      child = startServer(env);
      await waitUntilUp(base, child);
      for (let i = 0; i < clientIds.length; i += 20) {
        const batch = await Promise.all(clientIds.slice(i, i + 20).map((id, j) => sendOne(id, i + j)));
        expect(batch.map((r) => r.status)).toEqual(batch.map(() => 200));
      }
      expect(await agree()).toBe(clientIds.length);
    } finally {
      child.kill('SIGKILL');
      await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await db.end();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
  240_000,
);
