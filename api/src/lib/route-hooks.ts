import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preHandler' | 'onResponse';

/**
 * Attaches a hook to one route from an `onRoute` hook, so a guard runs only on the routes it concerns instead of
 * on every request (docs/adr/0009-request-overhead.md: per-request work only where it is needed). It runs before the route's own hooks of
 * that kind, where the global hook it replaces used to run.
 */
export function addRouteHook<H>(route: RouteOptions, name: HookName, hook: H) {
  const own = route[name] as unknown;
  const list = own === undefined ? [] : Array.isArray(own) ? own : [own];
  (route as unknown as Record<HookName, unknown>)[name] = [hook, ...list];
}
