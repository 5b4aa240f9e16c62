// The staff domain: the back office for operators and admins (docs/adr/0018-staff-back-office.md: sign-in with TOTP, reply queue,
// moderation, members, refunds, settings, staff accounts, audit log, dashboard) and the command-line tools.
// The server imports `./service` and `./routes` directly: the command modules below start their command when they
// are the entry point, and in the esbuild bundle of the server every module shares the bundle's `module`.
export { createStaffService, type StaffService } from './service';
export { staffRoutes } from './routes';
export { moderate } from './moderate';
export { mailCli } from './mail';
export { createAdmin } from './create-admin';
