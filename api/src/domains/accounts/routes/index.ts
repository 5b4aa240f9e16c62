import type { FastifyPluginAsync } from 'fastify';
import { accountDeleteRoute } from './account-delete';
import { accountExportRoute } from './account-export';
import { accountReactivateRoute } from './account-reactivate';
import { activateRoute } from './activate';
import { activationMailRoute } from './activation-mail';
import { blockRoute } from './block';
import { blocksRoute } from './blocks';
import { complaintsRoute } from './complaints';
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
 * accounts deleted more than 14 days ago. Both are single UPDATEs that claim their rows, and each runs on one node
 * at a time (the job lock of `app.ops.jobs`, ADR 0026); tests call `app.services.photos.approveDue(now)` and
 * `app.services.accounts.deletion.eraseDue(now)`.
 */
export const accountJobs: FastifyPluginAsync = async (app) => {
  app.addHook('onReady', async () => {
    const seconds = app.services.photos.autoApproveSeconds;
    if (seconds > 0) {
      app.ops.jobs.every('photo auto-approval', Math.min(10_000, seconds * 1000), () =>
        app.services.photos.approveDue(),
      );
    }
    app.ops.jobs.every('account erasure', ERASURE_INTERVAL_MS, () => app.services.accounts.deletion.eraseDue());
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
