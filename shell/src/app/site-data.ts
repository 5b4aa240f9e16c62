import {
  isLocale,
  settingsParams,
  SITE_DATA_ELEMENT_ID,
  type Settings,
  type SiteData,
  type UserResponse,
} from '@dating/shared';

/** The JSON block the server inlines into every page (docs/adr/0001-module-federation.md), or null when there is none. */
export function readSiteData(doc: Document = document): SiteData | null {
  const element = doc.getElementById(SITE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SiteData;
  } catch {
    return null;
  }
}

/**
 * Dev without a server-inlined block (webpack dev server): the same facts from the API. Remotes are then whatever
 * the dev server's HTML declares, usually none.
 */
export async function fetchSiteData(): Promise<SiteData> {
  const init: RequestInit = { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } };
  const [settings, user] = await Promise.all([
    fetch(`/api/settings.php?${new URLSearchParams(settingsParams())}`, init).then(
      (response) => response.json() as Promise<Settings>,
    ),
    fetch('/api/user.php', init).then((response) =>
      response.ok ? (response.json() as Promise<UserResponse>) : { user: false as const },
    ),
  ]);
  const lang = document.documentElement.lang.slice(0, 2);
  return {
    settings,
    user: user.user,
    locale: isLocale(lang) ? lang : settings.default_locale,
    country: settings.geoip_country,
    remotes: [],
  };
}
