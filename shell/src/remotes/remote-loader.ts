import type { ComponentType } from 'react';
import type { RegistryEntry } from '@dating/shared';

export type RemoteName = 'mf_landers' | 'mf_members' | 'mf_chat' | 'mf_payments' | 'mf_account' | 'mf_staff';

/** One exposed module of a remote, e.g. `{ remote: 'mf_chat', module: 'ConversationPage' }`. */
export interface RemoteTarget {
  remote: RemoteName;
  module: string;
}

// Remote pages are typed by the contract in the brief (default export = React component, no required props).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RemoteComponent = ComponentType<any>;

export interface RemoteLoader {
  /** Loads `<remote>/<Module>`; the same promise for repeated calls until `reset`. */
  load(target: RemoteTarget): Promise<RemoteComponent>;
  /** Forgets the remote (and its failed or loaded modules) so the next load fetches its entry again. */
  reset(remote: RemoteName): Promise<void>;
  /**
   * Loads a module ahead of a likely visit (idle or link hover), into the same cache `load` uses. Loading the
   * module itself (not link-preloading every expose of the remote) fetches only what the visit will use.
   */
  preload(target: RemoteTarget): void;
}

export function remoteId(target: RemoteTarget): string {
  return `${target.remote}/${target.module}`;
}

interface FederationRuntime {
  loadRemote<T>(id: string): Promise<T | null>;
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
}

/** The loader used in the browser: `@module-federation/enhanced/runtime` with the registry's remotes. */
export function createFederationLoader(runtime: FederationRuntime, registry: RegistryEntry[]): RemoteLoader {
  const cache = new Map<string, Promise<RemoteComponent>>();
  const loader: RemoteLoader = {
    load(target) {
      const id = remoteId(target);
      let pending = cache.get(id);
      if (!pending) {
        pending = runtime.loadRemote<{ default?: RemoteComponent }>(id).then((module) => {
          if (!module?.default) throw new Error(`Remote module ${id} has no default export`);
          return module.default;
        });
        pending.catch(() => cache.delete(id));
        cache.set(id, pending);
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
