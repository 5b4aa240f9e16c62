import type { Locale } from './common';
import type { Settings } from './settings';
import type { User } from './user';

/** One deployed app as the registry names it (ARCHITECTURE §3). */
export interface RegistryEntry {
  /** Federation name, e.g. `mf_chat`. */
  name: string;
  /** Absolute path of the deployed version's `mf-manifest.json`. */
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
}
export const SITE_DATA_ELEMENT_ID = 'site-data';
