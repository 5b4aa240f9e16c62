// The staff domain: the back office for operators and admins (issue 14: sign-in with TOTP, reply queue,
// moderation, members, refunds, settings, staff accounts, audit log, dashboard) and the command-line tools.
export { moderate } from './moderate';
export { mailCli } from './mail';
export { createStaffService, type StaffService } from './service';
export { staffRoutes } from './routes';
export { createAdmin } from './create-admin';
