// The contract as browser code takes it (docs/adr/0022-forms-and-schemas.md, addendum "one module per area"): the
// types of every area module (`export type *`: the TypeBox schemas stay on the server) and the plain values the
// browser runs (`values/<area>.ts`). The shared chunk keeps every export of this index, so it lists no schema.
export * from './values/common';
export * from './values/profile';
export * from './values/user';
export * from './values/settings';
export * from './values/members';
export * from './values/likes';
export * from './values/payments';
export * from './values/account';
export * from './values/dismissals';
export * from './values/staff-remote';
export * from './site-data';
export * from './live';
export * from './landers';
export type * from './common';
export type * from './profile';
export type * from './user';
export type * from './settings';
export type * from './members';
export type * from './chats';
export type * from './likes';
export type * from './payments';
export type * from './account';
export type * from './dismissals';
export type * from './experiments';
export type * from './telemetry';
// Staff back office: types only. Its values (the route list, paths, cookie name) come from
// '@dating/shared/contract/values/staff' (docs/adr/0018-staff-back-office.md: staff routes are not listed to members).
export type * from './staff';
