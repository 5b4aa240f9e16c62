// The live domain: the member's live channel (GET /api/live.php, Server-Sent Events), its connections per node,
// and what reaches a member who has none open (Web Push, email notifications, the unread-message reminders).
import type { DomainModule } from '../../lib/domain-module';
import { liveJobs } from './jobs';
import { liveRoute } from './routes/live';
import { liveTestPaths } from './routes/live-test-paths';
export { liveRoute } from './routes/live';
export { createLiveConnections, type LiveConnections, HEARTBEAT_MS } from './connections';
export { createOfflineNotifier, decideOffline, type OfflineNotifier } from './offline';
export { createReminders, REMINDER_INTERVAL_MS } from './reminders';
export { liveJobs } from './jobs';
export { createLiveCounters, type LiveCounters, type CountersEvent } from './counters';
export { liveTestPaths } from './routes/live-test-paths';

/** The live channel's route and jobs, for the composition root (api/src/app/routes.ts). */
export const liveDomain: DomainModule = {
  name: 'live',
  routes: [liveRoute, liveJobs, liveTestPaths],
};
