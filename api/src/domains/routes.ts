// Every domain's route plugins (exported by its index.ts), registered in this order.
import type { FastifyInstance } from 'fastify';
import { chatPhotoRoute, chatsRoute, giftsRoute, messagesRoute, typingRoute } from './chat';
import {
  companyInfoRoute,
  apiNotFoundRoute,
  benchRoutes,
  deployControlRoutes,
  settingsRoute,
  htmlRoutes,
  mailboxRoutes,
  pushServiceWorkerRoute,
  pwaRoutes,
  staticRoutes,
} from './sites';
import {
  directDebitRoutes,
  discountCodeRoute,
  orderRoute,
  packagesRoute,
  paymentJobs,
  paymentWebhookRoute,
  repeatOrderRoute,
  smsOutboxRoutes,
  devSignupAgeRoute,
  testCheckoutRoutes,
} from './payments';
import {
  geocodeRoute,
  interestsRoute,
  landerMembersRoute,
  memberRoute,
  membersRoute,
  regionsRoute,
  townsRoute,
} from './members';
import { likeRoute, likeSeenRoute, likesRoute, reportRoute, swipeRoute } from './likes';
import { liveJobs, liveRoute, liveTestPaths } from './live';
import { logoutRoute, pageHiddenRoute, userRoute, accountRoutes } from './accounts';
import { canaryGuardJob, experimentsRoute, telemetryRoute } from './experiments';
import { staffRoutes } from './staff/routes';

/** One plugin per /api/<name>.php file; add a new route (exported by its domain's index.ts) to this list. */
export const apiRoutes = [
  settingsRoute,
  companyInfoRoute,
  interestsRoute,
  regionsRoute,
  townsRoute,
  geocodeRoute,
  userRoute,
  logoutRoute,
  membersRoute,
  landerMembersRoute,
  memberRoute,
  chatsRoute,
  messagesRoute,
  typingRoute,
  giftsRoute,
  chatPhotoRoute,
  likesRoute,
  likeRoute,
  likeSeenRoute,
  swipeRoute,
  reportRoute,
  packagesRoute,
  discountCodeRoute,
  orderRoute,
  paymentWebhookRoute,
  repeatOrderRoute,
  directDebitRoutes,
  paymentJobs,
  pageHiddenRoute,
  liveRoute,
  liveJobs,
  liveTestPaths,
  ...accountRoutes,
  experimentsRoute,
  telemetryRoute,
  canaryGuardJob,
  staffRoutes,
];

export async function registerRoutes(app: FastifyInstance) {
  for (const route of apiRoutes) await app.register(route);
  await app.register(benchRoutes);
  await app.register(deployControlRoutes);
  await app.register(apiNotFoundRoute);
  await app.register(staticRoutes);
  await app.register(pushServiceWorkerRoute);
  await app.register(pwaRoutes);
  if (!app.config.production) await app.register(mailboxRoutes);
  if (!app.config.production) await app.register(smsOutboxRoutes);
  if (!app.config.production) await app.register(devSignupAgeRoute);
  // The test provider's hosted page exists only while it is the configured provider (never beside Mollie).
  if (app.services.payments.provider?.name === 'test') await app.register(testCheckoutRoutes);
  await app.register(htmlRoutes);
}
