import type { Locale } from './values/common';
import type { Settings } from './settings';
import type { User } from './user';

/** One deployed app as the registry names it (docs/adr/0001-module-federation.md). */
export interface RegistryEntry {
  /** Federation name, e.g. `mf_chat`. */
  name: string;
  /** Absolute path of the deployed version's `remoteEntry.js` (the federation runtime loads it without the manifest). */
  entry: string;
  version: string;
}

/**
 * What the server inlines into every HTML page as JSON (`<script type="application/json" id="site-data">`),
 * so the first paint needs no API round trip.
 */
export interface SiteData {
  settings: Settings;
  user: User | false;
  locale: Locale;
  /** Visitor country from the IP (settings.geoip_country), for the entry warning and locale rules. */
  country: string | null;
  remotes: RegistryEntry[];
  /** Set when the server answered this page with an error status (404: a lander of an unknown member). */
  status?: number;
  /**
   * The page's view token for client telemetry (docs/adr/0032-canary-guard.md): the shell sends it with its
   * beacons, and the server counts only views it handed out. Absent where the page has no deployed shell.
   */
  telemetry?: string;
  /** Set when `#root` holds the server's rendering of the page: what the browser hydrates it with (docs/adr/0030). */
  ssr?: ServerHydration;
  /**
   * A member's page: where the member's live event log stood when the page was made. The page's first live stream
   * resumes from it, so an event between the page's data and that stream is replayed, not missed
   * (docs/adr/0039-live-resume.md).
   */
  liveFrom?: string;
}

/** The state a server-rendered page was rendered with, so the browser's first render is the same. */
export interface ServerHydration {
  /** The RTK Query results the page was rendered with (the browser upserts them before it hydrates). */
  queries: { endpointName: string; arg: unknown; value: unknown }[];
  /** react-router's hydration data (loader data and errors of the matched routes). */
  router: { loaderData: Record<string, unknown>; actionData: null; errors: Record<string, unknown> | null };
}
export const SITE_DATA_ELEMENT_ID = 'site-data';
