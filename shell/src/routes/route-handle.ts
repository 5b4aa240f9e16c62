import { useMatches } from 'react-router-dom';
import type { LayoutName } from './route-table';

export interface RouteHandle {
  name: string;
  layout: LayoutName;
  /** The route's path pattern (`/members/:id`): the page client telemetry reports, never the URL. */
  path: string;
  /** The registry key of the app that draws the page (`mf-members`), or `shell` for its own pages. */
  app: string;
}

/** The docs/product/routes-and-layouts.md name of the deepest matched route ('not-found' when nothing matched). */
export function useRouteName(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle?.name) return handle.name;
  }
  return 'not-found';
}

/** The deepest matched route's handle, or null when nothing matched. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle?.name) return handle;
  }
  return null;
}
