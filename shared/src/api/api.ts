import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

export const TAG_TYPES = [
  'User', 'Settings', 'Chats', 'Messages', 'Likes', 'Members', 'Member', 'Packages', 'Transactions', 'Photos',
  'Notifications', 'Blocked', 'Discount', 'Swipe',
] as const;

/** The one RTK Query api of the site (ARCHITECTURE §4). Features add endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
