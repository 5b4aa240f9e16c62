import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestS3, type TestS3 } from '../../testing/s3';
import { createS3Storage, readObject } from './index';
import { main } from './migrate';

let s3: TestS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'migrate-'));
  const files: Record<string, string> = {
    'media/photos/aaaa.jpg': 'approved photo',
    'media/photos/aaaa_t.jpg': 'its thumbnail',
    'media/seed/f-1.webp': 'portrait',
    'private/photos/bbbb.jpg': 'under inspection',
    'chat-photos/cccc.jpg': 'chat photo',
    'icons/4a1a6b/icon-192.png': 'icon',
    'db/PG_VERSION': '17',
    'site/registry.json': '{}',
    'mail/outbox.json': '[]',
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dataDir, file)), { recursive: true });
    await writeFile(path.join(dataDir, file), text);
  }
}, 60_000);
afterAll(async () => {
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
});

const capture = () => {
  const lines: string[] = [];
  return { lines, out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`ERR ${l}`) } };
};

test('npm run storage:migrate copies the files of DATA_DIR into the bucket, once', async () => {
  const env = { ...s3.env, S3_PREFIX: 'site1', DATA_DIR: dataDir };
  const dry = capture();
  expect(await main(['--dry-run'], env, dry.out)).toBe(0);
  expect(dry.lines.at(-1)).toMatch(/^Dry run: would copy 6 objects/);
  const bucket = createS3Storage(s3.config('site1'));
  expect(await bucket.list('')).toEqual([]);

  const run = capture();
  expect(await main([], env, run.out)).toBe(0);
  expect(run.lines.at(-1)).toMatch(/^Copied 6 objects \(\d+ bytes\) .* 0 already there\.$/);
  expect((await bucket.list('')).map((o) => o.key)).toEqual([
    'chat-photos/cccc.jpg',
    'icons/4a1a6b/icon-192.png',
    'media/photos/aaaa.jpg',
    'media/photos/aaaa_t.jpg',
    'media/seed/f-1.webp',
    'private/photos/bbbb.jpg',
  ]);
  expect((await readObject(bucket, 'private/photos/bbbb.jpg'))!.toString()).toBe('under inspection');
  expect(await bucket.head('media/photos/aaaa.jpg')).toMatchObject({
    contentType: 'image/jpeg',
    cacheControl: 'public, max-age=31536000, immutable',
  });
  // Private objects carry no public cache header.
  expect((await bucket.head('chat-photos/cccc.jpg'))!.cacheControl).toBeUndefined();

  // Run again (after an interruption, or before switching over): nothing to copy.
  const again = capture();
  expect(await main([], env, again.out)).toBe(0);
  expect(again.lines.at(-1)).toMatch(/Copied 0 objects .* 6 already there\.$/);
  await bucket.close();
});

test('without a bucket, or with an unknown argument, it says what is missing', async () => {
  const none = capture();
  expect(await main([], { DATA_DIR: dataDir }, none.out)).toBe(2);
  expect(none.lines[0]).toMatch(/set S3_BUCKET/);
  const bad = capture();
  expect(await main(['--force'], { ...s3.env, DATA_DIR: dataDir }, bad.out)).toBe(2);
  const down = capture();
  expect(
    await main(
      [],
      { ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9', S3_TIMEOUT_MS: '500', DATA_DIR: dataDir },
      down.out,
    ),
  ).toBe(1);
  expect(down.lines.at(-1)).toMatch(/^ERR storage:migrate failed/);
});
