import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Secrets } from '../../lib/secrets';

/**
 * The view token of a page (docs/adr/0032-canary-guard.md): the server hands one out with every HTML page it serves,
 * and client telemetry counts only views that carry one. It names the page (a random id: each of its views is
 * counted once), the visitor (the experiment cookie's id, whose assignment gave the versions) and every version the
 * page was given (shell and remotes), and when it was issued; it is signed with the app secret (HMAC-SHA-256) and
 * accepted for {@link VIEW_TOKEN_TTL_MS}. Nothing in it is secret: it only proves the server wrote it.
 */
export interface ViewToken {
  page: string;
  visitor: string;
  /** Registry key (`mf-landers`, `shell`) → the version this page runs. */
  versions: Record<string, string>;
  /** Issued at (ms since the epoch). */
  issued: number;
}

/** How long a page's views are accepted after the page was served: a page open longer reports no more. */
export const VIEW_TOKEN_TTL_MS = 2 * 60 * 60_000;

const PURPOSE = 'telemetry-view';
const APP_RE = /^(shell|mf-[a-z]{2,20})$/;
const VERSION_RE = /^[\w.+-]{1,64}$/;
const ID_RE = /^[\w-]{8,40}$/;

export function newPageId(): string {
  return randomBytes(12).toString('base64url');
}

export function issueViewToken(secrets: Secrets, token: Omit<ViewToken, 'issued'>, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify([token.page, token.visitor, now, token.versions])).toString(
    'base64url',
  );
  return `${body}.${secrets.hash(PURPOSE, body)}`;
}

export type TokenRefusal = 'token_forged' | 'token_expired';

/** The token's content, or why it is refused (forged or malformed, or past its lifetime). */
export function readViewToken(
  secrets: Secrets,
  value: string,
  now = Date.now(),
): ViewToken | { refused: TokenRefusal } {
  const dot = value.indexOf('.');
  if (dot <= 0) return { refused: 'token_forged' };
  const body = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(secrets.hash(PURPOSE, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { refused: 'token_forged' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { refused: 'token_forged' };
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return { refused: 'token_forged' };
  const [page, visitor, issued, versions] = parsed as [unknown, unknown, unknown, unknown];
  if (typeof page !== 'string' || !ID_RE.test(page)) return { refused: 'token_forged' };
  if (typeof visitor !== 'string' || !ID_RE.test(visitor)) return { refused: 'token_forged' };
  if (typeof issued !== 'number' || !versions || typeof versions !== 'object')
    return { refused: 'token_forged' };
  const map: Record<string, string> = {};
  for (const [app, version] of Object.entries(versions as Record<string, unknown>)) {
    if (APP_RE.test(app) && typeof version === 'string' && VERSION_RE.test(version)) map[app] = version;
  }
  // A little slack for clocks of several nodes.
  if (now - issued > VIEW_TOKEN_TTL_MS || issued - now > 60_000) return { refused: 'token_expired' };
  return { page, visitor, versions: map, issued };
}

/**
 * The token of a page served now: its versions are the shell's and every remote's the page inlines (a canary's for
 * its visitors). A visitor without an experiment cookie (no experiment running) is a new id for this page alone.
 */
export function viewTokenFor(
  secrets: Secrets,
  page: { visitor: string | null; shell: string; remotes: readonly { name: string; version: string }[] },
  now = Date.now(),
): string {
  const versions: Record<string, string> = { shell: page.shell };
  for (const remote of page.remotes) versions[remote.name.replace(/_/g, '-')] = remote.version;
  return issueViewToken(secrets, { page: newPageId(), visitor: page.visitor ?? newPageId(), versions }, now);
}

/** How a visitor is stored in telemetry: a keyed hash of their id, never the id (the cookie's value) itself. */
export function telemetryVisitor(secrets: Secrets, visitor: string): string {
  return secrets.hash('telemetry-visitor', visitor).slice(0, 22);
}

/**
 * The view tokens as a service, for the HTML route of the sites domain (below this domain: it reaches it through
 * `app.services.viewTokens`, not by importing it).
 */
export function createViewTokens(secrets: Secrets) {
  return {
    /** The token of a page served now ({@link viewTokenFor}). */
    issue: (page: Parameters<typeof viewTokenFor>[1]) => viewTokenFor(secrets, page),
    /** How a visitor is stored in telemetry ({@link telemetryVisitor}). */
    visitor: (visitor: string) => telemetryVisitor(secrets, visitor),
  };
}
export type ViewTokens = ReturnType<typeof createViewTokens>;
