// Object storage, the front door: the interface and its documentation are in ./core.ts.
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { ObjectStorage, StorageConfig } from './core';

export * from './core';
export { createLocalStorage, createS3Storage };

/** The driver for a configuration (the S3 client is loaded on first use, so the local default never pays for it). */
export function createStorage(config: StorageConfig): ObjectStorage {
  return config.driver === 'local' ? createLocalStorage(config.root) : createS3Storage(config);
}

/** Reads a whole object into memory (small objects: icons, a photo to re-send), or null. */
export async function readObject(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const found = await storage.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
