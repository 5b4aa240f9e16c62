import type { ComponentType } from 'react';
import type { RegistryEntry } from '@dating/shared';

export type RemoteName = 'mf_landers' | 'mf_members' | 'mf_chat' | 'mf_payments' | 'mf_account';

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
  /** Fetches a remote's entry ahead of a likely visit (idle or link hover). */
  preload(remote: RemoteName): void;
}

export function remoteId(target: RemoteTarget): string {
  return `${target.remote}/${target.module}`;
}

interface FederationRuntime {
  loadRemote<T>(id: string): Promise<T | null>;
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  preloadRemote(options: { nameOrAlias: string; resourceCategory?: 'all' | 'sync' }[]): Promise<void>;
}

/** The loader used in the browser: `@module-federation/enhanced/runtime` with the registry's remotes. */
export function createFederationLoader(runtime: FederationRuntime, registry: RegistryEntry[]): RemoteLoader {
  const cache = new Map<string, Promise<RemoteComponent>>();
  const preloaded = new Set<string>();
  return {
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
      preloaded.delete(remote);
      const entry = registry.find((item) => item.name === remote);
      // `force` drops the runtime's cached entry, so a retry really fetches the remote again.
      if (entry) runtime.registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
    },
    preload(remote) {
      if (preloaded.has(remote) || !registry.some((item) => item.name === remote)) return;
      preloaded.add(remote);
      runtime.preloadRemote([{ nameOrAlias: remote, resourceCategory: 'sync' }]).catch(() => preloaded.delete(remote));
    },
  };
}
