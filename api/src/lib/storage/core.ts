import type { Readable } from 'node:stream';
import { ApiError } from '../errors';

// The interface and its shared parts; index.ts is the front door (drivers, createStorage).

/**
 * Object storage: the one door to every file the api keeps (member and chat photos, generated icons, seeded
 * portraits, deployed remotes). Two drivers behind one interface, chosen by configuration (`storageConfigFromEnv`):
 *
 * - `local`: a folder (`$DATA_DIR`); the key is the path under it (`media/photos/<hex>.jpg` is
 *   `$DATA_DIR/media/photos/<hex>.jpg`), so an existing data folder keeps its layout. The embedded default.
 * - `s3`: any S3-compatible service (AWS S3, MinIO, Garage, Cloudflare R2) through `@aws-sdk/client-s3`, for
 *   several nodes that share no disk (S3_BUCKET, S3_ENDPOINT, S3_REGION, credentials, S3_FORCE_PATH_STYLE,
 *   S3_PREFIX).
 *
 * Keys are `/`-separated names of `[A-Za-z0-9._@+~=-]` segments; no segment is empty, `.` or `..`, or starts with a
 * dot (the local driver keeps its temporary files and metadata under dot names). `assertKey` checks them; every
 * method refuses any other key with a plain Error (a programming mistake, never user input reaching here).
 *
 * Failures: a missing object is `null` (get, head) or nothing (delete). Anything else that keeps the storage from
 * answering (network, timeout, 5xx, refused credentials, a full disk) is a `StorageUnavailableError`, a 503
 * `storage_unavailable` when it reaches the HTTP error handler. Every call is bounded in time (S3: connection and
 * request timeouts), so a slow storage fails a request instead of holding it.
 *
 * Nothing here decides who may read an object: public objects are served by the `/media/` route, private ones
 * (photos under inspection, chat photos) only by routes that check access first (docs/adr/0024-object-storage.md).
 */
export interface ObjectStorage {
  /** `local` or `s3`: for logs, `/readyz` and the bench. */
  readonly driver: StorageDriver;
  /** Stores (or replaces) one object whole. A reader never sees half of it. */
  put(key: string, body: Buffer, opts: PutOptions): Promise<void>;
  /**
   * The object's bytes as a stream with its metadata, or null when there is none. With `range`, only those bytes
   * (`end` inclusive, clamped to the size; a `start` past the end is a `RangeNotSatisfiableError`).
   */
  get(key: string, opts?: { range?: ByteRange }): Promise<StoredObject | null>;
  /** The metadata without the bytes, or null. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Copies an object inside the storage (with its metadata, or the given one); false when `from` is missing. */
  copy(from: string, to: string, opts?: PutOptions): Promise<boolean>;
  /** Removes an object; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder when it ends with `/`), in key order. */
  list(prefix: string): Promise<ObjectInfo[]>;
  /** Cheap readiness probe (`/readyz`, start-up): resolves when the storage answers, else throws StorageUnavailableError. */
  check(): Promise<void>;
  /** Lets go of connections (app close). */
  close(): Promise<void>;
}

export type StorageDriver = 'local' | 's3';

export interface PutOptions {
  contentType: string;
  /** Stored with the object and sent when it is served (S3: the object's Cache-Control). */
  cacheControl?: string;
  /** `br` or `gzip` for a precompressed copy (S3: the object's Content-Encoding). */
  contentEncoding?: string;
}

export interface ObjectInfo {
  key: string;
  /** Size of the whole object in bytes. */
  size: number;
  contentType?: string;
  cacheControl?: string;
  contentEncoding?: string;
  /** A strong validator of the bytes, quoted as in an HTTP ETag header. */
  etag?: string;
  lastModified?: Date;
}

export interface ByteRange {
  start: number;
  /** Inclusive; the last byte when absent. */
  end?: number;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
  /** Present when a range was asked for: the bytes actually in `body` (inclusive). */
  range?: { start: number; end: number };
}

/** The storage did not answer (down, slow, refused): a 503 with a translated message to the client. */
export class StorageUnavailableError extends ApiError {
  override name = 'StorageUnavailableError';
  constructor(readonly reason: string) {
    super(503, 'storage_unavailable');
  }
}

/** A range that starts past the end of the object (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  override name = 'RangeNotSatisfiableError';
  constructor(readonly size: number) {
    super(`range not satisfiable (size ${size})`);
  }
}

const SEGMENT = /^[A-Za-z0-9_@+~=-][A-Za-z0-9._@+~=-]*$/;

export function isValidKey(key: string): boolean {
  if (!key || key.length > 1024) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A prefix for `list`: a key, a key ending with `/`, or empty (everything). */
export function assertPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  assertKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}

/** Content type by file extension, for the local driver (which keeps no metadata unless it differs). */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  woff2: 'font/woff2',
  woff: 'font/woff',
  wasm: 'application/wasm',
};

/** Settings of the configured driver (api/src/config.ts reads them from the environment). */
export type StorageConfig =
  | { driver: 'local'; root: string }
  | {
      driver: 's3';
      bucket: string;
      /** Absent: AWS S3 itself (by region). */
      endpoint?: string;
      region: string;
      /** Absent: the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profile, instance role). */
      accessKeyId?: string;
      secretAccessKey?: string;
      /** `bucket.host/key` (false) or `host/bucket/key` (true; MinIO, Garage, s3rver). */
      forcePathStyle: boolean;
      /** Keys are stored under this prefix in the bucket (several sites or test runs sharing one bucket). */
      prefix: string;
      /** Milliseconds before a request counts as failed (S3_TIMEOUT_MS, default 5000). */
      timeoutMs: number;
    };

/**
 * The storage settings from the environment: S3 when S3_BUCKET is set, otherwise the local folder `dataDir`.
 * Credentials: S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY, else the AWS SDK's own chain (AWS_ACCESS_KEY_ID, …).
 */
export function storageConfigFromEnv(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return { driver: 'local', root: dataDir };
  const timeout = Number(env.S3_TIMEOUT_MS);
  return {
    driver: 's3',
    bucket,
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
    prefix: (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '').replace(/(.)$/, '$1/'),
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 5000,
  };
}
