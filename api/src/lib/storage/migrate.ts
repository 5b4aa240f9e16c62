/**
 * `npm run storage:migrate [-- --dry-run]`: copies the files of an existing `DATA_DIR` (the local-folder storage)
 * into the S3 bucket the S3_* variables name, so a site that ran on one machine can move to several. Copies the
 * prefixes the api keeps in storage: `media/` (approved photos, portraits), `private/` (photos under inspection),
 * `chat-photos/` and `icons/`; not the database (`db/`), mail or deployed bundles (`site/`, published by
 * `npm run deploy`). An object already in the bucket with the same size is skipped, so the command can be run
 * again after an interruption, and once more right before switching the servers over.
 */
import { commandDataDir, runCommand } from '../cli';
import { storageConfigFromEnv, type ObjectStorage } from './core';
import { createLocalStorage, createStorage, readObject } from './index';
import { IMMUTABLE } from './http';

export const MIGRATED_PREFIXES = ['media/', 'private/', 'chat-photos/', 'icons/'] as const;

export interface MigrateResult {
  copied: number;
  skipped: number;
  bytes: number;
}

export async function migrateStorage(
  from: ObjectStorage,
  to: ObjectStorage,
  opts: { dryRun?: boolean; log?: (line: string) => void } = {},
): Promise<MigrateResult> {
  const result: MigrateResult = { copied: 0, skipped: 0, bytes: 0 };
  for (const prefix of MIGRATED_PREFIXES) {
    for (const object of await from.list(prefix)) {
      const there = await to.head(object.key);
      if (there && there.size === object.size) {
        result.skipped++;
        continue;
      }
      if (!opts.dryRun) {
        const bytes = await readObject(from, object.key);
        if (!bytes) continue;
        // Public objects never change under their key; private ones carry no cache header (served no-store).
        const immutable = object.key.startsWith('media/') || object.key.startsWith('icons/');
        await to.put(object.key, bytes, {
          contentType: object.contentType ?? 'application/octet-stream',
          ...(immutable ? { cacheControl: IMMUTABLE } : {}),
        });
      }
      result.copied++;
      result.bytes += object.size;
      opts.log?.(`${opts.dryRun ? 'would copy' : 'copied'} ${object.key} (${object.size} bytes)`);
    }
  }
  return result;
}

/** The command: DATA_DIR (default ./data) into the bucket of S3_BUCKET & co. Returns the exit code. */
export async function main(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  const dryRun = args.includes('--dry-run');
  const unknown = args.filter((a) => a !== '--dry-run');
  if (unknown.length) {
    out.error('usage: npm run storage:migrate [-- --dry-run]   (DATA_DIR → the bucket of S3_BUCKET)');
    return 2;
  }
  const dataDir = commandDataDir(env);
  const target = storageConfigFromEnv(env, dataDir);
  if (target.driver !== 's3') {
    out.error(
      'storage:migrate needs the bucket to copy into: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, credentials).',
    );
    return 2;
  }
  const from = createLocalStorage(dataDir);
  const to = createStorage(target);
  try {
    await to.check();
    const r = await migrateStorage(from, to, { dryRun, log: (line) => out.log(line) });
    out.log(
      `${dryRun ? 'Dry run: would copy' : 'Copied'} ${r.copied} objects (${r.bytes} bytes) from ${dataDir} to ` +
        `s3://${target.bucket}/${target.prefix}; ${r.skipped} already there.`,
    );
    return 0;
  } catch (err) {
    out.error(`storage:migrate failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await to.close();
  }
}

runCommand(module, /migrate\.[tj]s$/, main);
