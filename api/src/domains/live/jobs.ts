import type { FastifyPluginAsync } from 'fastify';
import { REMINDER_INTERVAL_MS } from './reminders';

/** The live domain's scheduled work: unread-message reminders every 15 min (safe on every node at once). */
export const liveJobs: FastifyPluginAsync = async (app) => {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      app.services.reminders
        .sendDue()
        .catch((err: unknown) => app.log.error({ err }, 'unread reminders failed'));
    }, REMINDER_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await app.services.offline.settled();
  });
};
