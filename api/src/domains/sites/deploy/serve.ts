import { createHash } from 'node:crypto';
import { COMPRESSIBLE, contentTypeOf } from './publish';
import { readWhole, versionKey, type DeployStorage } from './storage';

export interface ServedFile {
  bytes: Buffer;
  etag: string;
  encoding: 'br' | 'gzip' | null;
}

/**
 * Deployed files read through from storage into this node's memory: a copy, never the truth (every file of a
 * version is immutable, so a copy never goes stale), bounded by size with least-recently-used eviction. A miss
 * (or a file not deployed) goes to storage.
 */
export function createRemoteFiles(storage: DeployStorage, maxBytes: number) {
  const cache = new Map<string, ServedFile>();
  let bytes = 0;

  function remember(key: string, file: ServedFile) {
    if (file.bytes.length > maxBytes / 8) return;
    cache.set(key, file);
    bytes += file.bytes.length;
    for (const [oldKey, old] of cache) {
      if (bytes <= maxBytes) break;
      cache.delete(oldKey);
      bytes -= old.bytes.length;
    }
  }

  async function read(key: string, encoding: ServedFile['encoding']): Promise<ServedFile | null> {
    const hit = cache.get(key);
    if (hit) {
      // Most recently used goes to the end of the map's order.
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const found = await readWhole(storage, key);
    if (!found) return null;
    const file: ServedFile = {
      bytes: found,
      etag: `"${createHash('sha1').update(found).digest('base64url').slice(0, 22)}${encoding ? `-${encoding}` : ''}"`,
      encoding,
    };
    remember(key, file);
    return file;
  }

  return {
    contentTypeOf,
    /**
     * One file of a version, in the best encoding the client accepts that was deployed (`.br`, `.gz`), else plain;
     * null when the version has no such file.
     */
    async get(
      app: string,
      version: string,
      file: string,
      acceptEncoding: string,
    ): Promise<ServedFile | null> {
      const key = versionKey(app, version, file);
      if (COMPRESSIBLE.test(file)) {
        if (/\bbr\b/.test(acceptEncoding)) {
          const br = await read(`${key}.br`, 'br');
          if (br) return br;
        }
        if (/\bgzip\b/.test(acceptEncoding)) {
          const gz = await read(`${key}.gz`, 'gzip');
          if (gz) return gz;
        }
      }
      return read(key, null);
    },
    /** Bytes held in memory (the bench and tests). */
    cachedBytes: () => bytes,
  };
}
export type RemoteFiles = ReturnType<typeof createRemoteFiles>;
