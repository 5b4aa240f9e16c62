// Every domain's route plugins (exported by its index.ts), registered in this order.
import type { FastifyInstance } from 'fastify';
import { chatsRoute } from './chat';
import {
  companyInfoRoute,
  apiNotFoundRoute,
  settingsRoute,
  htmlRoutes,
  mailboxRoutes,
  pushServiceWorkerRoute,
  staticRoutes,
} from './sites';
import { discountCodeRoute, packagesRoute } from './payments';
import { geocodeRoute, interestsRoute, memberRoute, membersRoute, regionsRoute } from './members';
import { likesRoute } from './likes';
import { logoutRoute, pageHiddenRoute, userRoute, accountRoutes } from './accounts';
import { experimentsRoute } from './experiments';

/** One plugin per /api/<name>.php file; add a new route (exported by its domain's index.ts) to this list. */
export const apiRoutes = [
  settingsRoute,
  companyInfoRoute,
  interestsRoute,
  regionsRoute,
  geocodeRoute,
  userRoute,
  logoutRoute,
  membersRoute,
  memberRoute,
  chatsRoute,
  likesRoute,
  packagesRoute,
  discountCodeRoute,
  pageHiddenRoute,
  ...accountRoutes,
  experimentsRoute,
];

export async function registerRoutes(app: FastifyInstance) {
  for (const route of apiRoutes) await app.register(route);
  await app.register(apiNotFoundRoute);
  await app.register(staticRoutes);
  await app.register(pushServiceWorkerRoute);
  if (!app.config.production) await app.register(mailboxRoutes);
  await app.register(htmlRoutes);
}
