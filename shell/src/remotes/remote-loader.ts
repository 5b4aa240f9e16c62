import type { RegistryEntry } from '@dating/shared';
import {
  remoteId,
  type RemoteComponent,
  type RemoteId,
  type RemoteModule,
  type RemoteName,
  type RemoteTarget,
} from '@dating/shared/remotes';

// The contract with the remotes lives in shared (`RemoteModules`): the loader answers each id's component typed by
// its props, so what the shell passes is checked against what the remote exposes.
export { remoteId, type RemoteId, type RemoteName, type RemoteTarget };

/** A loaded module of any id (the loader's cache holds them all). */
export type AnyRemoteComponent = RemoteComponent<RemoteId>;

export interface RemoteLoader {
  /** Loads `<remote>/<Module>`; the same promise for repeated calls until `reset`. */
  load<Id extends RemoteId>(target: RemoteTarget<Id>): Promise<RemoteComponent<Id>>;
  /** Forgets the remote (and its failed or loaded modules) so the next load fetches its entry again. */
  reset(remote: RemoteName): Promise<void>;
  /**
   * Loads a module ahead of a likely visit (idle or link hover), into the same cache `load` uses. Loading the
   * module itself (not link-preloading every expose of the remote) fetches only what the visit will use.
   */
  preload(target: RemoteTarget): void;
}

interface FederationRuntime {
  loadRemote<T>(id: string): Promise<T | null>;
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
}

/** The loader used in the browser: `@module-federation/enhanced/runtime` with the registry's remotes. */
export function createFederationLoader(runtime: FederationRuntime, registry: RegistryEntry[]): RemoteLoader {
  const cache = new Map<RemoteId, Promise<AnyRemoteComponent>>();
  const loader: RemoteLoader = {
    load<Id extends RemoteId>(target: RemoteTarget<Id>) {
      const id = remoteId(target) as Id;
      let pending = cache.get(id) as Promise<RemoteComponent<Id>> | undefined;
      if (!pending) {
        // The remote's exposed file checks its default export against RemoteModule<Id> when it is built.
        pending = runtime.loadRemote<Partial<RemoteModule<Id>>>(id).then((module) => {
          if (!module?.default) throw new Error(`Remote module ${id} has no default export`);
          return module.default;
        });
        pending.catch(() => cache.delete(id));
        cache.set(id, pending as Promise<AnyRemoteComponent>);
      }
      return pending;
    },
    async reset(remote) {
      for (const id of [...cache.keys()]) if (id.startsWith(`${remote}/`)) cache.delete(id);
      const entry = registry.find((item) => item.name === remote);
      // `force` drops the runtime's cached entry, so a retry really fetches the remote again.
      if (entry) runtime.registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
    },
    preload(target) {
      if (cache.has(remoteId(target)) || !registry.some((item) => item.name === target.remote)) return;
      // A failed preload is forgotten (see load) and retried by the visit itself.
      loader.load(target).catch(() => undefined);
    },
  };
  return loader;
}
