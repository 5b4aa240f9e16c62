import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db, RawDb } from '../db/client';
import {
  createCreditsService,
  createPaymentsService,
  createShopService,
  paymentsConfig,
} from '../domains/payments';
import {
  createSessionsService,
  createUsersService,
  createAccountsService,
  createPhotosService,
  createLoginGuard,
} from '../domains/accounts';
import { createSitesService, createRegistry, createServerRenderer } from '../domains/sites';
import {
  createCanaryGuard,
  createExperimentsService,
  createTelemetryService,
  createViewTokens,
  guardPolicy,
  registryRolloutActions,
} from '../domains/experiments';
import { createMailService } from '../lib/mail';
import { createMembersService, createBlockedService, createProfileCache } from '../domains/members';
import {
  createChatPhotosService,
  createChatsService,
  createCountersService,
  createGiftsService,
  createMessagesService,
} from '../domains/chat';
import { createLikesService, createReportsService } from '../domains/likes';
import { createPushService } from '../lib/push';
import { createLocalBus, createRedisBus } from '../lib/bus';
import { countingHub, createLocalLiveHub } from '../lib/live';
import { createRedisLiveHub } from '../lib/live-redis';
import { createDbLiveLog } from '../lib/live-log-db';
import {
  createLiveConnections,
  createLiveCounters,
  createOfflineNotifier,
  createReminders,
} from '../domains/live';
import path from 'node:path';
import { createSecrets } from '../lib/secrets';
import { createStorage } from '../lib/storage';
// The service file itself, not the domain index: the index also re-exports the staff command-line tools.
import { createStaffService } from '../domains/staff/service';

export interface ServiceDeps {
  db: Db;
  /** Raw driver access for hot paths (prepared statements). */
  raw: RawDb;
  config: AppConfig;
  log: FastifyBaseLogger;
}

/** Every service, built once per app and reached from routes as `app.services.<name>`. */
export function createServices(deps: ServiceDeps) {
  const { db } = deps;
  // Every file (photos, chat photos, icons, portraits, deployed remotes): the local folder or S3 (lib/storage).
  const storage = createStorage(deps.config.storage);
  const bus = deps.config.redisUrl
    ? createRedisBus(deps.config.redisUrl, `dating:bus:${deps.config.dbSchema ?? 'public'}`, deps.log)
    : createLocalBus();
  const push = createPushService(db, {
    subject: process.env.VAPID_SUBJECT ?? 'mailto:support@localhost',
    log: deps.log,
    allowPrivateEndpoints: deps.config.pushAllowPrivateEndpoints,
  });
  const profiles = createProfileCache(deps.raw, bus);
  const blocked = createBlockedService(deps.raw, bus);
  const sites = createSitesService(db, {
    pushPublicKey: () => push.publicKey(),
    local: { production: deps.config.production, port: deps.config.port },
  });
  // Keyed hashes (audit identifiers, device cookies); `init()` on start, like push.
  const secrets = createSecrets(db, deps.config.appSecret);
  const loginGuard = createLoginGuard(db, secrets);
  // One Redis channel per member when several nodes run (ADR 0008); in-process fan-out otherwise. Each member's
  // events are logged for streams to resume from (ADR 0039): a Redis stream, or the database on one node.
  const live = countingHub(
    deps.config.redisUrl
      ? createRedisLiveHub(deps.config.redisUrl, `dating:live:${deps.config.dbSchema ?? 'public'}:`, deps.log)
      : createLocalLiveHub(createDbLiveLog(deps.raw), (err, message) => deps.log.warn({ err }, message)),
  );
  const sessions = createSessionsService(db, deps.raw, bus);
  const mail = createMailService({ ...deps, sites });
  // An event that reached no open connection on any node: Web Push and mail, as the preferences allow.
  const offline = createOfflineNotifier({ db, push, mail, sites, log: deps.log });
  live.onUndelivered(offline.handle);
  const chats = createChatsService(db, deps.raw, { profiles, blocked, bus });
  // Each member's counters (the `counters` live event, the navigation's badges): one definition for every writer.
  const counters = createCountersService(deps.raw, chats);
  /** The deploy registry (deploy_apps rows, reloaded on NOTIFY) and the deployed files in storage. */
  const registry = createRegistry({
    db,
    raw: deps.raw,
    storage,
    log: deps.log,
    cacheDir: path.join(deps.config.dataDir, 'cache', 'versions'),
  });
  const core = {
    storage,
    sites,
    bus,
    /** Live events to members' open connections (docs/adr/0008-live-channel.md); publish after commit. */
    live,
    /** This node's open live streams (GET /api/live.php). */
    liveConnections: createLiveConnections({
      hub: live,
      bus,
      stillValid: (hashes) => sessions.stillValid(hashes),
    }),
    sessions,
    secrets,
    loginGuard,
    users: createUsersService(db, deps.raw, loginGuard),
    credits: createCreditsService(db),
    mail,
    offline,
    /** `liveCounters.publish(userId)` after a change to unread messages, new likes or credits. */
    liveCounters: createLiveCounters(counters, live),
    /** The unread-message reminder mails (a job every 15 min on every node, each reminder sent once). */
    reminders: createReminders({ db, mail, sites }),
    blocked,
    members: createMembersService(db, deps.raw, bus, { profiles, blocked }),
    chats,
    likes: createLikesService(db, { live, profiles }),
    reports: createReportsService(db, { mail }),
    shop: createShopService(db),
    push,
    registry,
    /**
     * Server rendering of the landers with each version's own server bundle (docs/adr/0030), read from the
     * deployed files in storage (through the registry's per-node copy).
     */
    ssr: createServerRenderer({
      read: async (app, version, file) =>
        (await registry.readFile(app, version, file))?.toString('utf8') ?? null,
      log: deps.log,
      budgetMs: deps.config.ssr.budgetMs,
      workers: deps.config.ssr.workers,
      cacheTtlMs: deps.config.ssr.cacheTtlMs,
      registryState: () => registry.current(),
      onDataChange: (clear) =>
        // This node's changes and the other nodes'.
        bus.subscribeAll((event) => {
          if (event.type === 'members-changed' || event.type === 'sites-changed') clear();
        }),
    }),
  };
  // Experiments: canary assignment, lander visits and the conversion report.
  const experiments = createExperimentsService(db, { registry: core.registry, raw: deps.raw });
  // Client telemetry per remote version (docs/adr/0032-canary-guard.md): what the canary guard judges a rollout on.
  const telemetry = createTelemetryService(db);
  // The pages' view tokens, which the HTML route (sites) hands out and telemetry checks.
  const viewTokens = createViewTokens(core.secrets);
  // The canary guard (docs/adr/0032-canary-guard.md): walks canaries deployed with steps through them on that telemetry; its job turn
  // is in the experiments domain's routes plugin (one node at a time).
  const guard = createCanaryGuard(db, {
    telemetry,
    actions: registryRolloutActions(core.registry),
    log: deps.log,
    policy: guardPolicy(deps.config),
  });
  // Accounts slice: photos and the accounts flows, built on the core services above.
  const photos = createPhotosService(db, {
    storage,
    log: deps.log,
  });
  // Chat: messages paid from the ledger, gifts, photos sent in chat, and each member's counters.
  const gifts = createGiftsService(deps.raw);
  const chatPhotos = createChatPhotosService(deps.raw, { storage, db });
  const messages = createMessagesService({
    ...core,
    db,
    raw: deps.raw,
    profiles,
    gifts,
    photos: chatPhotos,
    counters,
    log: deps.log,
  });
  const chat = { gifts, chatPhotos, counters, messages };
  // Payments slice: orders through the configured provider, discounts, direct debit, SMS.
  const payments = createPaymentsService({
    db,
    credits: core.credits,
    live: core.live,
    counters: (userId) => counters.of(userId),
    log: deps.log,
    config: paymentsConfig(deps.config),
  });
  const accounts = createAccountsService({ ...core, messages, db, log: deps.log, photos });
  // Staff back office (docs/adr/0018-staff-back-office.md): built on the services above.
  const staff = createStaffService({
    ...core,
    ...chat,
    db,
    raw: deps.raw,
    log: deps.log,
    photos,
    payments,
    accounts,
    experiments,
    publishCounters: (userId) => void core.liveCounters.publish(userId),
  });
  return {
    ...core,
    ...chat,
    experiments,
    telemetry,
    viewTokens,
    guard,
    photos,
    payments,
    accounts,
    staff,
  };
}
export type Services = ReturnType<typeof createServices>;
