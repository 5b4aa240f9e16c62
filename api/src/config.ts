import path from 'node:path';
import { storageConfigFromEnv, type StorageConfig } from './lib/storage';

export interface AppConfig {
  /**
   * The environment this configuration was read from. A domain reads its own settings from it, in its own config
   * module (payments: `domains/payments/config.ts`, the canary guard's policy: `domains/experiments/config.ts`), so
   * this file names no domain (it stands below them: ADR 0038).
   */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * Settings given to a domain directly instead of read from `env` (tests), by domain name: `{ payments: … }`.
   * Each domain's config module reads and types its own entry.
   */
  domains: Readonly<Record<string, unknown>>;
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
  /**
   * NODE_ENV=production, or a DATABASE_URL without NODE_ENV=development/test: no dev routes, no demo account, and
   * the secrets of `missingProductionSecrets` must be set.
   */
  production: boolean;
  /**
   * false = no demo seed; otherwise seeds an empty database (profiles = how many fictional members). `account`:
   * also the demo member with its published password (never in production).
   */
  seedDemo: false | { profiles: number; images: boolean; account?: boolean };
  /** Listen address (HOST): loopback unless opened on purpose (docs/product/architecture.md). */
  host: string;
  /**
   * Listen port (PORT, default 8080). In development a site without a configured origin is served at
   * `http://<host>:<port>`, and the loopback names are accepted on it (lib/site-origin.ts, ADR 0035).
   */
  port: number;
  /**
   * Key of the keyed hashes (login identifiers in the audit tables, device cookies), APP_SECRET. Without it, a
   * key is made on first start and kept in the database (not allowed in production).
   */
  appSecret?: string;
  smtpUrl?: string;
  /** Signups, and activations, per client address per 10 minutes (SIGNUP_RATE_LIMIT, default 30; the e2e run, which signs up many
   * members from one address, raises it). */
  signupRateLimit: number;
  /** Sign-in attempts (POST /api/user.php) per client address per minute, on every node together (LOGIN_RATE_LIMIT, default 30). */
  loginRateLimit: number;
  /**
   * PUSH_ALLOW_PRIVATE_ENDPOINTS=1 (never in production): push endpoints on loopback or private hosts are
   * accepted, for the tests' local push service stand-in. Production accepts only https on public hosts.
   */
  pushAllowPrivateEndpoints: boolean;
  /** MAIL_OUTBOX_ONLY=1: mail stays in `mail_outbox` (no SMTP), the explicit choice production needs without SMTP_URL. */
  mailOutboxOnly: boolean;
  redisUrl?: string;
  /**
   * Honour X-Forwarded-For / -Proto / -Host from the proxies in front (TRUST_PROXY): a number of hops (`1`, or
   * `true` = 1: only the proxy directly in front), or a list of proxy addresses/CIDRs. Never "everything": the
   * left end of X-Forwarded-For is whatever the client wrote.
   */
  trustProxy: boolean | number | string;
  /** Registers `/api/_bench/hello` and `/api/_bench/db` (one SELECT 1) for the throughput benchmark. */
  bench: boolean;
  /** In-process caches switched off (`CACHES_OFF=profiles,chats` or `all`; lib/caches.ts): bench comparisons. */
  cachesOff: string[];
  /**
   * Server rendering of the landers (docs/adr/0030): `SSR=off` serves them for client rendering only (the bench's
   * side-by-side comparison); `SSR_BUDGET_MS` is the time budget of one render before the page falls back;
   * `SSR_WORKERS` the worker threads that render (default 2); `SSR_CACHE_TTL_MS` how long a rendered page is
   * served again to visitors with the same URL, versions and site data (default 5000, `0`: off).
   */
  ssr: { enabled: boolean; budgetMs: number; workers?: number; cacheTtlMs?: number };
  logLevel: string;
  /** Share of requests logged with a "request completed" line (LOG_REQUESTS, 0–1; 5xx always). */
  logRequests: number;
  /**
   * Rolling restarts (server.ts, ADR 0026): on SIGTERM the node turns unready and keeps answering this long
   * (DRAIN_DELAY_MS, default 5000: at least the load balancer's health-check interval times its failure count)
   * before it stops accepting; then it finishes what is in flight and exits, within SHUTDOWN_TIMEOUT_MS in all
   * (default 25000) or by force.
   */
  drainDelayMs: number;
  shutdownTimeoutMs: number;
  /** The operators' port with /metrics, /healthz and /readyz (METRICS_PORT; none when unset), on METRICS_HOST (127.0.0.1). */
  metricsPort?: number;
  metricsHost: string;
  /** Demo mode prints the demo login on start. */
  embedded: boolean;
  /**
   * The canary guard (docs/adr/0032-canary-guard.md): a turn every CANARY_GUARD_INTERVAL_MS (30000). The
   * guard's policy (CANARY_FALSE_ALARM_RATE, CANARY_REGRESSION, CANARY_REGRESSION_MIN, CANARY_MIN_STEP_SECONDS,
   * CANARY_METRICS) is read by the experiments domain (`domains/experiments/config.ts`).
   */
  canary: {
    intervalMs: number;
    /** Telemetry beacons per client address per minute (TELEMETRY_RATE_LIMIT, default 30; 429 beyond). */
    telemetryRateLimit: number;
  };
  /**
   * Where files live (lib/storage): S3 when S3_BUCKET is set (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
   * S3_SECRET_ACCESS_KEY or the AWS_ ones, S3_FORCE_PATH_STYLE, S3_PREFIX, S3_TIMEOUT_MS), else the folder DATA_DIR.
   */
  storage: StorageConfig;
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
  const production =
    env.NODE_ENV === 'production' ||
    (Boolean(env.DATABASE_URL) && env.NODE_ENV !== 'development' && env.NODE_ENV !== 'test');
  const seed = production
    ? env.SEED_DEMO === '1' || env.SEED_DEMO === 'true'
    : env.SEED_DEMO !== '0' && env.SEED_DEMO !== 'false';
  const config: AppConfig = {
    env: { ...env },
    domains: {},
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    dbSchema: env.DATABASE_SCHEMA || undefined,
    inMemoryDb: false,
    production,
    seedDemo: seed
      ? { profiles: Number(env.SEED_PROFILES ?? 300), images: true, account: !production }
      : false,
    host: env.HOST || '127.0.0.1',
    port: nonNegativeInt(env.PORT, 8080),
    appSecret: env.APP_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    signupRateLimit: positiveInt(env.SIGNUP_RATE_LIMIT, 30),
    loginRateLimit: positiveInt(env.LOGIN_RATE_LIMIT, 30),
    pushAllowPrivateEndpoints: !production && env.PUSH_ALLOW_PRIVATE_ENDPOINTS === '1',
    mailOutboxOnly: env.MAIL_OUTBOX_ONLY === '1' || env.MAIL_OUTBOX_ONLY === 'true',
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    bench: env.BENCH === '1',
    ssr: {
      enabled: env.SSR !== 'off',
      budgetMs: positiveInt(env.SSR_BUDGET_MS, 1500),
      workers: positiveInt(env.SSR_WORKERS, 2),
      cacheTtlMs: env.SSR_CACHE_TTL_MS === '0' ? 0 : positiveInt(env.SSR_CACHE_TTL_MS, 5000),
    },
    cachesOff: (env.CACHES_OFF ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'info'),
    logRequests: logShare(env.LOG_REQUESTS),
    embedded: !env.DATABASE_URL,
    drainDelayMs: nonNegativeInt(env.DRAIN_DELAY_MS, 5_000),
    shutdownTimeoutMs: positiveInt(env.SHUTDOWN_TIMEOUT_MS, 25_000),
    metricsPort: env.METRICS_PORT ? nonNegativeInt(env.METRICS_PORT, 0) : undefined,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    canary: {
      intervalMs: positiveInt(env.CANARY_GUARD_INTERVAL_MS, 30_000),
      telemetryRateLimit: positiveInt(env.TELEMETRY_RATE_LIMIT, 30),
    },
    storage: storageConfigFromEnv(env, overrides.dataDir ?? dataDir),
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

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function nonNegativeInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
}

function logShare(value: string | undefined): number {
  const share = Number(value ?? 1);
  return Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : 1;
}

function trustProxyFromEnv(value: string | undefined): AppConfig['trustProxy'] {
  if (!value || value === '0' || value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * What Fastify's `trustProxy` gets: an address list as is; a hop count (and `true` = one hop) as a function, so
 * only the last n addresses of X-Forwarded-For are believed. Never "trust all".
 */
export function trustProxySetting(
  value: AppConfig['trustProxy'],
): false | string | ((address: string, hop: number) => boolean) {
  if (value === false || typeof value === 'string') return value;
  const hops = value === true ? 1 : value;
  return (_address, hop) => hop < hops;
}

/**
 * Secrets production cannot run without (docs/product/architecture.md: production is configured by environment). Empty in
 * development, where each has an embedded default. Add a new one here with the reason it is needed.
 */
export function missingProductionSecrets(config: AppConfig): string[] {
  if (!config.production) return [];
  const missing: string[] = [];
  if (!config.appSecret || config.appSecret.length < 32) {
    missing.push('APP_SECRET (at least 32 random characters: keys the audit hashes and device cookies)');
  }
  return missing;
}
