// The contract, except the staff back office's (`@dating/shared/contract/staff`): `@dating/shared` is shared with
// every app through federation, so whatever it exports is in the members' bundle; mf-staff imports its contract by
// path and carries it alone (issue 14). The test in contract/index.test.ts keeps this list complete.
export * from './contract/common';
export * from './contract/profile';
export * from './contract/user';
export * from './contract/settings';
export * from './contract/members';
export * from './contract/chats';
export * from './contract/likes';
export * from './contract/payments';
export * from './contract/site-data';
export * from './contract/account';
export * from './contract/live';
export * from './contract/landers';
export * from './contract/experiments';
export * from './contract/staff-remote';
export * from './constants';
export * from './lib/format';
export * from './lib/traffic-source';
export * from './lib/push';
export * from './api/api';
export * from './api/base-query';
export * from './api/core-endpoints';
export * from './api/chat-endpoints';
export * from './api/chat-cache';
export * from './api/likes-endpoints';
export * from './api/errors';
export * from './store/session';
export * from './store/live';
export * from './store/root-reducer';
export * from './store/make-store';
export * from './i18n/i18n';
export * from './store/ui';
export * from './store/typing';
export * from './ui';
export * from './i18n/errors-namespace';
