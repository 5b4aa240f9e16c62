import type { FastifyInstance } from 'fastify';
import { chatsRoute } from './api/chats';
import { companyInfoRoute } from './api/companyinfo';
import { discountCodeRoute } from './api/discountcode';
import { geocodeRoute } from './api/geocode';
import { interestsRoute } from './api/interests';
import { likesRoute } from './api/likes';
import { logoutRoute } from './api/logout';
import { memberRoute } from './api/member';
import { membersRoute } from './api/members';
import { apiNotFoundRoute } from './api/not-found';
import { packagesRoute } from './api/packages';
import { pageHiddenRoute } from './api/page-hidden';
import { regionsRoute } from './api/regions';
import { settingsRoute } from './api/settings';
import { userRoute } from './api/user';
import { htmlRoutes } from './site/html';
import { mailboxRoutes } from './site/mailbox';
import { pushServiceWorkerRoute } from './site/push-sw';
import { staticRoutes } from './site/static';
import { accountRoutes } from './accounts';

/** One plugin per /api/<name>.php file; add new route files to this list. */
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
];

export async function registerRoutes(app: FastifyInstance) {
  for (const route of apiRoutes) await app.register(route);
  await app.register(apiNotFoundRoute);
  await app.register(staticRoutes);
  await app.register(pushServiceWorkerRoute);
  if (!app.config.production) await app.register(mailboxRoutes);
  await app.register(htmlRoutes);
}
