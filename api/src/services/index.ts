import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { createCreditsService } from './credits';
import { createSessionsService } from './sessions';
import { createSitesService } from './sites';
import { createUsersService } from './users';
import { createMailService } from './mail';
import { createMembersService } from './members';
import { createChatsService } from './chats';
import { createLikesService } from './likes';
import { createShopService } from './shop';
import { createPushService } from './push';
import { createRegistry } from './registry';

export interface ServiceDeps {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
}

/** Every service, built once per app and reached from routes as `app.services.<name>`. */
export function createServices(deps: ServiceDeps) {
  const { db } = deps;
  const sites = createSitesService(db, { pushPublicKey: () => process.env.VAPID_PUBLIC_KEY ?? '' });
  return {
    sites,
    sessions: createSessionsService(db),
    users: createUsersService(db),
    credits: createCreditsService(db),
    mail: createMailService({ ...deps, sites }),
    members: createMembersService(db),
    chats: createChatsService(db),
    likes: createLikesService(db),
    shop: createShopService(db),
    push: createPushService(db),
    registry: createRegistry(deps.config.dataDir),
  };
}
export type Services = ReturnType<typeof createServices>;
