import { createHash, randomBytes } from 'node:crypto';
import type { RegistryEntry } from '@dating/shared/contract/index';
import type { CanaryEntry } from '../sites';

import { EXPERIMENT_COOKIE, EXPERIMENT_COOKIE_MAX_AGE_S } from '../../lib/experiment-cookie';

// The cookie's name and lifetime are in lib/experiment-cookie.ts (sites and accounts read them too).
export { EXPERIMENT_COOKIE, EXPERIMENT_COOKIE_MAX_AGE_S };

const VISITOR_RE = /^[A-Za-z0-9_-]{16,32}$/;
const APP_RE = /^[a-z][a-z0-9-]{0,40}$/;
const VERSION_RE = /^[\w.+-]{1,64}$/;

export interface ExperimentCookie {
  visitor: string;
  /** Registry key → the version this visitor was given. */
  versions: Record<string, string>;
}

export type Arm = 'stable' | 'canary';

export interface Assignment {
  app: string;
  version: string;
  arm: Arm;
  /** Given on this request (not read from the cookie): to be recorded. */
  fresh: boolean;
}

export function newVisitorId(): string {
  return randomBytes(16).toString('base64url');
}

/** The cookie's content, or null when it is missing or not ours (a forged value is ignored, not trusted). */
export function parseExperimentCookie(value: string | undefined): ExperimentCookie | null {
  if (!value || value.length > 1024) return null;
  const [visitor, ...pairs] = value.split('~');
  if (!visitor || !VISITOR_RE.test(visitor)) return null;
  const versions: Record<string, string> = {};
  for (const pair of pairs) {
    const [app, version] = pair.split('=');
    if (app && version && APP_RE.test(app) && VERSION_RE.test(version)) versions[app] = version;
  }
  return { visitor, versions };
}

export function formatExperimentCookie(cookie: ExperimentCookie): string {
  return [
    cookie.visitor,
    ...Object.entries(cookie.versions).map(([app, version]) => `${app}=${version}`),
  ].join('~');
}

/**
 * The visitor's bucket 0–99 for one experiment: a hash of the visitor and the canary version, so a new canary
 * reshuffles visitors while the same one keeps them where they are.
 */
export function bucketOf(visitor: string, app: string, canaryVersion: string): number {
  return createHash('sha256').update(`${visitor}\0${app}\0${canaryVersion}`).digest().readUInt32BE(0) % 100;
}

export interface AssignInput {
  cookie: ExperimentCookie;
  canaries: readonly CanaryEntry[];
  /** Apps tracked without a canary (mf-landers on a lander page): their stable version is recorded too. */
  tracked: readonly RegistryEntry[];
}

/**
 * Which version of each app with a canary this visitor gets. A version already given (the cookie) is kept as long
 * as it is still the stable or the canary one, whatever the weight does meanwhile: a visitor never flips between
 * versions during an experiment. Versions of apps that no longer run an experiment are dropped from the cookie.
 */
export function assign({ cookie, canaries, tracked }: AssignInput): {
  cookie: ExperimentCookie;
  assignments: Assignment[];
} {
  const versions: Record<string, string> = {};
  const assignments: Assignment[] = [];
  for (const entry of canaries) {
    const given = cookie.versions[entry.app];
    let arm: Arm;
    let fresh = false;
    if (given === entry.canary.version) arm = 'canary';
    else if (given === entry.stable.version) arm = 'stable';
    else {
      arm = bucketOf(cookie.visitor, entry.app, entry.canary.version) < entry.weight ? 'canary' : 'stable';
      fresh = true;
    }
    const version = arm === 'canary' ? entry.canary.version : entry.stable.version;
    versions[entry.app] = version;
    assignments.push({ app: entry.app, version, arm, fresh });
  }
  for (const remote of tracked) {
    const app = remote.name.replace(/_/g, '-');
    if (assignments.some((a) => a.app === app)) continue;
    versions[app] = remote.version;
    assignments.push({
      app,
      version: remote.version,
      arm: 'stable',
      fresh: cookie.versions[app] !== remote.version,
    });
  }
  return { cookie: { visitor: cookie.visitor, versions }, assignments };
}

/** The registry's remotes with each app's assigned version swapped in (the page inlines these). */
export function remotesFor(
  remotes: readonly RegistryEntry[],
  canaries: readonly CanaryEntry[],
  assignments: readonly Assignment[],
) {
  return remotes.map((remote) => {
    const experiment = canaries.find((entry) => entry.stable.name === remote.name);
    if (!experiment) return remote;
    const chosen = assignments.find((a) => a.app === experiment.app);
    return chosen?.arm === 'canary' ? experiment.canary : remote;
  });
}
