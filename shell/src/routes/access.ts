import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import {
  coreApi,
  trafficSource,
  visitorMayBrowse,
  type AppStore,
  type Settings,
  type TrafficSource,
} from '@dating/shared';
import { selectSignupModal } from '../app/shell-slice';
import type { Access } from './route-table';

/** What the access rules need to know about the session (read from the store). */
export interface AccessSession {
  loggedIn: boolean;
  /** The signup modal is open: a signup there logs the visitor in at its first step, on the page they are on. */
  signupModalOpen: boolean;
}

export type AccessDecision = { allow: true } | { allow: false; redirect: string };

type SearchSettings = Pick<Settings, 'logged_out_search' | 'logged_out_search_trafficsource'>;

/**
 * The access rule of one route (docs/product/routes-and-layouts.md, docs/product/member-model.md), a pure function of the route's `access`, the session, the site's
 * settings and the address:
 * - `member`: visitors go to `/login?redirect=<path and query>`;
 * - `search`: visitors may stay where `logged_out_search` allows it, or with a traffic source (network, ref)
 *   where `logged_out_search_trafficsource` does; otherwise `/login?redirect=…`;
 * - `home`: members go to `/members`, except while the signup modal is open (a signup there logs the visitor in
 *   at its first step; the form's later steps stay on the page until the modal closes);
 * - `any`: everyone.
 */
export function decideAccess(
  access: Access,
  session: AccessSession,
  settings: SearchSettings | undefined,
  url: { pathname: string; search: string },
  source: TrafficSource = {},
): AccessDecision {
  if (access === 'home') {
    return session.loggedIn && !session.signupModalOpen
      ? { allow: false, redirect: '/members' }
      : { allow: true };
  }
  if (session.loggedIn || access === 'any') return { allow: true };
  if (access === 'search' && visitorMayBrowse(settings as Settings | undefined, source))
    return { allow: true };
  return { allow: false, redirect: `/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}` };
}

/**
 * The session as the rules see it, or null while the store does not know it (between an api reset after a logout
 * or a 401 and the visitor state that follows it).
 */
export function readAccessSession(state: unknown): AccessSession | null {
  const user = coreApi.endpoints.getUser.select()(state as never).data;
  if (user === undefined) return null;
  return { loggedIn: Boolean(user.user), signupModalOpen: selectSignupModal(state).open };
}

export function readSettings(state: unknown): Settings | undefined {
  return coreApi.endpoints.getSettings.select()(state as never).data;
}

/** Where the access loaders read the session and the settings. */
export interface AccessSource {
  getState(): unknown;
}

/**
 * The route loader of a route with an access rule: the router runs it before the page renders (and before the
 * page's remote is fetched for `member` and `home` routes), on every navigation to it and on every revalidation.
 */
export function accessLoader(access: Access, store: AccessSource) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const state = store.getState();
    const session = readAccessSession(state) ?? { loggedIn: false, signupModalOpen: false };
    const settings = readSettings(state);
    // The traffic source is only read (and kept for the visit, as before) where it can change the answer.
    const source = access === 'search' && !session.loggedIn ? trafficSource(url.search) : {};
    const decision = decideAccess(access, session, settings, url, source);
    if (!decision.allow) throw redirect(decision.redirect);
    return null;
  };
}

/**
 * Runs the current route's rules again whenever the session changes (login, logout, a 403 `auth_required` that
 * ends the session, account deletion, the signup modal closing). The router owns the outcome: a navigation already
 * on its way (deletion to `/account-deleted`) is re-run with the new session, and a navigation started right after
 * the change (logout to `/`) cancels this revalidation, so neither bounces through `/login`.
 */
export function revalidateOnSessionChange(
  store: Pick<AppStore, 'getState' | 'subscribe'>,
  router: { revalidate(): Promise<void> },
): () => void {
  // A session that was known and is gone from the cache (the logout reset empties it, then writes the visitor's
  // in the same tick) counts as a change: the visitor's entry is a batched update whose notification may come a
  // frame later, and a navigation on its way must not finish with the member's rules meanwhile (the loaders read
  // an unknown session as a visitor's).
  const keyOf = (session: AccessSession | null) =>
    session ? `${session.loggedIn}:${session.signupModalOpen}` : 'unknown';
  let last = keyOf(readAccessSession(store.getState()));
  return store.subscribe(() => {
    const key = keyOf(readAccessSession(store.getState()));
    if (key === last) return;
    last = key;
    void router.revalidate();
  });
}
