// The sites domain: the branded site of each host and its settings, the company info, the deployed bundles
// (registry), and the site's own routes: the HTML shell, static files, the push worker and the dev mailbox.
import type { DomainModule } from '../../lib/domain-module';
import { benchRoutes } from './routes/bench';
import { companyInfoRoute } from './routes/companyinfo';
import { deployControlRoutes } from './routes/deploy-control';
import { htmlRoutes } from './routes/html';
import { mailboxRoutes } from './routes/mailbox';
import { apiNotFoundRoute } from './routes/not-found';
import { pushServiceWorkerRoute } from './routes/push-sw';
import { pwaRoutes } from './routes/pwa';
import { settingsRoute } from './routes/settings';
import { staticRoutes } from './routes/static';
export { companyInfoRoute } from './routes/companyinfo';
export { htmlRoutes } from './routes/html';
export { mailboxRoutes } from './routes/mailbox';
export { apiNotFoundRoute } from './routes/not-found';
export { benchRoutes } from './routes/bench';
export { deployControlRoutes } from './routes/deploy-control';
export { pushServiceWorkerRoute } from './routes/push-sw';
export { pwaRoutes } from './routes/pwa';
export { settingsRoute } from './routes/settings';
export { staticRoutes } from './routes/static';
export {
  buildSettings,
  createSitesService,
  toCompanyInfo,
  type CompanyRow,
  type Site,
  type SiteRow,
  type SiteSettingsUpdate,
  type SitesService,
} from './sites';
export { siteDays, siteRecord, siteSummaries, type SiteRecord } from './queries';
export { createRegistry, isFilePath, type CanaryEntry, type DeployedSite, type Registry } from './registry';
export type { DeployStorage } from './deploy/storage';
export {
  applySwitch,
  DeployRefused,
  HISTORY_LIMIT,
  readState,
  type PublishedFile,
  type RegistryState,
  type SwitchCommand,
  type SwitchExpectation,
  type SwitchResult,
} from './deploy/state';
export {
  createServerRenderer,
  readServerBundleFromDisk,
  type ServerBundleReader,
  type ServerRenderer,
  type SsrStats,
} from './ssr';

/**
 * The sites' routes, for the composition root (api/src/app/routes.ts): `after` every domain's, the `/api/*` 404,
 * static files, the push worker, the dev mailbox and the HTML pages (last in the list, so last of all).
 */
export const sitesDomain: DomainModule = {
  name: 'sites',
  routes: [settingsRoute, companyInfoRoute],
  async after(app) {
    await app.register(benchRoutes);
    await app.register(deployControlRoutes);
    await app.register(apiNotFoundRoute);
    await app.register(staticRoutes);
    await app.register(pushServiceWorkerRoute);
    await app.register(pwaRoutes);
    if (!app.config.production) await app.register(mailboxRoutes);
    await app.register(htmlRoutes);
  },
};
