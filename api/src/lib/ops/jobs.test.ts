import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { configFromEnv } from '../../config';
import { JOB_LOCK_CLASS, jobLockKey, openDatabase, type Database } from '../../db/client';
import { createJobs } from './jobs';

// The background jobs' lock (ADR 0026): on PostgreSQL two "nodes" (two pools on one schema, as two processes
// have) never run a job at once, and a node that dies mid-job leaves it to the next; on PGlite (one process)
// a job never overlaps itself.
const url = process.env.DATABASE_URL;
// Each test opens its databases (PGlite runs every migration): seconds on a busy machine, as in testing/helpers.ts.
// A CI run at a load average of 18 took over the default 5 s for the first test's one database.
jest.setTimeout(120_000);
const schema = `test_jobs_${randomBytes(5).toString('hex')}`;
const log = pino({ level: 'silent' });
const open = () =>
  openDatabase(configFromEnv({}, { databaseUrl: url, dbSchema: url ? schema : undefined, inMemoryDb: true }));
const opened: Database[] = [];
const node = async () => {
  const database = await open();
  opened.push(database);
  return { database, jobs: createJobs(database.raw, log, () => undefined) };
};
afterAll(async () => {
  for (const database of opened.reverse()) await database.close().catch(() => undefined);
  if (url) {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
});

function gate() {
  let open!: () => void;
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
}

it('a turn that is still running is not started again on the same node', async () => {
  const { jobs } = await node();
  const hold = gate();
  const first = jobs.runOnce('overlap', () => hold.closed);
  expect(await jobs.runOnce('overlap', async () => undefined)).toBe(false);
  hold.open();
  expect(await first).toBe(true);
  expect(await jobs.runOnce('overlap', async () => undefined)).toBe(true);
  await jobs.stop();
});

const pgIt = url ? it : it.skip;

pgIt('two nodes whose timers both fire never run the job at once', async () => {
  const [a, b] = [await node(), await node()];
  let active = 0;
  let most = 0;
  let runs = 0;
  const job = async () => {
    active++;
    most = Math.max(most, active);
    await new Promise((resolve) => setTimeout(resolve, 15));
    active--;
    runs++;
  };
  a.jobs.every('shared', 5, job);
  b.jobs.every('shared', 5, job);
  while (runs < 30) await new Promise((resolve) => setTimeout(resolve, 20));
  await Promise.all([a.jobs.stop(), b.jobs.stop()]);
  expect(most).toBe(1);
});

pgIt('a node that dies mid-job (its connection gone) leaves the job to the next node’s turn', async () => {
  const [a, b] = [await node(), await node()];
  const hold = gate();
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const dying = a.jobs.runOnce('reconcile', async () => {
    started();
    await hold.closed;
  });
  await running;
  expect(await b.jobs.runOnce('reconcile', async () => undefined)).toBe(false);
  // The process of node A is gone: PostgreSQL ends its session, and the session's advisory lock with it.
  await b.database.raw.query(
    `SELECT pg_terminate_backend(pid) FROM pg_locks
      WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND objsubid = 2`,
    [JOB_LOCK_CLASS, jobLockKey(schema, 'reconcile') >>> 0],
  );
  let ran = false;
  while (!ran) {
    ran = await b.jobs.runOnce('reconcile', async () => undefined);
    if (!ran) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(ran).toBe(true);
  hold.open();
  await dying;
  await Promise.all([a.jobs.stop(), b.jobs.stop()]);
});
