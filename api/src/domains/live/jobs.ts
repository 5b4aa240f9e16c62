import type { FastifyPluginAsync } from 'fastify';
import { REMINDER_INTERVAL_MS } from './reminders';

/**
 * The live domain's scheduled work: unread-message reminders every 15 min, on one node at a time (the job lock of
 * `app.ops.jobs`, ADR 0026; each reminder is also claimed by its own statement).
 */
export const liveJobs: FastifyPluginAsync = async (app) => {
  app.addHook('onReady', async () => {
    app.ops.jobs.every('unread reminders', REMINDER_INTERVAL_MS, () => app.services.reminders.sendDue());
  });
  app.addHook('onClose', async () => {
    await app.services.offline.settled();
  });
};
