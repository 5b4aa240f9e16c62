import type { Readable } from 'node:stream';

/**
 * What deploying and serving remotes need of object storage: a narrow view of the api's `ObjectStorage`
 * (lib/storage: put/get/head/delete/list), which either driver (the local folder DATA_DIR, S3) fulfils. Keys of deployed files:
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
