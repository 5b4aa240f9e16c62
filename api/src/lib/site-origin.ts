// One origin per site, never from the request (docs/adr/0035-one-origin-per-site.md). Every absolute URL the server
// writes (mail links and List-Unsubscribe, canonical/hreflang/og/JSON-LD, sitemap, robots, payment return and
// webhook URLs, push payloads) is built from `Site.publicOrigin`, made here from the site's settings when the sites
// are loaded. The request's Host only chooses the site, and only when it is exactly one of the site's hosts.

/** What the origin of a site without a configured one depends on: production or not, and the listen port. */
export interface LocalOrigin {
  production: boolean;
  /** The port the server listens on (PORT). */
  port: number;
}

/** The names every local machine has: they reach the default site, on the listen port too. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

const DEFAULT_PORT: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * A configured origin as the server uses it (`https://www.example.nl`, `http://localhost:8080`), or null when it
 * is not one: only http(s), no user-info, no path, query or fragment.
 */
export function normalOrigin(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (!(url.protocol in DEFAULT_PORT) || url.username || url.password) return null;
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(trimmed)) return null;
  if (trimmed.replace(/\/$/, '').toLowerCase() !== url.origin.toLowerCase()) return null;
  return url.origin;
}

/**
 * The site's public origin: its configured `origin` column; else, in development, the local origin the server
 * listens on (`http://<host>:<PORT>`, the port left out when it is 80); else `https://<host>`.
 */
export function publicOrigin(site: { host: string; origin: string }, local: LocalOrigin): string {
  const configured = normalOrigin(site.origin);
  if (configured) return configured;
  const host = site.host.toLowerCase();
  if (local.production) return `https://${host}`;
  return local.port === 80 ? `http://${host}` : `http://${host}:${local.port}`;
}

/** The host names a site answers to: its host, the same with `www.`, and its origin's host name. */
export function siteHostnames(site: { host: string }, origin: string): string[] {
  const host = site.host.toLowerCase();
  const names = new Set([host, `www.${host}`, new URL(origin).hostname]);
  return [...names];
}

/**
 * A Host header split into its name and port, or null when it is not one: a DNS name, an IPv4 address or a bracketed
 * IPv6 address, then at most a port. User-info (`localhost:1@evil.example`), paths, spaces, several values: null.
 */
export function parseHost(header: string | undefined): { hostname: string; port: number | null } | null {
  if (!header || header.length > 255) return null;
  const m =
    /^([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i.exec(
      header,
    );
  if (!m) return null;
  const port = m[2] === undefined ? null : Number(m[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { hostname: m[1]!.toLowerCase().replace(/\.$/, ''), port };
}

/** The port of an origin (its default port when it names none). */
export function originPort(origin: string): number {
  const url = new URL(origin);
  return url.port ? Number(url.port) : DEFAULT_PORT[url.protocol]!;
}

const parsedHosts = new Map<string, ReturnType<typeof parseHost>>();

/**
 * `parseHost` remembered for the last few hundred distinct headers (a site sees a handful; a burst of odd ones only
 * empties the memo): every request needs it, and the pattern costs more than a map lookup.
 */
export function parseHostMemo(header: string | undefined): ReturnType<typeof parseHost> {
  if (header === undefined) return null;
  let parsed = parsedHosts.get(header);
  if (parsed === undefined) {
    parsed = parseHost(header);
    if (parsedHosts.size >= 256) parsedHosts.clear();
    parsedHosts.set(header, parsed);
  }
  return parsed;
}

/**
 * Whether a Host's port belongs to the site: none, the port of the site's origin (`originPort`, worked out when the
 * sites are loaded, not per request), or (for the loopback names, which only the machine itself uses) the port the
 * server listens on. Any other port is foreign.
 */
export function portAllowed(
  host: { hostname: string; port: number | null },
  sitePort: number,
  listenPort: number,
): boolean {
  if (host.port === null || host.port === sitePort) return true;
  return host.port === listenPort && LOOPBACK_HOSTS.has(host.hostname);
}

/** host[:port] of an absolute http(s) URL or Origin header, lower-cased; null when it is not one ("null", garbage). */
export function urlHost(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}
