/**
 * The statements this node sends to PostgreSQL, recorded while a bench asks for them (`BENCH_TRACE=1` and
 * `POST /api/_bench/trace.json`, routes/bench.ts of the sites domain): tools/bench/db-ratio.mjs replays exactly
 * what one request ran through the same driver without HTTP, so the database's own throughput on a send, a like
 * or a page read is measured on the statements the server really runs, whatever they become (ADR 0031).
 * Off unless the process was started with `BENCH_TRACE=1`: then the pool's clients are wrapped once, and a
 * statement costs one boolean check while no trace is running.
 */
export interface TracedStatement {
  text: string;
  values: unknown[];
  /** The prepared statement's name, when the server prepares it. */
  name?: string;
}

export const statementTrace = {
  enabled: process.env.BENCH_TRACE === '1',
  recording: false,
  statements: [] as TracedStatement[],
};

interface QueryConfig {
  text?: string;
  values?: unknown[];
  name?: string;
}
type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** Wraps one pg client's `query` so that statements are recorded while a trace runs. */
export function traceClient(client: { query: Query }): void {
  if (!statementTrace.enabled) return;
  const query = client.query.bind(client) as Query;
  client.query = (config, values, callback) => {
    if (statementTrace.recording) {
      const c: QueryConfig = typeof config === 'string' ? { text: config } : (config as QueryConfig);
      if (c?.text) {
        statementTrace.statements.push({
          text: c.text,
          values: [...((Array.isArray(values) ? values : c.values) ?? [])],
          ...(c.name ? { name: c.name } : {}),
        });
      }
    }
    return query(config, values, callback);
  };
}
