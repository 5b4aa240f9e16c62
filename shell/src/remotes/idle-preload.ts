import { PREFETCH_IDLE_TIMEOUT_MS } from '@dating/shared';
import type { RemoteLoader, RemoteTarget } from './remote-loader';

/**
 * After start-up, when the browser is idle (at the latest after 2 s, docs/product/constants.md), fetch the remotes a member is
 * about to use. Visitors get nothing preloaded: their first visit loads only the shell and the lander.
 */
export function preloadOnIdle(loader: RemoteLoader, targets: RemoteTarget[]): void {
  if (targets.length === 0) return;
  const run = () => targets.forEach((target) => loader.preload(target));
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  else setTimeout(run, PREFETCH_IDLE_TIMEOUT_MS);
}
