import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RegistryEntry } from '@dating/shared/contract/index';

interface RegistryFile {
  apps: Record<
    string,
    { current: string; history?: string[]; canary?: { version: string; weight: number; since?: string } }
  >;
}

/** A running experiment: `weight` percent of visitors get `canary` instead of `stable` (ARCHITECTURE §3). */
export interface CanaryEntry {
  /** Registry key (folder name), e.g. `mf-landers`. */
  app: string;
  stable: RegistryEntry;
  canary: RegistryEntry;
  weight: number;
}

export interface DeployedSite {
  /** The stable version of every remote. */
  remotes: RegistryEntry[];
  /** Remotes with a canary; the page inlines the version assigned to the visitor instead of the stable one. */
  canaries: CanaryEntry[];
  /** The shell's initial files as URL paths, or null when no shell is deployed. */
  shell: { version: string; js: string[]; css: string[]; preload: string[] } | null;
}

const EMPTY: DeployedSite = { remotes: [], canaries: [], shell: null };
const VERSION_RE = /^[\w.+-]+$/;

/**
 * `$DATA_DIR/site/registry.json` (written atomically by `npm run deploy`): re-read whenever its mtime changes,
 * checked at most once a second, so a deploy or rollback needs no restart.
 */
export function createRegistry(dataDir: string) {
  const siteDir = path.join(dataDir, 'site');
  const file = path.join(siteDir, 'registry.json');
  let cached: { mtimeMs: number; value: DeployedSite } | null = null;
  let checkedAt = 0;

  function load(): DeployedSite {
    const reg = JSON.parse(readFileSync(file, 'utf8')) as RegistryFile;
    const remotes: RegistryEntry[] = [];
    const canaries: CanaryEntry[] = [];
    let shell: DeployedSite['shell'] = null;
    for (const [app, entry] of Object.entries(reg.apps ?? {})) {
      if (!entry?.current || !VERSION_RE.test(entry.current) || !VERSION_RE.test(app)) continue;
      if (app === 'shell') {
        try {
          const assets = JSON.parse(
            readFileSync(path.join(siteDir, 'shell', entry.current, 'entry-assets.json'), 'utf8'),
          ) as {
            main?: { js?: string[]; css?: string[]; preload?: string[] };
          };
          const prefix = `/remotes/shell/${entry.current}/`;
          shell = {
            version: entry.current,
            js: (assets.main?.js ?? []).map((f) => prefix + f),
            css: (assets.main?.css ?? []).map((f) => prefix + f),
            // Shared-library chunks the entry fetches only after it ran: preloading them saves a round trip.
            preload: (assets.main?.preload ?? []).map((f) => prefix + f),
          };
        } catch {
          shell = null;
        }
        continue;
      }
      const remote = (version: string): RegistryEntry => ({
        name: app.replace(/-/g, '_'),
        entry: `/remotes/${app}/${version}/mf-manifest.json`,
        version,
      });
      remotes.push(remote(entry.current));
      const canary = entry.canary;
      if (
        canary &&
        VERSION_RE.test(canary.version) &&
        canary.version !== entry.current &&
        Number.isInteger(canary.weight) &&
        canary.weight >= 0 &&
        canary.weight <= 100
      ) {
        canaries.push({
          app,
          stable: remote(entry.current),
          canary: remote(canary.version),
          weight: canary.weight,
        });
      }
    }
    return { remotes, canaries, shell };
  }

  return {
    siteDir,
    current(): DeployedSite {
      const now = Date.now();
      if (cached && now - checkedAt < 1000) return cached.value;
      checkedAt = now;
      let mtimeMs: number;
      try {
        mtimeMs = statSync(file).mtimeMs;
      } catch {
        cached = null;
        return EMPTY;
      }
      if (!cached || cached.mtimeMs !== mtimeMs) {
        try {
          cached = { mtimeMs, value: load() };
        } catch {
          // A half-written file cannot happen (atomic rename), but a hand-edited one can: keep serving.
          return cached?.value ?? EMPTY;
        }
      }
      return cached.value;
    },
  };
}
export type Registry = ReturnType<typeof createRegistry>;
