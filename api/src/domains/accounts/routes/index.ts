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
import { PHOTO_AUTO_APPROVE_INTERVAL_MS } from '../photos';
import { photosRoute } from './photos';
import { profileRoute } from './profile';
import { signupRoute } from './signup';
import { unsubscribeRoute } from './unsubscribe';

const ERASURE_INTERVAL_MS = 15 * 60_000;
/** Objects that a failed upload or approval left without a row are removed this often (and an hour old). */
const ORPHAN_CLEANUP_MS = 60 * 60_000;

/**
 * The accounts background jobs: photo auto-approval on the sites that allow it (off by default), the erasure of
 * accounts deleted more than 14 days ago, and the removal of orphan photo and chat-photo objects (hourly). Each
 * claims its rows with a conditional UPDATE or only deletes what no row names, and each runs on one node at a time
 * (the job lock of `app.ops.jobs`, ADR 0026); tests call `app.services.photos.approveDue(now)`,
 * `app.services.accounts.deletion.eraseDue(now)` and `app.services.photos.cleanupOrphans(now)`. On start, photos not
 * yet approved that an older version stored at a public key are moved to private keys (`photos.privatiseLegacy`).
 */
export const accountJobs: FastifyPluginAsync = async (app) => {
  app.addHook('onReady', async () => {
    await app.services.photos
      .privatiseLegacy()
      .then((n) => n && app.log.info({ photos: n }, 'photos under inspection moved to private storage keys'))
      .catch((err: unknown) =>
        app.log.error({ err }, 'moving photos under inspection to private keys failed'),
      );
    app.ops.jobs.every('orphan object cleanup', ORPHAN_CLEANUP_MS, async () => {
      await app.services.photos.cleanupOrphans();
      await app.services.chatPhotos.cleanupOrphans();
    });
    app.ops.jobs.every('photo auto-approval', PHOTO_AUTO_APPROVE_INTERVAL_MS, () =>
      app.services.photos.approveDue(),
    );
    app.ops.jobs.every('account erasure', ERASURE_INTERVAL_MS, () =>
      app.services.accounts.deletion.eraseDue(),
    );
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
