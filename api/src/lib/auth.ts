// The signed-in member and the session basics every layer may know: the accounts domain owns sessions and users
// (domains/accounts/sessions.ts, users.ts), but the request context (app/request-context.ts) and the domains that
// serve a member (payments, live, …) need the member's type, the cookie and the token hash without importing the
// accounts domain (the layers stand on each other one way: docs in api/README.md).
import { hash, randomBytes } from 'node:crypto';
import { AUTH_COOKIE_DAYS } from '@dating/shared/constants';
import type { User } from '@dating/shared/contract/index';

/** The signed-in member as routes see it: the contract `User` plus ids the server needs. */
export interface AuthUser extends User {
  id: number;
  siteId: number;
}

export const SESSION_COOKIE = 'sid';
export const SESSION_MAX_AGE_S = AUTH_COOKIE_DAYS * 86_400;

// One-shot `hash` (Node ≥ 20.12): half the cost of a Hash object, and it runs on every member request.
export const hashToken = (token: string) => hash('sha256', token, 'base64url');
export const newToken = () => randomBytes(32).toString('base64url');
