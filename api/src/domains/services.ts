import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db, RawDb } from '../db/client';
import { createCreditsService, createShopService } from './payments';
import {
  createSessionsService,
  createUsersService,
  createAccountsService,
  autoApproveSecondsFromEnv,
  createPhotosService,
} from './accounts';
import { createSitesService, createRegistry } from './sites';
import { createExperimentsService } from './experiments';
import { createMailService } from '../lib/mail';
import { createMembersService, createBlockedService, createProfileCache } from './members';
import { createChatsService } from './chat';
import { createLikesService } from './likes';
import { createPushService } from '../lib/push';
import { createLocalBus, createRedisBus } from '../lib/bus';
import { createLocalLiveHub } from '../lib/live';
import path from 'node:path';

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
  const bus = deps.config.redisUrl
    ? createRedisBus(deps.config.redisUrl, `dating:bus:${deps.config.dbSchema ?? 'public'}`, deps.log)
    : createLocalBus();
  const push = createPushService(db, {
    subject: process.env.VAPID_SUBJECT ?? 'mailto:support@localhost',
    log: deps.log,
  });
  const profiles = createProfileCache(deps.raw, bus);
  const blocked = createBlockedService(deps.raw, bus);
  const sites = createSitesService(db, { pushPublicKey: () => push.publicKey() });
  const core = {
    sites,
    bus,
    /** Live events to members' open connections (ARCHITECTURE §7b); publish after commit. */
    live: createLocalLiveHub(),
    sessions: createSessionsService(db, deps.raw, bus),
    users: createUsersService(db, deps.raw),
    credits: createCreditsService(db),
    mail: createMailService({ ...deps, sites }),
    blocked,
    members: createMembersService(db, deps.raw, bus, { profiles, blocked }),
    chats: createChatsService(db, deps.raw, { profiles, blocked }),
    likes: createLikesService(db),
    shop: createShopService(db),
    push,
    registry: createRegistry(deps.config.dataDir),
  };
  // Experiments (issue 12): canary assignment, lander visits and the conversion report.
  const experiments = createExperimentsService(db, { registry: core.registry });
  // Accounts slice (issue 4): photos and the accounts flows, built on the core services above.
  const photos = createPhotosService(db, {
    mediaDir: path.join(deps.config.dataDir, 'media'),
    autoApproveSeconds: autoApproveSecondsFromEnv(),
  });
  return {
    ...core,
    experiments,
    photos,
    accounts: createAccountsService({ ...core, db, log: deps.log, photos }),
  };
}
export type Services = ReturnType<typeof createServices>;
