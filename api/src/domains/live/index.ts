// The live domain: the member's live channel (GET /api/live.php, Server-Sent Events), its connections per node,
// and what reaches a member who has none open (Web Push, email notifications, the unread-message reminders).
export { liveRoute } from './routes/live';
export { createLiveConnections, type LiveConnections, HEARTBEAT_MS } from './connections';
export { createOfflineNotifier, decideOffline, type OfflineNotifier } from './offline';
export { createReminders, REMINDER_INTERVAL_MS } from './reminders';
export { liveJobs } from './jobs';
export { createLiveCounters, type LiveCounters, type CountersEvent } from './counters';
export { liveTestPaths } from './routes/live-test-paths';
