import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { isPublicFile, type PublishedFile } from './state';
import { versionKey, type DeployStorage } from './storage';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Files that get precompressed `.gz` and `.br` copies: the server never compresses per request. Only what browsers
 * are served (`isPublicFile`): the server bundles and source maps are read by the server alone, and compressing their
 * megabytes at brotli's best quality was most of a deploy's time.
 */
export const COMPRESSIBLE = /\.(js|mjs|cjs|css|json|svg|html|txt|map)$/;
/** Uploads in flight at once. */
const PARALLEL = 8;

/** Every file under `dir` (server bundles and assets included), sorted, `/`-separated. */
export function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/** sha256 over every file's path and bytes: the same build gives the same version, any change a new one. */
export function contentHash(dir: string, files = listFiles(dir)): string {
  const hash = createHash('sha256');
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** `<package version>-<first 8 hex of the content hash>`. */
export function buildVersion(packageVersion: string, distDir: string): string {
  return `${packageVersion}-${contentHash(distDir).slice(0, 8)}`;
}

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  cjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  svg: 'image/svg+xml',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  wasm: 'application/wasm',
};

export function contentTypeOf(file: string): string {
  return TYPES[file.slice(file.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Uploads every file of `distDir` as `site/<app>/<version>/…` with `.gz` (level 9) and `.br` (quality 11)
 * copies of the compressible ones. Puts are idempotent (same key, same bytes), so an upload interrupted half-way
 * is simply run again; the version counts as published only once the registry records it (after this returns).
 */
export async function uploadVersion(
  storage: DeployStorage,
  app: string,
  version: string,
  distDir: string,
): Promise<{ files: PublishedFile[]; compressed: number }> {
  const names = listFiles(distDir);
  const files: PublishedFile[] = [];
  let compressed = 0;
  let next = 0;
  async function worker() {
    while (next < names.length) {
      const file = names[next++]!;
      const bytes = readFileSync(path.join(distDir, file));
      files.push({ path: file, size: bytes.length });
      const key = versionKey(app, version, file);
      const contentType = contentTypeOf(file);
      if (COMPRESSIBLE.test(file) && isPublicFile(file)) {
        const [gz, br] = await Promise.all([
          gzip(bytes, { level: 9 }),
          brotli(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        ]);
        await storage.put(`${key}.gz`, gz, { contentType, cacheControl: IMMUTABLE, contentEncoding: 'gzip' });
        await storage.put(`${key}.br`, br, { contentType, cacheControl: IMMUTABLE, contentEncoding: 'br' });
        compressed += 1;
      }
      // The plain file last: a file is only listed in the registry once all three copies are in.
      await storage.put(key, bytes, { contentType, cacheControl: IMMUTABLE });
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, names.length) }, worker));
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { files, compressed };
}

/** Every key a version occupies in storage (for pruning). */
export function versionKeys(app: string, version: string, files: readonly PublishedFile[]): string[] {
  return files.flatMap((file) => {
    const key = versionKey(app, version, file.path);
    return COMPRESSIBLE.test(file.path) ? [key, `${key}.gz`, `${key}.br`] : [key];
  });
}
