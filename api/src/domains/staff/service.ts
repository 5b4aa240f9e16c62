import type { FastifyBaseLogger } from 'fastify';
import type { Db, RawDb } from '../../db/client';
import type { Bus } from '../../lib/bus';
import type { ObjectStorage } from '../../lib/storage';
import type { MailService } from '../../lib/mail';
import type { Secrets } from '../../lib/secrets';
import type { AccountsService, PhotosService, SessionsService } from '../accounts';
import type { ChatPhotosService, GiftsService, MessagesService } from '../chat';
import type { ExperimentsService } from '../experiments';
import type { ReportsService } from '../likes';
import type { MembersService } from '../members';
import type { CreditsService, PaymentsService } from '../payments';
import type { SitesService } from '../sites';
import { createAudit } from '../audit';
import { createStaffAuth } from './auth';
import { createStaffDashboard } from './dashboard';
import { createStaffMembers } from './members';
import { createStaffModeration } from './moderation';
import { createStaffQueue } from './queue';
import { createSignInAlerts } from './sign-in-alerts';
import { createStaffSites } from './site-settings';

export interface StaffDeps {
  db: Db;
  raw: RawDb;
  log: FastifyBaseLogger;
  secrets: Secrets;
  storage: ObjectStorage;
  bus: Bus;
  sites: SitesService;
  sessions: SessionsService;
  mail: MailService;
  members: MembersService;
  photos: PhotosService;
  messages: MessagesService;
  gifts: GiftsService;
  chatPhotos: ChatPhotosService;
  credits: CreditsService;
  payments: PaymentsService;
  accounts: AccountsService;
  reports: ReportsService;
  experiments: ExperimentsService;
  publishCounters: (userId: number) => void;
}

/** The staff back office (ADR 0018), built on the other domains' services (no copies of their logic). */
export function createStaffService(deps: StaffDeps) {
  const audit = createAudit(deps.db);
  const moderation = createStaffModeration(deps);
  const alerts = createSignInAlerts({
    ...deps,
    warn: (err) => deps.log.warn({ err }, 'staff sign-in alert failed'),
  });
  return {
    audit,
    alerts,
    auth: createStaffAuth({ db: deps.db, audit, secrets: deps.secrets, alerts }),
    queue: createStaffQueue(deps),
    moderation,
    members: createStaffMembers({ ...deps, moderation }),
    sites: createStaffSites(deps),
    dashboard: createStaffDashboard({ ...deps, alerts }),
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
