import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

export const TAG_TYPES = [
  'User',
  'Settings',
  'Chats',
  'Messages',
  'Likes',
  'Members',
  'Member',
  'Packages',
  'Transactions',
  'Photos',
  'Notifications',
  'Blocked',
  'Discount',
  'Swipe',
] as const;

/**
 * On the server (no `window`: the landers' server rendering, docs/adr/0030) a query hook starts its request while
 * rendering, so the renderer can wait for them and render again with the data; in the browser they start in an
 * effect as usual.
 */
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: typeof window === 'undefined' }),
);

/** The one RTK Query api of the site (docs/product/architecture.md). Features add endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
