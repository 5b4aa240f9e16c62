import type { FastifyPluginAsync } from 'fastify';
import { accountDeleteRoute } from './api/account-delete';
import { accountExportRoute } from './api/account-export';
import { accountReactivateRoute } from './api/account-reactivate';
import { activateRoute } from './api/activate';
import { activationMailRoute } from './api/activation-mail';
import { blockRoute } from './api/block';
import { blocksRoute } from './api/blocks';
import { complaintsRoute } from './api/complaints';
import { mailChangeRoute } from './api/mail-change';
import { mailChangeDoRoute } from './api/mail-change-do';
import { notificationsRoute } from './api/notifications';
import { passwordRoute } from './api/password';
import { passwordResetRoute } from './api/password-reset';
import { passwordResetDoRoute } from './api/password-reset-do';
import { photosRoute } from './api/photos';
import { profileRoute } from './api/profile';
import { signupRoute } from './api/signup';
import { unsubscribeRoute } from './api/unsubscribe';

const ERASURE_INTERVAL_MS = 15 * 60_000;

/**
 * The accounts background jobs: photo auto-approval (PHOTO_AUTO_APPROVE_SECONDS, 0 = off) and the erasure of
 * accounts deleted more than 14 days ago. Both are single UPDATEs that claim their rows, so several API nodes may
 * run them; tests call `app.services.photos.approveDue(now)` and `app.services.accounts.deletion.eraseDue(now)`.
 */
export const accountJobs: FastifyPluginAsync = async (app) => {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, job: () => Promise<unknown>, name: string) => {
    const t = setInterval(() => {
      job().catch((err: unknown) => app.log.error({ err }, `${name} failed`));
    }, ms);
    t.unref();
    timers.push(t);
  };
  app.addHook('onReady', async () => {
    const seconds = app.services.photos.autoApproveSeconds;
    if (seconds > 0)
      every(Math.min(10_000, seconds * 1000), () => app.services.photos.approveDue(), 'photo auto-approval');
    every(ERASURE_INTERVAL_MS, () => app.services.accounts.deletion.eraseDue(), 'account erasure');
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
  });
};

/** Route plugins of the accounts slice, one per /api/<name>.php, plus its jobs. */
export const accountRoutes = [
  signupRoute,
  profileRoute,
  activateRoute,
  activationMailRoute,
  passwordResetRoute,
  passwordResetDoRoute,
  passwordRoute,
  mailChangeRoute,
  mailChangeDoRoute,
  photosRoute,
  notificationsRoute,
  unsubscribeRoute,
  blocksRoute,
  blockRoute,
  accountDeleteRoute,
  accountReactivateRoute,
  accountExportRoute,
  complaintsRoute,
  accountJobs,
];
