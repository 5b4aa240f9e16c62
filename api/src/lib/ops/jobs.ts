import type { FastifyBaseLogger } from 'fastify';
import type { RawDb } from '../../db/client';

export type JobOutcome = 'ran' | 'skipped' | 'failed';

/**
 * The node's background jobs (payment reconciliation, reminders, the mail sender, approvals, erasure, purges).
 * Every node keeps a timer per job, and each turn runs only where it gets the job's lock (`RawDb.tryExclusive`: a
 * PostgreSQL advisory lock per schema and job): a job never runs twice at once, on one node or across nodes, and
 * when the node that ran it dies its connection and lock go with it, so the next turn of any other node runs it.
 * `stop()` (draining, close) starts nothing more and waits for the turns that run.
 */
export function createJobs(
  raw: RawDb,
  log: FastifyBaseLogger,
  onTurn: (job: string, outcome: JobOutcome) => void,
) {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  const active = new Set<string>();
  let stopped = false;

  /** One turn of `name`: answers whether it ran here (false: it runs elsewhere or still runs here, or stopped). */
  function runOnce(name: string, job: () => Promise<unknown>): Promise<boolean> {
    if (stopped || active.has(name)) return Promise.resolve(false);
    active.add(name);
    const turn = raw.tryExclusive(name, job).then(
      (result) => {
        onTurn(name, result.ran ? 'ran' : 'skipped');
        return result.ran;
      },
      (err: unknown) => {
        onTurn(name, 'failed');
        log.error({ err, job: name }, `${name} failed`);
        return false;
      },
    );
    running.add(turn);
    void turn.finally(() => {
      running.delete(turn);
      active.delete(name);
    });
    return turn;
  }

  return {
    /** Runs `job` every `ms` on whichever node gets the lock first. */
    every(name: string, ms: number, job: () => Promise<unknown>): void {
      if (stopped) return;
      const timer = setInterval(() => void runOnce(name, job), ms);
      timer.unref();
      timers.add(timer);
    },
    runOnce,
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
export type Jobs = ReturnType<typeof createJobs>;
