import { matchLanderPath, type Settings } from '@dating/shared';
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
