export * from './common';
export * from './profile';
export * from './user';
export * from './settings';
export * from './members';
export * from './chats';
export * from './likes';
export * from './payments';
export * from './site-data';
export * from './account';
export * from './live';
export * from './landers';
export * from './experiments';
// Staff back office: types only. Its values (the route list, paths, cookie name) come from
// '@dating/shared/contract/staff-routes' (its schemas from '@dating/shared/contract/staff', server side), so they
// never reach the members' bundles (docs/adr/0018-staff-back-office.md: staff routes are not listed to members); the shared chunk keeps every
// export of this index.
export type * from './staff';
export * from './staff-remote';
export * from './dismissals';
