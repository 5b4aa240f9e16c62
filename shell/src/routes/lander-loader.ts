import type { LoaderFunctionArgs } from 'react-router-dom';
import { matchLanderPath, type Settings } from '@dating/shared';

export interface LanderRouteOptions {
  /** The site's niche: a slug of another niche is not a page of this site. */
  settings?: () => Pick<Settings, 'niche'> | undefined;
  /** The path the server answered 404 for (a profile lander of an unknown member): the first render shows it. */
  notFoundPath?: string | null;
}

function notFound(): never {
  throw new Response(null, { status: 404, statusText: 'Not Found' });
}

/** Loader of the lander routes: the same rule as the server's (`matchLanderPath`), so both show the 404 page. */
export function landerLoader({ settings, notFoundPath }: LanderRouteOptions) {
  return ({ request }: LoaderFunctionArgs) => {
    const { pathname } = new URL(request.url);
    const result = matchLanderPath(pathname, settings?.() ?? { niche: 1 });
    if (result === null || result === 'not-found' || pathname === notFoundPath) notFound();
    return null;
  };
}
