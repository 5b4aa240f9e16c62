import type { Page } from '@playwright/test';

/** What one version entry of a share scope says, reduced to what can cross into the test. */
export interface SharedEntry {
  version: string;
  from: string;
  loaded: boolean;
  hasLib: boolean;
  useIn: string[];
}
export interface ShareScopeSummary {
  /** Names of the federation runtime instances on the page (`shell`, `mf_chat`, …). */
  instances: string[];
  /** Package → its version entries in the `default` scope, merged over every instance's share scope map. */
  packages: Record<string, SharedEntry[]>;
  /** Whether every instance's `default` scope is one and the same object (one share scope for the page). */
  oneScopeObject: boolean;
}

/**
 * Reads the module-federation runtime's share scope in the page: `globalThis.__FEDERATION__.__SHARE__` holds
 * each instance's share scope map by instance name (runtime-core `_setGlobalShareScopeMap`), and
 * `__FEDERATION__.__INSTANCES__` the instances themselves (`shareScopeMap`).
 */
export function readShareScope(page: Page): Promise<ShareScopeSummary> {
  return page.evaluate(() => {
    type Entry = { version?: string; from?: string; loaded?: boolean; lib?: unknown; useIn?: string[] };
    type Scope = Record<string, Record<string, Entry>>;
    type ScopeMap = Record<string, Scope>;
    const federation = (
      globalThis as unknown as {
        __FEDERATION__?: {
          __SHARE__?: Record<string, ScopeMap>;
          __INSTANCES__?: { name: string; options?: { name?: string }; shareScopeMap?: ScopeMap }[];
        };
      }
    ).__FEDERATION__;
    if (!federation) throw new Error('no __FEDERATION__ global: the module-federation runtime did not start');
    const maps: ScopeMap[] = [];
    const instances: string[] = [];
    for (const [name, map] of Object.entries(federation.__SHARE__ ?? {})) {
      instances.push(name);
      maps.push(map);
    }
    for (const instance of federation.__INSTANCES__ ?? []) {
      const name = instance.options?.name ?? instance.name;
      if (!instances.includes(name)) instances.push(name);
      if (instance.shareScopeMap) maps.push(instance.shareScopeMap);
    }
    const scopes = maps.map((map) => map.default).filter((scope): scope is Scope => Boolean(scope));
    const packages: Record<string, Map<Entry, Entry>> = {};
    for (const scope of scopes) {
      for (const [pkg, versions] of Object.entries(scope)) {
        packages[pkg] ??= new Map();
        for (const entry of Object.values(versions)) packages[pkg].set(entry, entry);
      }
    }
    const summary: Record<
      string,
      { version: string; from: string; loaded: boolean; hasLib: boolean; useIn: string[] }[]
    > = {};
    for (const [pkg, entries] of Object.entries(packages)) {
      summary[pkg] = [...entries.values()].map((entry) => ({
        version: String(entry.version),
        from: String(entry.from),
        loaded: Boolean(entry.loaded),
        hasLib: typeof entry.lib === 'function',
        useIn: [...(entry.useIn ?? [])],
      }));
    }
    return { instances, packages: summary, oneScopeObject: scopes.every((scope) => scope === scopes[0]) };
  });
}

/** The parts of a remote's `mf-manifest.json` the specs use. */
export interface Manifest {
  name: string;
  shared: { name: string; version: string; assets: Assets }[];
  exposes: { name: string; path: string; assets: Assets }[];
}
interface Assets {
  js: { sync: string[]; async: string[] };
  css: { sync: string[]; async: string[] };
}

export function assetFiles(assets: Assets): string[] {
  return [...assets.js.sync, ...assets.js.async, ...assets.css.sync, ...assets.css.async];
}

/** `react` matches the share keys `react`, `react/jsx-runtime`, `react/` …; `react` does not match `react-dom`. */
export function isKeyOf(pkg: string, key: string): boolean {
  return key === pkg || key.startsWith(`${pkg}/`);
}
