import type { ResourceKey } from 'i18next';
import { matchLanderPath, type Locale, type Settings } from '@dating/shared';
import { NS } from '../lib/i18n';
import { LANDER_CHUNKS } from '../variants/chunks';

/**
 * Exposed by the server container only (docs/adr/0030): the chunks whose CSS files a server-rendered page of this
 * remote links in its `<head>`, so the HTML is styled before any script runs. `/` is the HomePage module's own.
 */
export function styleChunks(pathname: string, settings: Pick<Settings, 'niche'>): string[] {
  const match = matchLanderPath(pathname, settings);
  if (match === null || match === 'not-found') return [];
  if (match.page === 'home' && pathname === '/') return ['__federation_expose_HomePage'];
  return [LANDER_CHUNKS[match.page]];
}

/**
 * This version's texts of the `landers` namespace, for the server's i18n instance of this version: the namespace's
 * loader is registered in the one shared `@dating/shared`, where the last container evaluated (another version
 * of this remote, a canary) would otherwise answer for every version.
 */
export async function landersNamespace(
  locale: Locale,
): Promise<{ namespace: string; resources: ResourceKey }> {
  const module = (await import(`../locales/${locale}.json`)) as { default?: ResourceKey };
  return { namespace: NS, resources: module.default ?? (module as ResourceKey) };
}
