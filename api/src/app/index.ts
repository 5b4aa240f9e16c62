import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ConfigError,
  configFromEnv,
  missingProductionSecrets,
  trustProxySetting,
  type AppConfig,
  type ConfigOverrides,
} from '../config';
import { openDatabase, type Database } from '../db/client';
import { dataDirProblem } from '../lib/data-dir';
import { migrate } from '../db/migrate';
import { registerExternalPlugins } from '../plugins/external';
import { servicesPlugin } from './services-plugin';
import type { Services } from './services';
import { contextPlugin } from './request-context';
import { errorsPlugin } from '../plugins/errors';
import { csrfPlugin } from '../plugins/csrf';
import { loggerOptions, OneLineLogController, requestLoggerFactory } from '../plugins/logging';
import { registerDevOnlyGuard } from '../plugins/dev-only';
import { registerInputGuard } from '../plugins/input-guard';
import { registerVisitorAccess } from '../plugins/visitor-access';
import { clientErrorHandler, frameworkErrors } from '../plugins/raw-errors';
import { registerRoutes } from './routes';
import { opsPlugin } from '../plugins/ops';
import { setCachesOff } from '../lib/caches';
import { openRedis } from '../lib/ops/redis';

export interface BuildOptions extends ConfigOverrides {
  /** Environment to read (defaults to process.env). */
  env?: NodeJS.ProcessEnv;
  /** pino options (tests: a stream), or false (tests); the level, redaction and serializers are the app's. */
  logger?: boolean | Record<string, unknown>;
  /** An already opened database (tests sharing one); not closed with the app. */
  database?: Database;
  /** Called for every route as it is added (tests: the list of routes and their schemas). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Fills an empty database with the demo data when `seedDemo` asks for it: `seedIfEmpty` of `seed/demo.ts`, given
   * by the start command (server.ts) and the test helpers. The app does not load the seed itself (it stands above
   * the app: ADR 0038); without this option nothing is seeded.
   */
  seed?: (
    services: Services,
    db: Database['db'],
    config: AppConfig,
    log: FastifyBaseLogger,
  ) => Promise<unknown>;
}

export type App = FastifyInstance;

const MAIL_SENDER_MS = 15_000;

/** The whole server: plugins → services → routes. Used by server.ts and by tests through `app.inject`. */
export async function buildApp(options: BuildOptions = {}): Promise<App> {
  const { env, logger, database: given, onRoute, seed, ...overrides } = options;
  const config: AppConfig = configFromEnv(env ?? process.env, overrides);
  const missing = missingProductionSecrets(config);
  if (missing.length) {
    throw new ConfigError(
      `Refusing to start in production without: ${missing.join('; ')}. ` +
        'Set them in the environment (or NODE_ENV=development for a local run).',
    );
  }
  const log = loggerOptions(config.logLevel, logger);
  const app = Fastify({
    // One line per request (sampled by LOG_REQUESTS), secrets redacted; a request's pino child only when it logs
    // something itself: plugins/logging.ts.
    logger: log.options,
    logController: new OneLineLogController(config.logRequests, log.direct),
    childLoggerFactory: requestLoggerFactory,
    trustProxy: trustProxySetting(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A stopping node finishes what reaches it on an open connection (answered with Connection: close) instead of
    // a 503: the load balancer stopped sending new work when /readyz turned false (server.ts, draining).
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
    // `errorCodes`: the catalogue code per rule of the shared form schemas (shared/src/forms, ADR 0022).
    ajv: {
      customOptions: {
        coerceTypes: 'array',
        removeAdditional: true,
        useDefaults: true,
        keywords: ['errorCodes'],
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);

  setCachesOff(config.cachesOff);
  // Before anything opens or makes a file there: one line naming the folder and what is wrong with it.
  const dataDir = dataDirProblem(config.dataDir);
  if (dataDir) throw new ConfigError(`${dataDir} Point DATA_DIR at a writable folder.`);
  const database = given ?? (await openDatabase(config));
  if (!given) app.addHook('onClose', async () => database.close());
  const applied = await migrate(database.raw);
  if (applied.length) app.log.info({ applied }, 'migrations applied');

  // Before any plugin that adds routes: the guard is attached to every /dev route as it is added (the API docs').
  registerDevOnlyGuard(app);
  // Shared counters (rate limits) and the readiness check; closed last.
  const redis = config.redisUrl ? openRedis(config.redisUrl, app.log) : null;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await registerExternalPlugins(app, config, redis);
  await app.register(servicesPlugin, { config, database });
  // Readiness, background jobs under cross-node locks, metrics: before the routes (their metrics hook is per route).
  await app.register(opsPlugin, { redis });
  await app.services.push.init();
  await app.services.secrets.init();
  // The deploy registry: loaded before the first page, then kept current by NOTIFY (ADR 0025).
  await app.services.registry.init();
  // The render workers evaluate the deployed shell and landers bundles now, not in the first visitor's budget.
  if (config.ssr.enabled) app.services.ssr.warm();
  // The gift catalogue is part of the product, not demo data: upserted on every start.
  await app.services.gifts.ensureCatalogue();
  // Under the migration lock, so two nodes starting on an empty database do not both seed it.
  if (config.seedDemo && seed)
    await database.raw.exclusive(() => seed(app.services, database.db, config, app.log));
  await app.register(contextPlugin);
  await app.register(errorsPlugin);
  await app.register(csrfPlugin);
  // Hooks at the root, before any route: every route of every domain, present and future, passes through them.
  registerInputGuard(app);
  registerVisitorAccess(app);
  await registerRoutes(app);

  // Expired sessions are refused by the lookup anyway; this only keeps the table small.
  // Audit rows past their retention period (README, Security), finished lockouts and the swipe counters of past
  // days go with them, and so do client telemetry older than 30 days and expired beacon claims (the guard reads
  // minutes to hours back; ADR 0032). One node at a time, like every background job (app.ops.jobs, ADR 0026).
  app.ops.jobs.every('purges', 3_600_000, async () => {
    await app.services.sessions.purgeExpired();
    await app.services.loginGuard.purge();
    await app.services.likes.purgeDailyCounters();
    await app.services.telemetry.prune();
  });
  // Mail due for (another) SMTP attempt: one node's sender at a time sweeps the outbox; a send on any node kicks
  // that node's sender at once, and claims are SKIP LOCKED (lib/mail/delivery.ts), so no mail goes out twice.
  if (config.smtpUrl) {
    app.ops.jobs.every('mail sender', MAIL_SENDER_MS, () => app.services.mail.delivery.kick());
  }
  app.addHook('onClose', async () => {
    await app.services.ssr.close();
    await app.services.mail.delivery.idle();
  });
  return app as unknown as App;
}
