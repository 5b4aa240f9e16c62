import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RegistryEntry } from '@dating/shared/contract/index';
import type { Db, RawDb, Tx } from '../../db/client';
import {
  applySwitch,
  readState,
  REGISTRY_CHANNEL,
  VERSION_RE,
  APP_RE,
  versionFiles,
  type PublishedFile,
  type RegistryState,
  type SwitchCommand,
  type SwitchResult,
} from './deploy/state';
import { readWhole, versionKey, type DeployStorage } from './deploy/storage';
import { createRemoteFiles } from './deploy/serve';

/** Memory kept per node for deployed files read from storage (REMOTES_CACHE_MB, default 64). */
const CACHE_BYTES = Number(process.env.REMOTES_CACHE_MB ?? 64) * 1024 * 1024;
/** A reload that failed (database or storage down) is tried again after this long. */
const RETRY_MS = 1000;

/** A running experiment: `weight` percent of visitors get `canary` instead of `stable` (docs/adr/0001-module-federation.md). */
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

type EntryAssets = { main?: { js?: string[]; css?: string[]; preload?: string[] } };

/**
 * The deploy registry as this node serves it: the `deploy_apps` rows (migration 0250), held in memory and
 * reloaded when a command commits (NOTIFY on the registry channel, a few ms after the commit on every node;
 * again after a lost LISTEN connection comes back, since notifications may have been missed meanwhile). In
 * embedded mode the running server applies the commands itself (`apply`), so the next request sees them.
 * docs/adr/0025-registry-in-the-database.md.
 */
export function createRegistry(deps: {
  db: Db;
  raw: RawDb;
  storage: DeployStorage;
  log?: FastifyBaseLogger;
  /** Where `download` keeps this node's copies of versions (a cache: `$DATA_DIR/cache/versions`). */
  cacheDir?: string;
}) {
  let value: DeployedSite = EMPTY;
  let state: RegistryState = { apps: {}, published: {} };
  let loaded = false;
  let running: Promise<void> | null = null;
  let again = false;
  let retry: NodeJS.Timeout | undefined;
  /** The shell's entry-assets.json per version (immutable, so kept). */
  const shellAssets = new Map<string, EntryAssets | null>();

  async function assetsOf(version: string): Promise<EntryAssets | null> {
    if (shellAssets.has(version)) return shellAssets.get(version)!;
    // Storage down: throws, and the reload keeps serving what it had (retried shortly).
    const bytes = await readWhole(deps.storage, versionKey('shell', version, 'entry-assets.json'));
    let assets: EntryAssets | null = null;
    try {
      assets = bytes ? (JSON.parse(bytes.toString('utf8')) as EntryAssets) : null;
    } catch (err) {
      deps.log?.warn({ err, version }, 'shell entry-assets.json unreadable');
    }
    shellAssets.set(version, assets);
    return assets;
  }

  async function build(next: RegistryState): Promise<DeployedSite> {
    const remotes: RegistryEntry[] = [];
    const canaries: CanaryEntry[] = [];
    let shell: DeployedSite['shell'] = null;
    for (const [app, entry] of Object.entries(next.apps)) {
      if (!VERSION_RE.test(entry.current) || !APP_RE.test(app)) continue;
      if (app === 'shell') {
        const assets = await assetsOf(entry.current);
        if (assets) {
          const prefix = `/remotes/shell/${entry.current}/`;
          shell = {
            version: entry.current,
            js: (assets.main?.js ?? []).map((f) => prefix + f),
            css: (assets.main?.css ?? []).map((f) => prefix + f),
            // Shared-library chunks the entry fetches only after it ran: preloading them saves a round trip.
            preload: (assets.main?.preload ?? []).map((f) => prefix + f),
          };
        }
        continue;
      }
      const remote = (version: string): RegistryEntry => ({
        name: app.replace(/-/g, '_'),
        entry: `/remotes/${app}/${version}/remoteEntry.js`,
        version,
      });
      remotes.push(remote(entry.current));
      const canary = entry.canary;
      if (canary && VERSION_RE.test(canary.version) && canary.version !== entry.current) {
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

  /** Reads the committed registry; concurrent calls share one read, and a call during a read causes one more. */
  function reload(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          const next = await readState(deps.db);
          value = await build(next);
          state = next;
          loaded = true;
        } while (again);
      } catch (err) {
        // Database or storage did not answer: keep serving the registry as last loaded, and try again shortly.
        if (!retry) {
          retry = setTimeout(() => {
            retry = undefined;
            reload().catch(() => undefined);
          }, RETRY_MS);
          retry.unref();
        }
        throw err;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    /** Loads the registry and starts listening for commits of other processes (other nodes, the deploy command). */
    async init(): Promise<void> {
      // A node starts even while storage does not answer (the reload is retried until it does).
      await reload().catch((err: unknown) => deps.log?.warn({ err }, 'registry not loaded yet; retrying'));
      await deps.raw.listen(REGISTRY_CHANNEL, {
        notify: (payload) => {
          if (payload === deps.raw.schema) {
            reload().catch((err: unknown) => deps.log?.warn({ err }, 'registry reload failed'));
          }
        },
        // Notifications may have been missed while the connection was down: read it all again.
        ready: () => {
          if (loaded) reload().catch((err: unknown) => deps.log?.warn({ err }, 'registry reload failed'));
        },
        lost: () => undefined,
      });
    },
    reload,
    /** What the page inlines: the current versions (and experiments), as last loaded. */
    current(): DeployedSite {
      return value;
    },
    /** The registry rows as last loaded, with the published versions. */
    state(): RegistryState {
      return state;
    },
    /**
     * Runs a deploy command in this process (embedded mode, tests) and serves its outcome from the next request. With
     * `tx`, inside the caller's transaction: it commits (and every node reloads, by its NOTIFY) with the caller's own
     * rows or not at all; the caller reloads this node after its commit.
     */
    async apply(cmd: SwitchCommand, tx?: Tx): Promise<SwitchResult> {
      if (tx) return applySwitch(tx, deps.raw.schema, cmd);
      const result = await applySwitch(deps.db, deps.raw.schema, cmd);
      await reload();
      return result;
    },
    /**
     * The files of a published version of an app (server bundles included), or null when that version is not
     * published: e.g. the server-rendering code loading `dist/server/…` of the version a visitor is assigned.
     */
    files(app: string, version: string): Promise<PublishedFile[] | null> {
      if (!APP_RE.test(app) || !VERSION_RE.test(version)) return Promise.resolve(null);
      return versionFiles(deps.db, app, version);
    },
    /** One file of a published version (`server/main.js`, `mf-manifest.json`…), or null. */
    async readFile(app: string, version: string, file: string): Promise<Buffer | null> {
      if (!APP_RE.test(app) || !VERSION_RE.test(version) || !isFilePath(file)) return null;
      return readWhole(deps.storage, versionKey(app, version, file));
    },
    /**
     * A local folder holding the files of a published version whose path starts with `prefix` (e.g. `server/`,
     * for code that must be loaded from disk), downloaded once per node (a copy: versions never change), or null
     * when the version is not published. Written to a temporary folder and renamed, so a folder that exists is
     * complete.
     */
    async download(app: string, version: string, prefix = ''): Promise<string | null> {
      if (!deps.cacheDir) throw new Error('registry.download needs a cacheDir');
      const files =
        APP_RE.test(app) && VERSION_RE.test(version) && (!prefix || isFilePath(prefix.replace(/\/+$/, '')))
          ? await versionFiles(deps.db, app, version)
          : null;
      if (!files) return null;
      const target = path.join(deps.cacheDir, app, version, prefix.replace(/\/+$/, '') || '_all');
      if (existsSync(target)) return target;
      const temp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
      for (const file of files) {
        if (!file.path.startsWith(prefix) || !isFilePath(file.path)) continue;
        const bytes = await readWhole(deps.storage, versionKey(app, version, file.path));
        if (!bytes) throw new Error(`${app} ${version}: ${file.path} is missing in storage`);
        await mkdir(path.dirname(path.join(temp, file.path)), { recursive: true });
        await writeFile(path.join(temp, file.path), bytes);
      }
      await mkdir(temp, { recursive: true });
      try {
        await rename(temp, target);
      } catch (err) {
        // Another request downloaded it meanwhile.
        await rm(temp, { recursive: true, force: true });
        if (!existsSync(target)) throw err;
      }
      return target;
    },
    storage: deps.storage,
    /** Deployed files as `/remotes` serves them: read through from storage, a memory copy on this node. */
    served: createRemoteFiles(deps.storage, CACHE_BYTES),
  };
}
export type Registry = ReturnType<typeof createRegistry>;

/** A path inside a version folder: `/`-separated names, none empty, none starting with a dot. */
export function isFilePath(file: string): boolean {
  return (
    file.length > 0 &&
    file.length < 512 &&
    file.split('/').every((part) => /^[A-Za-z0-9_@+~=-][A-Za-z0-9._@+~=-]*$/.test(part))
  );
}
