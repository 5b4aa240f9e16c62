import path from 'node:path';
import { paymentsConfigFromEnv, type PaymentsConfig } from './domains/payments/config';

export interface AppConfig {
  /** Root for the PGlite files, media, mail and deployed bundles. */
  dataDir: string;
  /** PostgreSQL connection string; PGlite when absent. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests and the bench run each in a fresh one). Created when missing. */
  dbSchema?: string;
  /** PGlite in memory instead of files in `$DATA_DIR/db` (tests). */
  inMemoryDb: boolean;
  /**
   * In-memory PGlite only: a data-directory dump (tar) to start from instead of running initdb, written on first
   * use. Tests use it to skip PGlite's cluster creation (seconds) in every test file.
   */
  pgliteTemplate?: string;
  production: boolean;
  /** false = no demo seed; otherwise seeds an empty database (profiles = how many fictional members). */
  seedDemo: false | { profiles: number; images: boolean };
  smtpUrl?: string;
  redisUrl?: string;
  /** Honour X-Forwarded-For / -Proto (behind a reverse proxy). */
  trustProxy: boolean;
  /** Registers `/api/_bench/hello` and `/api/_bench/db` (one SELECT 1) for the throughput benchmark. */
  bench: boolean;
  logLevel: string;
  /** Demo mode prints the demo login on start. */
  embedded: boolean;
  /** Provider, reconciliation, direct-debit limits and SMS (domains/payments/config.ts). */
  payments: PaymentsConfig;
}

export type ConfigOverrides = Partial<AppConfig>;

export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  overrides: ConfigOverrides = {},
): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const production = env.NODE_ENV === 'production';
  const seed = env.SEED_DEMO !== '0' && env.SEED_DEMO !== 'false';
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    dbSchema: env.DATABASE_SCHEMA || undefined,
    inMemoryDb: false,
    production,
    seedDemo: seed ? { profiles: Number(env.SEED_PROFILES ?? 300), images: true } : false,
    smtpUrl: env.SMTP_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    bench: env.BENCH === '1',
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'info'),
    embedded: !env.DATABASE_URL,
    payments: paymentsConfigFromEnv(env, production),
    ...overrides,
  };
}
