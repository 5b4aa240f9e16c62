import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { StorageConfig } from '../lib/storage';

/** The part of s3rver's API the tests use (the package ships no types). */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment a server needs to use this bucket. */
  env: Record<string, string>;
  /** The storage configuration for `createStorage` (with an optional key prefix). */
  config(prefix?: string): Extract<StorageConfig, { driver: 's3' }>;
  /** Stops answering (the storage "goes down"); `start` brings it back on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3 protocol server (s3rver) for one test file: its data in a temporary folder, on a free loopback port,
 * with one bucket. Started by the test itself, so a fresh machine (CI) needs nothing running.
 */
export async function startTestS3(bucket = 'test-bucket'): Promise<TestS3> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver') as S3rverClass;
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  let port = 0;
  let server: S3rverInstance | null = null;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    port = (await server.run()).port;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    const s = server;
    server = null;
    if (s) await s.close();
  };
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    config: (prefix = '') => ({
      driver: 's3',
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: prefix ? `${prefix.replace(/\/$/, '')}/` : '',
      timeoutMs: 2000,
    }),
    stop,
    start,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
