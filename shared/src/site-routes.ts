/**
 * The site's page paths (docs/product/routes-and-layouts.md), known to both sides: the shell builds its router from routes with these
 * paths (`shell/src/routes/route-table.ts`, checked by its test), and the server answers any other path with the
 * 404 page and HTTP 404 (a crawler or a monitor must not see a soft 404). A new page route goes here and into the
 * shell's table.
 */

import { LANDER_VARIANTS, parseLanderSlug } from './contract/landers';
import { BACK_OFFICE_PATH } from './contract/values/staff-remote';

export { LANDER_VARIANTS };

export const STATIC_PAGES = [
  'ban',
  'cookies',
  'faq',
  'privacy',
  'return-policy',
  'service',
  'terms',
] as const;

/** Lander slug tokens look like `<niche>-<locale>` (general-nl, she-eng); anything else at `/:token` is a 404. */
export const TOKEN_PATTERN = /^[a-z0-9]+(?:[-_][a-z0-9]+)+$/i;

/** react-router paths (`:param`, `:param?` optional) of every page, without the catch-all. */
export const SITE_ROUTE_PATHS: readonly string[] = [
  '/',
  '/members',
  '/members/:id',
  '/likes',
  '/likes/m/:id',
  '/likes/:type',
  '/chats',
  '/chats/:id',
  '/members/:id/chat',
  '/members/:id/landing',
  '/members/:id/landing2/:slug?',
  '/members/:id/landing3/:slug?',
  '/members/:id/signup',
  '/landers/tinderswipe',
  ...LANDER_VARIANTS.map((variant) => `/landers/${variant}/:slug?`),
  '/swipe-game',
  '/match-finder',
  '/:token',
  '/credits',
  '/credits/repeat-order',
  '/credits/:id/:paymentmethod?',
  '/premium',
  '/pricing',
  '/directdebit',
  '/transactions/:id?',
  '/login',
  '/signup',
  '/signup-matches',
  '/complete-signup',
  '/reset-password',
  '/reset-password/do',
  '/activate/done',
  '/activate/error',
  '/mail-change/do',
  '/account-deleted',
  '/profile',
  '/notifications',
  '/lang-config',
  '/complaints',
  ...STATIC_PAGES.map((name) => `/pages/${name}`),
  // The staff area: the shell knows only the prefix, its pages are routes inside mf-staff (docs/adr/0018-staff-back-office.md).
  `${BACK_OFFICE_PATH}/*`,
];

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  // A splat (`/staff/*`): the prefix and anything below it.
  if (parts[parts.length - 1] === '*') {
    const prefix = parts.slice(0, -1);
    return segments.length >= prefix.length && prefix.every((part, i) => part === segments[i]);
  }
  const required = parts.filter((part) => !part.endsWith('?')).length;
  if (segments.length < required || segments.length > parts.length) return false;
  return segments.every((segment, i) => {
    const part = parts[i]!;
    // A lander slug of any niche and locale (`general-nl`, `she-eng`); the niche is checked against the site's
    // by `matchLanderPath` (the server answers 404 for another niche's slug).
    if (part === ':token') return parseLanderSlug(segment) !== null;
    return part.startsWith(':') ? segment.length > 0 : part === segment;
  });
}

/**
 * The route path a page address belongs to, or null (a 404). Case-sensitive like the router; a trailing slash
 * is ignored. `pathname` is the decoded path without query.
 */
export function matchSiteRoute(pathname: string, paths: readonly string[] = SITE_ROUTE_PATHS): string | null {
  const segments = pathname.split('/').filter(Boolean);
  // Static paths first: `/members` is not a `/:token`, `/credits/repeat-order` not `/credits/:id`.
  const ordered = [...paths].sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')));
  return ordered.find((pattern) => matches(pattern, segments)) ?? null;
}
