// What every server bench shares (ADR 0031): the built api started as production starts it, a server that exits
// reported at once with its last output, members made in SQL with their own sessions, the machine and its load
// average (a run is valid only while the load average stays at or below the core count), percentiles.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi, isApiBuilt } from '../../lib/build.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** BENCH_SMOKE=1: tiny sizes, seconds; what `npm test` runs so that a bench that no longer starts fails CI. */
export const SMOKE = process.env.BENCH_SMOKE === '1';
const CLOCK_TICK_US = 1e6 / 100; // USER_HZ: /proc reports CPU time in 1/100 s on Linux

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function ensureApiBuilt() {
  if (isApiBuilt()) return;
  const built = await buildApi({ quiet: true });
  if (built.code !== 0) throw new Error('api build failed');
}

/** User and system CPU time of a process, in µs (Linux). */
export function cpuTimes(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) * CLOCK_TICK_US, system: Number(fields[12]) * CLOCK_TICK_US };
  } catch {
    return { user: NaN, system: NaN };
  }
}

/** User + system CPU time of a process, in µs (Linux). */
export function cpuMicros(pid) {
  const { user, system } = cpuTimes(pid);
  return user + system;
}

/**
 * The database's own CPU (ADR 0031 addendum): user + system CPU in µs of the PostgreSQL backends whose
 * `application_name` is `name` (the api gets it through PGAPPNAME, a bench's own pool through `application_name`),
 * read from /proc. Needs the database on this host (NaN otherwise, or for a backend that is gone). Call `read()`
 * before and after a figure; backends that connect meanwhile count from zero (their whole life is in the figure).
 */
export function dbCpu(client, name) {
  const seen = new Map();
  return {
    async read() {
      const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
        name,
      ]);
      let total = 0;
      for (const { pid } of rows) {
        const micros = cpuMicros(pid);
        if (Number.isFinite(micros)) seen.set(pid, micros);
      }
      for (const micros of seen.values()) total += micros;
      return total;
    },
  };
}

/** Redis's own CPU in µs (INFO cpu: the server's user + system time; the whole server, shared with others). */
export async function redisCpu(redis) {
  const info = await redis.info('cpu');
  const field = (key) => Number(new RegExp(`^${key}:([\\d.]+)`, 'm').exec(info)?.[1] ?? NaN);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1e6;
}

/** µs per unit, printed as a whole number ('–' when nothing was counted or a reading failed). */
export const perUnit = (micros, units) =>
  Number.isFinite(micros) && units > 0 ? `${(micros / units).toFixed(0)} µs` : '–';

/** Resident memory of a process in bytes (Linux). */
export function rssBytes(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
  } catch {
    return NaN;
  }
}

/**
 * The open-files limit of a process (`/proc/<pid>/limits`, Linux): { soft, hard } (Infinity for unlimited), null
 * where it cannot be read. Node raises its own soft limit to the hard one as it starts.
 */
export function openFilesLimit(pid = 'self') {
  try {
    const limits = fs.readFileSync(`/proc/${pid}/limits`, 'utf8');
    const [, soft, hard] = /^Max open files\s+(\S+)\s+(\S+)/m.exec(limits) ?? [];
    const value = (text) => (text === 'unlimited' ? Infinity : Number(text));
    return soft === undefined ? null : { soft: value(soft), hard: value(hard) };
  } catch {
    return null;
  }
}

/** How many files a process has open (`/proc/<pid>/fd`, Linux); NaN where it cannot be read. */
export function openFileCount(pid = 'self') {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return NaN;
  }
}

/**
 * Raises this process's open-files limit (soft and hard, with prlimit(1)) to at least `wanted` when it is lower;
 * the servers it starts afterwards inherit it. Raising the hard limit needs CAP_SYS_RESOURCE (root outside a
 * container that drops it). Never lowers it. Returns { limit, refused }: the limit now, and prlimit's complaint
 * when it could not be raised as far as wanted.
 */
export function raiseOpenFiles(wanted) {
  const before = openFilesLimit();
  if (!before || before.soft >= wanted) return { limit: before, refused: null };
  let refused = null;
  try {
    execFileSync(
      'prlimit',
      ['--pid', String(process.pid), `--nofile=${wanted}:${Math.max(wanted, before.hard)}`],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
  } catch (err) {
    refused = String(err.stderr ?? err.message)
      .trim()
      .split('\n')[0];
  }
  return { limit: openFilesLimit(), refused };
}

/** What to tell someone whose process may open too few files: how to raise the limit where it is set. */
export const raiseOpenFilesHint = (needed) =>
  `Raise the hard limit where the process starts: \`ulimit -n ${needed}\` in a root shell (with CAP_SYS_RESOURCE), ` +
  `LimitNOFILE=${needed} in a systemd unit, --ulimit nofile=${needed}:${needed} for a container, ` +
  `/etc/security/limits.conf for a login`;

/**
 * Throws, saying why, when `connections` client connections from this host to one server port cannot all get a
 * local port (net.ipv4.ip_local_port_range; each connection to the same address and port needs its own).
 */
export function ensureLocalPorts(connections, what) {
  let range;
  try {
    range = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  } catch {
    return;
  }
  const ports = range[1] - range[0] + 1;
  if (connections <= ports) return;
  throw new Error(
    `${what} opens ${connections} connections to one port of one node, but this host has ${ports} local ports ` +
      `(net.ipv4.ip_local_port_range ${range.join('–')}): widen it (sysctl -w net.ipv4.ip_local_port_range="1024 ` +
      `65535") or ask for fewer streams.`,
  );
}

/**
 * The built api (api/dist/server.js) as production runs it: NODE_ENV=production, its own APP_SECRET, mail kept
 * in the outbox on purpose (MAIL_OUTBOX_ONLY=1), the demo sites but no demo account (production has none), the
 * default log level, BENCH=1 for the bench's read-only routes. Resolves once `/api/settings.php` answers; rejects
 * as soon as the process exits, with the end of what it printed (a server that refuses to start is reported in
 * seconds, not after a timeout).
 */
export async function startApi({ env = {}, label = 'api', timeoutMs = 300_000 } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const childEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    MAIL_OUTBOX_ONLY: '1',
    BENCH: '1',
    SEED_DEMO: '1',
    SEED_PROFILES: '5',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...env,
  };
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  // stdout (the request log) goes nowhere, as to a log shipper that keeps up; stderr is kept for a failed start.
  // BENCH_SERVER_JS: another build of the server (an A/B against an older commit's build).
  const serverJs = process.env.BENCH_SERVER_JS || path.join(ROOT, 'api', 'dist', 'server.js');
  const child = spawn(process.execPath, [serverJs], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: childEnv,
  });
  let tail = '';
  child.stderr.on('data', (chunk) => {
    tail = (tail + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  const stop = async () => {
    if (!gone) child.kill('SIGTERM');
    const done = await Promise.race([
      exited.then(() => true),
      new Promise((r) => setTimeout(r, 8000, false)),
    ]);
    if (!done) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (gone) {
      await stop();
      throw new Error(`${label} exited before answering (${await exited}):\n${tail.trim()}`);
    }
    const ok = await fetch(`${url}/api/settings.php`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`${label} did not answer ${url} within ${timeoutMs / 1000} s:\n${tail.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, port, pid: child.pid, child, exited, stop, stderr: () => tail };
}

export async function pgClient(schema) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  if (schema) await client.query(`SET search_path TO ${schema}`);
  return client;
}

export async function dropSchema(schema) {
  const client = await pgClient();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export const newSchema = (prefix) => `${prefix}_${randomBytes(5).toString('hex')}`;

export async function defaultSite(client) {
  const { rows } = await client.query('SELECT id FROM sites ORDER BY is_default DESC, id LIMIT 1');
  return rows[0].id;
}

const tokenHash = (token) => createHash('sha256').update(token).digest('base64url');

/**
 * `count` members on `site`, each with a profile, a session (`cookie`) and, when `credits` is given, a paid
 * account with that balance bought through the ledger. Made in SQL: signing up thousands through HTTP would
 * measure argon2.
 */
export async function makeMembers(client, site, count, { credits = 0, tag = 'bench' } = {}) {
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const { rows } = await client.query(
    `WITH u AS (
       INSERT INTO users (site_id, email, password_hash, status, paid_user, credits)
       SELECT $1, $2 || '-' || g || '-' || md5(random()::text) || '@example.org', 'x', 'confirmed', $4 > 0, $4
       FROM generate_series(1, $3::int) g RETURNING id),
     p AS (INSERT INTO profiles (user_id, name, gender, date_of_birth, country)
           SELECT id, 'Bench ' || id, CASE WHEN id % 2 = 0 THEN 'female' ELSE 'male' END, '1990-01-01', 'NL' FROM u),
     l AS (INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref)
           SELECT id, 'purchase', $4, $4, 'order:bench-' || id FROM u WHERE $4 > 0)
     SELECT id FROM u ORDER BY id`,
    [site, tag, count, credits],
  );
  const members = rows.map((row, i) => ({ id: row.id, token: tokens[i], cookie: `sid=${tokens[i]}` }));
  await client.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at)
     SELECT unnest($1::text[]), unnest($2::int[]), now() + interval '1 day'`,
    [members.map((m) => tokenHash(m.token)), members.map((m) => m.id)],
  );
  return members;
}

export function machine() {
  const cpus = os.cpus();
  return { cores: cpus.length, cpu: cpus[0]?.model ?? 'unknown CPU', node: process.version };
}

/**
 * Samples the 1-minute load average every second while a bench runs. `valid` is false when it went above the
 * core count at any point: the figures then say more about the others' work than about ours.
 */
export function loadWatch() {
  const { cores } = machine();
  const samples = [os.loadavg()[0]];
  const timer = setInterval(() => samples.push(os.loadavg()[0]), 1000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      samples.push(os.loadavg()[0]);
      const min = Math.min(...samples);
      const max = Math.max(...samples);
      return { min, max, cores, valid: max <= cores };
    },
  };
}

export function describeLoad(load) {
  return (
    `load average ${load.min.toFixed(1)}–${load.max.toFixed(1)} on ${load.cores} cores: ` +
    (load.valid
      ? 'valid run'
      : 'NOT a valid run (load average above the core count; repeat on an idle machine)')
  );
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '–');

export async function cannon(opts) {
  const { default: autocannon } = await import('autocannon');
  return new Promise((resolve, reject) =>
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

/** Runs a bench module's `run()` when the file is executed directly; exit code 1 on failure. */
export function main(meta, run) {
  if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(meta.url)) {
    run().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  }
}
