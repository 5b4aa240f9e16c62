import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ConfigError,
  configFromEnv,
  missingProductionSecrets,
  trustProxySetting,
  type AppConfig,
  type ConfigOverrides,
} from './config';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { registerExternalPlugins } from './plugins/external';
import { servicesPlugin } from './plugins/services';
import { contextPlugin } from './plugins/context';
import { errorsPlugin } from './plugins/errors';
import { csrfPlugin } from './plugins/csrf';
import { loggerOptions, OneLineLogController, requestLoggerFactory } from './plugins/logging';
import { registerDevOnlyGuard } from './plugins/dev-only';
import { registerInputGuard } from './plugins/input-guard';
import { registerVisitorAccess } from './plugins/visitor-access';
import { clientErrorHandler, frameworkErrors } from './plugins/raw-errors';
import { registerRoutes } from './domains/routes';
import { seedIfEmpty } from './seed/demo';
import { setCachesOff } from './lib/caches';

export interface BuildOptions extends ConfigOverrides {
  /** Environment to read (defaults to process.env). */
  env?: NodeJS.ProcessEnv;
  /** pino options (tests: a stream), or false (tests); the level, redaction and serializers are the app's. */
  logger?: boolean | Record<string, unknown>;
  /** An already opened database (tests sharing one); not closed with the app. */
  database?: Database;
}

export type App = FastifyInstance;

const MAIL_SENDER_MS = 15_000;

/** The whole server: plugins → services → routes. Used by server.ts and by tests through `app.inject`. */
export async function buildApp(options: BuildOptions = {}): Promise<App> {
  const { env, logger, database: given, ...overrides } = options;
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

  setCachesOff(config.cachesOff);
  const database = given ?? (await openDatabase(config));
  if (!given) app.addHook('onClose', async () => database.close());
  const applied = await migrate(database.raw);
  if (applied.length) app.log.info({ applied }, 'migrations applied');

  // Before any plugin that adds routes: the guard is attached to every /dev route as it is added (the API docs').
  registerDevOnlyGuard(app);
  await registerExternalPlugins(app, config);
  await app.register(servicesPlugin, { config, database });
  await app.services.push.init();
  await app.services.secrets.init();
  // The deploy registry: loaded before the first page, then kept current by NOTIFY (ADR 0025).
  await app.services.registry.init();
  // The gift catalogue is part of the product, not demo data: upserted on every start.
  await app.services.gifts.ensureCatalogue();
  // Under the migration lock, so two nodes starting on an empty database do not both seed it.
  if (config.seedDemo)
    await database.raw.exclusive(() => seedIfEmpty(app.services, database.db, config, app.log));
  await app.register(contextPlugin);
  await app.register(errorsPlugin);
  await app.register(csrfPlugin);
  // Hooks at the root, before any route: every route of every domain, present and future, passes through them.
  registerInputGuard(app);
  registerVisitorAccess(app);
  await registerRoutes(app);

  // Expired sessions are refused by the lookup anyway; this only keeps the table small.
  // Audit rows past their retention period (README, Security), finished lockouts and the swipe counters of past
  // days go with them.
  const purge = setInterval(() => {
    app.services.sessions
      .purgeExpired()
      .catch((err: unknown) => app.log.warn({ err }, 'session purge failed'));
    app.services.loginGuard
      .purge()
      .catch((err: unknown) => app.log.warn({ err }, 'login audit purge failed'));
    app.services.likes
      .purgeDailyCounters()
      .catch((err: unknown) => app.log.warn({ err }, 'daily counter purge failed'));
  }, 3_600_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  // Mail due for (another) SMTP attempt: every node runs the sender; claims are SKIP LOCKED (lib/mail/delivery.ts).
  const mailTimer = config.smtpUrl
    ? setInterval(() => void app.services.mail.delivery.kick(), MAIL_SENDER_MS)
    : null;
  mailTimer?.unref();
  app.addHook('onClose', async () => {
    if (mailTimer) clearInterval(mailTimer);
    await app.services.mail.delivery.idle();
  });
  return app as unknown as App;
}
