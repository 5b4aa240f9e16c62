import { api } from '@dating/shared';
import { staffPath } from '@dating/shared/contract/values/staff';
import type { StaffRouteName } from '@dating/shared/contract/staff';

/** The contract's absolute path as the shared base query wants it (relative to `/api/`). */
export function url(name: StaffRouteName, id?: number): string {
  return staffPath(name, id).replace(/^\/api\//, '');
}

export type Params = Record<string, string | number | undefined>;

/** Drops empty filters, so `?site=` never reaches the server as an empty string. */
export function params(query: Params | void): Record<string, string | number> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return entries.length ? (Object.fromEntries(entries) as Record<string, string | number>) : undefined;
}

/** Every tag of the staff calls; signing out invalidates them all (the session endpoints beside this file). */
export const STAFF_TAGS = [
  'StaffMe',
  'StaffQueue',
  'StaffConversation',
  'StaffPhotos',
  'StaffCases',
  'StaffMembers',
  'StaffSites',
  'StaffAccounts',
  'StaffAudit',
  'StaffDashboard',
  'StaffRollouts',
] as const;

/**
 * The base of every call of the staff contract (`shared/src/contract/staff.ts`): the one api of `shared` with the
 * staff tags. Each feature injects its own endpoints into it (`features/<feature>/api/`), the session and the
 * dashboard (which every list's site filter reads) are injected here in `api/`; all live in this remote, so no
 * member's bundle carries them. Writes are not retried (the reply carries its own idempotency key and is marked
 * idempotent).
 */
export const staffApi = api.enhanceEndpoints({ addTagTypes: STAFF_TAGS });
