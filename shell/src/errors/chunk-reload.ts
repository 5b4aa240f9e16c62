import { CHUNK_RELOAD_GUARD_MS } from '@dating/shared';

export const CHUNK_RELOAD_KEY = 'chunk-reload-at';

/** webpack's failed `import()` of a chunk (ChunkLoadError), or a CSS chunk that did not load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk [\w./-]+ failed/i.test(error.message);
}

export interface ReloadGuardDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: number;
  reload?: () => void;
}

/**
 * docs/product/calls-and-errors.md: a chunk that fails to load (usually a deploy replaced it) gets one full page reload, at most once per
 * 60 s per tab, tracked in sessionStorage, so a really broken chunk cannot make the page reload forever.
 * Returns true when a reload was started.
 */
export function reloadOnceForChunkError(error: unknown, deps: ReloadGuardDeps = {}): boolean {
  if (!isChunkLoadError(error)) return false;
  const storage = deps.storage ?? window.sessionStorage;
  const now = deps.now ?? Date.now();
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  (deps.reload ?? (() => window.location.reload()))();
  return true;
}
