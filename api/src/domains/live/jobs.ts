import type { FastifyPluginAsync } from 'fastify';
import { REMINDER_INTERVAL_MS } from './reminders';

/** How often the database's live event log drops entries past their age (one node at a time). */
export const LIVE_LOG_SWEEP_MS = 5 * 60_000;

/**
 * The live domain's scheduled work: unread-message reminders every 15 min, on one node at a time (the job lock of
 * `app.ops.jobs`, ADR 0026; each reminder is also claimed by its own statement), and the sweep of the database's
 * live event log (ADR 0039; a Redis log expires by itself).
 */
export const liveJobs: FastifyPluginAsync = async (app) => {
  app.addHook('onReady', async () => {
    app.ops.jobs.every('unread reminders', REMINDER_INTERVAL_MS, () => app.services.reminders.sendDue());
    app.ops.jobs.every('live log sweep', LIVE_LOG_SWEEP_MS, () => app.services.live.sweep());
  });
  app.addHook('onClose', async () => {
    // Events published before the close reach the offline notifier (the log's append comes first), then it ends.
    await app.services.live.settled();
    await app.services.offline.settled();
  });
};
