import { createReadStream } from 'node:fs';
import {
  access,
  constants,
  mkdir,
  readdir,
  readFile,
  rename,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  assertKey,
  assertPrefix,
  contentTypeOf,
  RangeNotSatisfiableError,
  StorageUnavailableError,
  type ObjectInfo,
  type ObjectStorage,
  type PutOptions,
} from './core';

interface Meta {
  contentType?: string;
  cacheControl?: string;
  contentEncoding?: string;
}

const MISSING = new Set(['ENOENT', 'ENOTDIR']);
const missing = (err: unknown) => MISSING.has((err as NodeJS.ErrnoException).code ?? '');
const unavailable = (err: unknown) =>
  new StorageUnavailableError(
    `${(err as NodeJS.ErrnoException).code ?? ''} ${(err as Error).message}`.trim(),
  );

/**
 * The local-folder driver: key `a/b/c.jpg` is the file `<root>/a/b/c.jpg` (the layout `$DATA_DIR` always had).
 * Writes go to a dot-named temporary file first and are renamed into place, so a reader never sees half a file.
 * Metadata is the file's own (type by extension, ETag from size and mtime); only when a put gives a type the
 * extension does not imply, a Cache-Control or a Content-Encoding, it is kept beside it in `.<name>.meta.json`.
 */
export function createLocalStorage(rootDir: string): ObjectStorage {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => path.join(root, assertKey(key));
  const metaFileOf = (key: string) => {
    const file = fileOf(key);
    return path.join(path.dirname(file), `.${path.basename(file)}.meta.json`);
  };

  async function readMeta(key: string): Promise<Meta> {
    try {
      return JSON.parse(await readFile(metaFileOf(key), 'utf8')) as Meta;
    } catch {
      return {};
    }
  }

  async function info(key: string): Promise<ObjectInfo | null> {
    const file = fileOf(key);
    let st;
    try {
      st = await stat(file);
    } catch (err) {
      if (missing(err)) return null;
      throw unavailable(err);
    }
    if (!st.isFile()) return null;
    const meta = await readMeta(key);
    return {
      key,
      size: st.size,
      contentType: meta.contentType ?? contentTypeOf(key),
      ...(meta.cacheControl ? { cacheControl: meta.cacheControl } : {}),
      ...(meta.contentEncoding ? { contentEncoding: meta.contentEncoding } : {}),
      etag: `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`,
      lastModified: st.mtime,
    };
  }

  async function writeAtomic(file: string, body: Buffer | string) {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(
      path.dirname(file),
      `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      await writeFile(temp, body, { mode: 0o640 });
      await rename(temp, file);
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw err;
    }
  }

  async function put(key: string, body: Buffer, opts: PutOptions) {
    const file = fileOf(key);
    const meta: Meta = {
      ...(opts.contentType !== contentTypeOf(key) ? { contentType: opts.contentType } : {}),
      ...(opts.cacheControl ? { cacheControl: opts.cacheControl } : {}),
      ...(opts.contentEncoding ? { contentEncoding: opts.contentEncoding } : {}),
    };
    try {
      if (Object.keys(meta).length) await writeAtomic(metaFileOf(key), JSON.stringify(meta));
      else await unlink(metaFileOf(key)).catch(() => undefined);
      await writeAtomic(file, body);
    } catch (err) {
      throw unavailable(err);
    }
  }

  return {
    driver: 'local',
    put,

    async get(key, opts = {}) {
      const found = await info(key);
      if (!found) return null;
      let range: { start: number; end: number } | undefined;
      if (opts.range) {
        const { start } = opts.range;
        if (start >= found.size) throw new RangeNotSatisfiableError(found.size);
        range = { start, end: Math.min(opts.range.end ?? found.size - 1, found.size - 1) };
      }
      const body = createReadStream(fileOf(key), range ?? {});
      // Opening can still fail (removed in between): surface it as a stream error, like a dropped S3 body.
      return { ...found, body, ...(range ? { range } : {}) };
    },

    head: info,

    async copy(from, to, opts) {
      const source = fileOf(from);
      assertKey(to);
      let bytes: Buffer;
      try {
        bytes = await readFile(source);
      } catch (err) {
        if (missing(err)) return false;
        throw unavailable(err);
      }
      await put(to, bytes, opts ?? { contentType: contentTypeOf(from), ...(await readMeta(from)) });
      return true;
    },

    async delete(key) {
      const file = fileOf(key);
      try {
        await unlink(file);
      } catch (err) {
        if (!missing(err)) throw unavailable(err);
      }
      await unlink(metaFileOf(key)).catch(() => undefined);
    },

    async list(prefix) {
      assertPrefix(prefix);
      // The folder to walk: the prefix up to its last slash.
      const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const out: ObjectInfo[] = [];
      const walk = async (rel: string): Promise<void> => {
        let entries;
        try {
          entries = await readdir(path.join(root, rel), { withFileTypes: true });
        } catch (err) {
          if (missing(err)) return;
          throw unavailable(err);
        }
        for (const entry of entries) {
          if (entry.name.startsWith('.')) continue;
          const key = rel ? `${rel}/${entry.name}` : entry.name;
          if (entry.isDirectory()) {
            // Only folders that can hold keys with this prefix.
            if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(key);
          } else if (entry.isFile() && key.startsWith(prefix)) {
            const found = await info(key);
            if (found) out.push(found);
          }
        }
      };
      await walk(base);
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    async check() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.R_OK | constants.W_OK);
      } catch (err) {
        throw unavailable(err);
      }
    },

    async close() {},
  };
}
