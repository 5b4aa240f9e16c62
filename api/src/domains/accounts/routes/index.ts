import type { FastifyPluginAsync } from 'fastify';
import { accountDeleteRoute } from './account-delete';
import { accountExportRoute } from './account-export';
import { accountReactivateRoute } from './account-reactivate';
import { activateRoute } from './activate';
import { activationMailRoute } from './activation-mail';
import { blockRoute } from './block';
import { blocksRoute } from './blocks';
import { complaintsRoute } from './complaints';
import { dismissalsRoute } from './dismissals';
import { mailChangeRoute } from './mail-change';
import { mailChangeDoRoute } from './mail-change-do';
import { notificationsRoute } from './notifications';
import { passwordRoute } from './password';
import { passwordResetRoute } from './password-reset';
import { passwordResetDoRoute } from './password-reset-do';
import { photosRoute } from './photos';
import { profileRoute } from './profile';
import { signupRoute } from './signup';
import { unsubscribeRoute } from './unsubscribe';

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
  dismissalsRoute,
  unsubscribeRoute,
  blocksRoute,
  blockRoute,
  accountDeleteRoute,
  accountReactivateRoute,
  accountExportRoute,
  complaintsRoute,
  accountJobs,
];
