// The accounts domain: sign-up, login and sessions, passwords, the member's own profile and photos, notification
// settings, blocks, deletion and export. Other domains use it only through what this file exports.
import type { DomainModule } from '../../lib/domain-module';
import { accountRoutes } from './routes';
import { logoutRoute } from './routes/logout';
import { pageHiddenRoute } from './routes/page-hidden';
import { userRoute } from './routes/user';
export { accountJobs, accountRoutes } from './routes';
export { logoutRoute } from './routes/logout';
export { pageHiddenRoute } from './routes/page-hidden';
export { userRoute } from './routes/user';
export { createAccountsService, type AccountsDeps, type AccountsService } from './service';
export { unsubscribeToken } from './service/context';
export {
  activePhoto,
  activePhotos,
  complaintRecipient,
  complaintRow,
  complaintRows,
  inspectionPhotoOwner,
  memberAccount,
  memberCards,
  membersJoined,
  moderationBacklog,
  photosUnderInspection,
  searchMemberAccounts,
  type ComplaintRow,
  type InspectionPhotoRow,
  type MemberAccountRow,
  type MemberCardRow,
} from './queries';
export {
  PHOTO_AUTO_APPROVE_INTERVAL_MS,
  PHOTO_AUTO_APPROVE_SETTING,
  PHOTO_MAX_PIXELS,
  createPhotosService,
  photoKey,
  photoLimit,
  processPhoto,
  PRIVATE_PHOTO_PREFIX,
  type InspectionPhoto,
  type PhotosService,
} from './photos';
export { hashPassword, verifyPassword } from './passwords';
export {
  DEVICE_COOKIE,
  DEVICE_COOKIE_DAYS,
  LOGIN_AUDIT_RETENTION_DAYS,
  createLoginGuard,
  type LoginGuard,
} from './login-guard';
export {
  SESSION_COOKIE,
  SESSION_MAX_AGE_S,
  createSessionsService,
  hashToken,
  newToken,
  type SessionInfo,
  type SessionsService,
} from './sessions';
export {
  LOCKOUT_ATTEMPTS,
  LOCKOUT_MINUTES,
  LOCKOUT_WINDOW_MIN,
  createUsersService,
  type AuthUser,
  type UsersService,
} from './users';

/** The accounts' routes and jobs, for the composition root (api/src/app/routes.ts). */
export const accountsDomain: DomainModule = {
  name: 'accounts',
  routes: [userRoute, logoutRoute, pageHiddenRoute, ...accountRoutes],
};
