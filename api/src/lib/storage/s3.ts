import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  assertKey,
  assertPrefix,
  RangeNotSatisfiableError,
  StorageUnavailableError,
  type ObjectInfo,
  type ObjectStorage,
  type StorageConfig,
} from './core';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;
type S3Module = typeof S3;

const NOT_FOUND = new Set(['NoSuchKey', 'NotFound', 'NoSuchVersion']);

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}
const isMissing = (err: unknown) => NOT_FOUND.has((err as Error).name) || statusOf(err) === 404;
const unavailable = (err: unknown) =>
  err instanceof StorageUnavailableError
    ? err
    : new StorageUnavailableError(
        `${(err as Error).name ?? 'Error'}: ${(err as Error).message ?? String(err)}`,
      );

/**
 * The S3 driver (`@aws-sdk/client-s3`, loaded on first use). Keys live under `config.prefix` in the bucket; each
 * object carries its Content-Type, Cache-Control and Content-Encoding. Requests are bounded (S3_TIMEOUT_MS for the
 * connection and for the request, one retry), so a storage that hangs fails the call with a StorageUnavailableError.
 * Checksums are sent and validated only where S3 requires them, for the S3-compatible services that lack the newer
 * flexible checksums.
 */
export function createS3Storage(config: S3Config): ObjectStorage {
  let loaded: Promise<{ s3: S3Module; client: S3Client }> | undefined;
  const load = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        ...(config.accessKeyId && config.secretAccessKey
          ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
          : {}),
        maxAttempts: 2,
        // A storage that accepts but does not answer fails the call (the SDK only warns unless told to throw).
        requestHandler: {
          connectionTimeout: config.timeoutMs,
          requestTimeout: config.timeoutMs,
          socketTimeout: config.timeoutMs,
          throwOnRequestTimeout: true,
        },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = config.bucket;
  const full = (key: string) => config.prefix + assertKey(key);
  const short = (key: string) => key.slice(config.prefix.length);

  async function head(key: string): Promise<ObjectInfo | null> {
    const Key = full(key);
    const { s3, client } = await load();
    try {
      const res = await client.send(new s3.HeadObjectCommand({ Bucket, Key }));
      return {
        key,
        size: res.ContentLength ?? 0,
        ...(res.ContentType ? { contentType: res.ContentType } : {}),
        ...(res.CacheControl ? { cacheControl: res.CacheControl } : {}),
        ...(res.ContentEncoding ? { contentEncoding: res.ContentEncoding } : {}),
        ...(res.ETag ? { etag: res.ETag } : {}),
        ...(res.LastModified ? { lastModified: res.LastModified } : {}),
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw unavailable(err);
    }
  }

  return {
    driver: 's3',

    async put(key, body, opts) {
      const Key = full(key);
      const { s3, client } = await load();
      try {
        await client.send(
          new s3.PutObjectCommand({
            Bucket,
            Key,
            Body: body,
            ContentLength: body.length,
            ContentType: opts.contentType,
            ...(opts.cacheControl ? { CacheControl: opts.cacheControl } : {}),
            ...(opts.contentEncoding ? { ContentEncoding: opts.contentEncoding } : {}),
          }),
        );
      } catch (err) {
        throw unavailable(err);
      }
    },

    async get(key, opts = {}) {
      const Key = full(key);
      const { s3, client } = await load();
      const range = opts.range;
      try {
        const res = await client.send(
          new s3.GetObjectCommand({
            Bucket,
            Key,
            ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
          }),
        );
        // Content-Range: bytes 0-99/1234
        const total = /\/(\d+)$/.exec(res.ContentRange ?? '');
        const size = total ? Number(total[1]) : (res.ContentLength ?? 0);
        const span = /bytes (\d+)-(\d+)\//.exec(res.ContentRange ?? '');
        return {
          key,
          size,
          body: res.Body as Readable,
          ...(res.ContentType ? { contentType: res.ContentType } : {}),
          ...(res.CacheControl ? { cacheControl: res.CacheControl } : {}),
          ...(res.ContentEncoding ? { contentEncoding: res.ContentEncoding } : {}),
          ...(res.ETag ? { etag: res.ETag } : {}),
          ...(res.LastModified ? { lastModified: res.LastModified } : {}),
          ...(range
            ? {
                range: span
                  ? { start: Number(span[1]), end: Number(span[2]) }
                  : { start: 0, end: Math.max(0, size - 1) },
              }
            : {}),
        };
      } catch (err) {
        if (isMissing(err)) return null;
        if (range && statusOf(err) === 416) {
          const found = await head(key);
          if (!found) return null;
          throw new RangeNotSatisfiableError(found.size);
        }
        throw unavailable(err);
      }
    },

    head,

    async copy(from, to, opts) {
      const Key = full(to);
      const source = full(from);
      const { s3, client } = await load();
      try {
        await client.send(
          new s3.CopyObjectCommand({
            Bucket,
            Key,
            CopySource: `${Bucket}/${encodeURIComponent(source).replace(/%2F/g, '/')}`,
            ...(opts
              ? {
                  MetadataDirective: 'REPLACE',
                  ContentType: opts.contentType,
                  ...(opts.cacheControl ? { CacheControl: opts.cacheControl } : {}),
                  ...(opts.contentEncoding ? { ContentEncoding: opts.contentEncoding } : {}),
                }
              : {}),
          }),
        );
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw unavailable(err);
      }
    },

    async delete(key) {
      const Key = full(key);
      const { s3, client } = await load();
      try {
        await client.send(new s3.DeleteObjectCommand({ Bucket, Key }));
      } catch (err) {
        if (!isMissing(err)) throw unavailable(err);
      }
    },

    async list(prefix) {
      const Prefix = config.prefix + assertPrefix(prefix);
      const { s3, client } = await load();
      const out: ObjectInfo[] = [];
      let token: string | undefined;
      try {
        do {
          const res = await client.send(
            new s3.ListObjectsV2Command({
              Bucket,
              Prefix,
              ...(token ? { ContinuationToken: token } : {}),
            }),
          );
          for (const o of res.Contents ?? []) {
            if (!o.Key) continue;
            out.push({
              key: short(o.Key),
              size: o.Size ?? 0,
              ...(o.ETag ? { etag: o.ETag } : {}),
              ...(o.LastModified ? { lastModified: o.LastModified } : {}),
            });
          }
          token = res.IsTruncated ? res.NextContinuationToken : undefined;
        } while (token);
      } catch (err) {
        throw unavailable(err);
      }
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    async check() {
      const { s3, client } = await load();
      try {
        await client.send(new s3.HeadBucketCommand({ Bucket }));
      } catch (err) {
        throw unavailable(err);
      }
    },

    async close() {
      if (loaded) (await loaded).client.destroy();
    },
  };
}
