import path from 'node:path';

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
  /** MAIL_OUTBOX_ONLY=1: mail stays in `mail_outbox` (no SMTP), the explicit choice production needs without SMTP_URL. */
  mailOutboxOnly: boolean;
  redisUrl?: string;
  /** Honour X-Forwarded-For / -Proto (behind a reverse proxy). */
  trustProxy: boolean;
  /** Registers `/api/_bench/hello` and `/api/_bench/db` (one SELECT 1) for the throughput benchmark. */
  bench: boolean;
  logLevel: string;
  /** Demo mode prints the demo login on start. */
  embedded: boolean;
}

export type ConfigOverrides = Partial<AppConfig>;

/** A configuration the server must not start with; server.ts prints only the message. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  overrides: ConfigOverrides = {},
): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const production = env.NODE_ENV === 'production';
  const seed = env.SEED_DEMO !== '0' && env.SEED_DEMO !== 'false';
  const config: AppConfig = {
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    dbSchema: env.DATABASE_SCHEMA || undefined,
    inMemoryDb: false,
    production,
    seedDemo: seed ? { profiles: Number(env.SEED_PROFILES ?? 300), images: true } : false,
    smtpUrl: env.SMTP_URL || undefined,
    mailOutboxOnly: env.MAIL_OUTBOX_ONLY === '1' || env.MAIL_OUTBOX_ONLY === 'true',
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    bench: env.BENCH === '1',
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'info'),
    embedded: !env.DATABASE_URL,
    ...overrides,
  };
  // A production server without SMTP would keep every activation and reset mail to itself, silently.
  if (config.production && !config.smtpUrl && !config.mailOutboxOnly) {
    throw new ConfigError(
      'NODE_ENV=production needs SMTP_URL (e.g. smtp://user:pass@mail.example.com:587) to deliver mail, ' +
        'or MAIL_OUTBOX_ONLY=1 to keep mail in the mail_outbox table on purpose.',
    );
  }
  return config;
}
