import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/**
 * What deploying and serving remotes need of object storage: a narrow view of the api's storage interface
 * (put/get/head/delete/list), so either driver (a local folder, S3) fits. Keys of deployed files:
 * `site/<app>/<version>/<file>`, with `<file>.gz` and `<file>.br` copies of the compressible ones.
 */
export interface DeployStorage {
  put(
    key: string,
    body: Buffer,
    opts: { contentType: string; cacheControl?: string; contentEncoding?: string },
  ): Promise<void>;
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  head(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  list(prefix: string): Promise<{ key: string; size: number }[]>;
}

/** The key of one file of a deployed version. */
export function versionKey(app: string, version: string, file: string): string {
  return `site/${app}/${version}/${file}`;
}

/** Reads a whole object, or null when there is none. */
export async function readWhole(storage: DeployStorage, key: string): Promise<Buffer | null> {
  const found = await storage.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A folder as storage (the embedded default): the key is the path under `root`; written temp file + rename. */
export function createFolderStorage(root: string): DeployStorage {
  const file = (key: string) => {
    if (key.split('/').some((part) => !part || part === '.' || part === '..' || part.startsWith('.'))) {
      throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    }
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(
        path.dirname(target),
        `.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`,
      );
      await writeFile(temp, body);
      await rename(temp, target);
    },
    async get(key) {
      try {
        const bytes = await readFile(file(key));
        return { body: Readable.from([bytes]), size: bytes.length };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async head(key) {
      try {
        const info = await stat(file(key));
        return info.isFile() ? { size: info.size } : null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async list(prefix) {
      const out: { key: string; size: number }[] = [];
      const dirKey = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix.slice(0, prefix.lastIndexOf('/'));
      async function walk(dir: string, keyPrefix: string): Promise<void> {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch {
          return;
        }
        for (const entry of entries) {
          if (entry.name.startsWith('.')) continue;
          const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
          if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
          else if (entry.isFile() && key.startsWith(prefix)) {
            out.push({ key, size: (await stat(path.join(dir, entry.name))).size });
          }
        }
      }
      await walk(dirKey ? path.join(root, ...dirKey.split('/')) : root, dirKey);
      return out.sort((a, b) => (a.key < b.key ? -1 : 1));
    },
  };
}
