// Which server test files run on which database backend (ADR 0034). CommonJS so that jest.config.js, the test
// runners (tools/test-api.mjs, tools/test-all.mjs) and the plan's own check (tools/api-backends.test.ts) read the
// same lists.
//
// With PostgreSQL and Redis configured (DATABASE_URL and REDIS_URL, as CI has them) every server test file runs on
// PostgreSQL + Redis, and on embedded PGlite only the files whose behaviour depends on the embedded path: PGlite's
// files in DATA_DIR (one process per folder, crash recovery, the commands run against a stopped server's files),
// the job lock of one process, the deploy hand-off through the running server, and the whole API once through
// PGlite's driver (its type parsing is not node-postgres's). Without DATABASE_URL every file runs on PGlite,
// except the several-node files, which need a shared PostgreSQL and Redis.

/** Several api processes on one PostgreSQL and Redis: they run only where both are configured. */
const MULTI_NODE_PATTERN = '/test/multi-node[^/]*\\.test\\.ts$';

/** Files whose behaviour depends on the embedded path; they run on PGlite even when PostgreSQL is configured. */
const EMBEDDED_FILES = [
  // One process per PGlite DATA_DIR, and what `npm start` refuses in a bad DATA_DIR.
  'api/test/security/data-dir.test.ts',
  // A killed server's acknowledged messages and payments are in PGlite's files after the restart.
  'api/src/domains/chat/__tests__/crash.test.ts',
  'api/src/domains/payments/__tests__/crash-recovery.test.ts',
  // Operator commands on the files of a stopped embedded server (create-admin before the first start, refunds,
  // moderation).
  'api/src/domains/staff/__tests__/auth.test.ts',
  'api/src/domains/staff/__tests__/moderate.test.ts',
  'api/src/domains/payments/__tests__/refund-command.test.ts',
  // The storage move on a DATA_DIR.
  'api/src/lib/storage/migrate.test.ts',
  // The background jobs' lock in one process (PGlite) and across pools (PostgreSQL).
  'api/src/lib/ops/jobs.test.ts',
  // The single-process deploy hand-off: the deploy control routes exist only on the embedded server.
  'api/test/site.test.ts',
  // Every route's answer and response schema once through PGlite's driver, and one node's health and readiness.
  'api/test/contract.test.ts',
  'api/test/response-schemas.test.ts',
  'api/test/ops.test.ts',
];

/**
 * The api suite's runs for an environment: each with a name, the environment it overrides and the files it runs
 * (`null`: every file the jest project selects under that environment).
 */
function apiRuns(env = process.env) {
  if (!env.DATABASE_URL) return [{ key: 'pglite', name: 'PGlite (embedded)', env: {}, files: null }];
  return [
    // The short one first: a broken embedded path fails in a minute, not after the whole suite.
    {
      key: 'pglite',
      name: 'PGlite (embedded path only)',
      env: { DATABASE_URL: '', REDIS_URL: '' },
      files: EMBEDDED_FILES,
    },
    {
      key: 'postgres',
      name: env.REDIS_URL ? 'PostgreSQL + Redis' : 'PostgreSQL',
      env: {},
      files: null,
    },
  ];
}

module.exports = { MULTI_NODE_PATTERN, EMBEDDED_FILES, apiRuns };
