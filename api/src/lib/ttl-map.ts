import { cacheEnabled, type CacheName } from './caches';

/**
 * The in-process caches' one map: entries older than `ttlMs` are gone, and at `max` entries the oldest written
 * makes room. Writing a key again moves it to the end. A map with a `name` (lib/caches.ts) holds nothing while
 * that cache is switched off (the bench's "without" figures).
 */
export class TtlMap<K, V> {
  private readonly entries = new Map<K, { at: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly name?: CacheName,
  ) {}

  get(key: K): V | undefined {
    if (this.name && !cacheEnabled(this.name)) return undefined;
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (Date.now() - entry.at < this.ttlMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.name && !cacheEnabled(this.name)) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: Date.now(), value });
  }

  /**
   * The value cached for `key`, else `load()`'s, cached now. A promise that rejects is forgotten (unless the key
   * was written again meanwhile), so the next call loads again.
   */
  remember(key: K, load: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = load();
    this.set(key, value);
    if (value instanceof Promise) {
      value.catch(() => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
      });
    }
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Removes every entry for which `predicate` holds. */
  deleteWhere(predicate: (key: K, value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (predicate(key, entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
