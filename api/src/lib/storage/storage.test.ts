import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { startTestS3, type TestS3 } from '../../testing/s3';
import {
  createLocalStorage,
  createS3Storage,
  isValidKey,
  RangeNotSatisfiableError,
  readObject,
  StorageUnavailableError,
  storageConfigFromEnv,
  type ObjectStorage,
} from './index';

jest.setTimeout(60_000);

let s3: TestS3;
let localRoot: string;
const drivers: Record<string, () => ObjectStorage> = {};
const made: ObjectStorage[] = [];

beforeAll(async () => {
  s3 = await startTestS3();
  localRoot = await mkdtemp(path.join(os.tmpdir(), 'storage-local-'));
  drivers.local = () => createLocalStorage(localRoot);
  drivers.s3 = () => createS3Storage(s3.config('contract'));
});
afterAll(async () => {
  await Promise.all(made.map((s) => s.close()));
  await s3.close();
  await rm(localRoot, { recursive: true, force: true });
});

const text = async (storage: ObjectStorage, key: string, range?: { start: number; end?: number }) => {
  const found = await storage.get(key, range ? { range } : {});
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const c of found.body) chunks.push(c as Buffer);
  return { ...found, text: Buffer.concat(chunks).toString() };
};

describe.each(['local', 's3'])('the %s driver keeps the storage contract', (name) => {
  let storage: ObjectStorage;
  beforeAll(() => {
    storage = drivers[name]!();
    made.push(storage);
  });

  test('answers check() when up', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    expect(storage.driver).toBe(name);
  });

  test('put then get returns the bytes and the metadata', async () => {
    await storage.put('media/photos/a1.jpg', Buffer.from('JPEG bytes'), {
      contentType: 'image/jpeg',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    const got = await text(storage, 'media/photos/a1.jpg');
    expect(got).toMatchObject({
      text: 'JPEG bytes',
      size: 10,
      contentType: 'image/jpeg',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(got!.etag).toMatch(/^"[^"]+"$/);
    const head = await storage.head('media/photos/a1.jpg');
    expect(head).toMatchObject({
      key: 'media/photos/a1.jpg',
      size: 10,
      contentType: 'image/jpeg',
      etag: got!.etag,
    });
  });

  test('a put replaces the object whole and changes its etag', async () => {
    await storage.put('r/x.txt', Buffer.from('first'), { contentType: 'text/plain; charset=utf-8' });
    const before = await storage.head('r/x.txt');
    await storage.put('r/x.txt', Buffer.from('second version'), { contentType: 'text/plain; charset=utf-8' });
    const after = await text(storage, 'r/x.txt');
    expect(after!.text).toBe('second version');
    expect(after!.etag).not.toBe(before!.etag);
  });

  test('keeps a content encoding and a content type the extension does not imply', async () => {
    await storage.put('remotes/app/1.0.0/main.js.br', Buffer.from([1, 2, 3]), {
      contentType: 'text/javascript; charset=utf-8',
      contentEncoding: 'br',
    });
    expect(await storage.head('remotes/app/1.0.0/main.js.br')).toMatchObject({
      contentType: 'text/javascript; charset=utf-8',
      contentEncoding: 'br',
      size: 3,
    });
  });

  test('ranges: a part, an open end, a start past the end', async () => {
    await storage.put('r/range.txt', Buffer.from('0123456789'), { contentType: 'text/plain; charset=utf-8' });
    expect(await text(storage, 'r/range.txt', { start: 2, end: 5 })).toMatchObject({
      text: '2345',
      size: 10,
      range: { start: 2, end: 5 },
    });
    expect(await text(storage, 'r/range.txt', { start: 7 })).toMatchObject({
      text: '789',
      range: { start: 7, end: 9 },
    });
    await expect(storage.get('r/range.txt', { range: { start: 10 } })).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
  });

  test('a missing object is null for get and head, and deleting it is no error', async () => {
    expect(await storage.get('nothing/here.jpg')).toBeNull();
    expect(await storage.head('nothing/here.jpg')).toBeNull();
    await expect(storage.delete('nothing/here.jpg')).resolves.toBeUndefined();
  });

  test('delete removes an object', async () => {
    await storage.put('d/gone.jpg', Buffer.from('x'), { contentType: 'image/jpeg' });
    await storage.delete('d/gone.jpg');
    expect(await storage.head('d/gone.jpg')).toBeNull();
    expect(await storage.list('d/')).toEqual([]);
  });

  test('copy keeps the bytes, or sets new metadata; a missing source is false', async () => {
    await storage.put('c/from.jpg', Buffer.from('copy me'), { contentType: 'image/jpeg' });
    expect(
      await storage.copy('c/from.jpg', 'c/to.jpg', { contentType: 'image/jpeg', cacheControl: 'no-cache' }),
    ).toBe(true);
    expect(await text(storage, 'c/to.jpg')).toMatchObject({ text: 'copy me', cacheControl: 'no-cache' });
    expect(await text(storage, 'c/from.jpg')).toMatchObject({ text: 'copy me' });
    expect(await storage.copy('c/none.jpg', 'c/other.jpg')).toBe(false);
    expect(await storage.head('c/other.jpg')).toBeNull();
  });

  test('list gives every key under a prefix, in order, and nothing else', async () => {
    for (const key of ['l/b/2.jpg', 'l/a.jpg', 'l/b/1.jpg', 'lx/no.jpg'])
      await storage.put(key, Buffer.from(key), { contentType: 'image/jpeg' });
    expect((await storage.list('l/')).map((o) => o.key)).toEqual(['l/a.jpg', 'l/b/1.jpg', 'l/b/2.jpg']);
    expect((await storage.list('l/b/')).map((o) => [o.key, o.size])).toEqual([
      ['l/b/1.jpg', 9],
      ['l/b/2.jpg', 9],
    ]);
    expect((await storage.list('l')).map((o) => o.key)).toContain('lx/no.jpg');
  });

  test('refuses keys that could leave its place', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs.jpg', 'a//b', '.hidden', 'a/.meta', '', 'a b'])
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
        /invalid storage key/,
      );
    await expect(storage.get('../x')).rejects.toThrow(/invalid storage key/);
  });

  test('readObject reads a whole object', async () => {
    await storage.put('o/whole.bin', Buffer.alloc(70_000, 7), { contentType: 'application/octet-stream' });
    const bytes = await readObject(storage, 'o/whole.bin');
    expect(bytes?.length).toBe(70_000);
    expect(bytes!.every((b) => b === 7)).toBe(true);
  });
});

test('the local driver keeps the layout of DATA_DIR: the key is the path', async () => {
  const storage = createLocalStorage(localRoot);
  await storage.put('media/photos/layout.jpg', Buffer.from('here'), { contentType: 'image/jpeg' });
  expect(await readFile(path.join(localRoot, 'media/photos/layout.jpg'), 'utf8')).toBe('here');
});

test('the S3 driver keeps keys under its prefix', async () => {
  const a = createS3Storage(s3.config('site-a'));
  const b = createS3Storage(s3.config('site-b'));
  made.push(a, b);
  await a.put('p/one.jpg', Buffer.from('a'), { contentType: 'image/jpeg' });
  expect(await b.head('p/one.jpg')).toBeNull();
  expect((await a.list('p/')).map((o) => o.key)).toEqual(['p/one.jpg']);
});

test('a storage that does not answer fails with StorageUnavailableError (a 503), not a hang or a 500', async () => {
  const down = createS3Storage({ ...s3.config('down'), endpoint: 'http://127.0.0.1:9', timeoutMs: 500 });
  made.push(down);
  for (const call of [
    () => down.put('x/y.jpg', Buffer.from('x'), { contentType: 'image/jpeg' }),
    () => down.get('x/y.jpg'),
    () => down.head('x/y.jpg'),
    () => down.list('x/'),
    () => down.check(),
  ]) {
    const err = await call().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect(err).toMatchObject({ status: 503, code: 'storage_unavailable' });
  }
  const missingBucket = createS3Storage({ ...s3.config(), bucket: 'no-such-bucket' });
  made.push(missingBucket);
  await expect(missingBucket.check()).rejects.toBeInstanceOf(StorageUnavailableError);
});

test('a storage that accepts connections but never answers fails within its timeout', async () => {
  const sockets: Socket[] = [];
  const silent = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as AddressInfo).port;
  const slow = createS3Storage({
    ...s3.config('slow'),
    endpoint: `http://127.0.0.1:${port}`,
    timeoutMs: 300,
  });
  try {
    await expect(slow.put('x/y.jpg', Buffer.from('x'), { contentType: 'image/jpeg' })).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
    await expect(slow.get('x/y.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
  } finally {
    await slow.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
}, 20_000);

test('a local folder that cannot be written fails check() with StorageUnavailableError', async () => {
  const file = path.join(localRoot, 'a-file');
  await createLocalStorage(localRoot).put('a-file', Buffer.from('x'), { contentType: 'text/plain' });
  await expect(createLocalStorage(file).check()).rejects.toBeInstanceOf(StorageUnavailableError);
});

test('configuration: S3 when S3_BUCKET is set, the local folder otherwise', () => {
  expect(storageConfigFromEnv({}, '/data')).toEqual({ driver: 'local', root: '/data' });
  expect(
    storageConfigFromEnv(
      {
        S3_BUCKET: 'photos',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_PREFIX: '/site1/',
      },
      '/data',
    ),
  ).toEqual({
    driver: 's3',
    bucket: 'photos',
    endpoint: 'http://minio:9000',
    region: 'us-east-1',
    accessKeyId: 'k',
    secretAccessKey: 's',
    forcePathStyle: true,
    prefix: 'site1/',
    timeoutMs: 5000,
  });
  expect(storageConfigFromEnv({ S3_BUCKET: 'b', AWS_REGION: 'eu-west-1' }, '/d')).toMatchObject({
    region: 'eu-west-1',
    prefix: '',
    forcePathStyle: false,
  });
  expect(isValidKey('media/seed/f-1_t.webp')).toBe(true);
});
