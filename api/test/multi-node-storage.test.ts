import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { signupBody } from '../src/testing/accounts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/testing/helpers';
import { startNodes, type ApiNode } from '../src/testing/nodes';
import { startTestS3, type TestS3 } from '../src/testing/s3';
import { moderate } from '../src/domains/staff/moderate';

// Two API processes with separate DATA_DIRs (no shared disk), one PostgreSQL, one Redis and one S3
// server (s3rver, started here). Runs when DATABASE_URL and REDIS_URL are set (jest.config.js).
jest.setTimeout(240_000);

let s3: TestS3;
let cluster: Awaited<ReturnType<typeof startNodes>>;
let a: ApiNode;
let b: ApiNode;
let s3Env: Record<string, string>;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

beforeAll(async () => {
  s3 = await startTestS3();
  s3Env = { ...s3.env, S3_PREFIX: `nodes-${randomBytes(4).toString('hex')}` };
  cluster = await startNodes(2, s3Env, { separateDataDirs: true });
  [a, b] = cluster.nodes as [ApiNode, ApiNode];
});
afterAll(async () => {
  await cluster?.stopAll();
  await s3?.close();
});

const sidOf = (res: Response) => {
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`no session: ${res.status}`);
  return sid.split(';')[0]!;
};
const login = async (node: ApiNode) =>
  sidOf(
    await fetch(`${node.url}/api/user.php`, {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    }),
  );
const get = (node: ApiNode, url: string, cookie?: string) =>
  fetch(`${node.url}${url}`, { headers: { ...XHR, ...(cookie ? { cookie } : {}) }, redirect: 'manual' });
const upload = async (node: ApiNode, url: string, field: string, cookie: string) => {
  const form = new FormData();
  const image = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#2266aa' } })
    .jpeg()
    .toBuffer();
  form.append(field, new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'p.jpg');
  return fetch(`${node.url}${url}`, { method: 'POST', headers: { ...XHR, cookie }, body: form });
};
async function query<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`SET search_path TO ${cluster.schema}`);
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

test('a seeded portrait and a photo uploaded through node A are served by node B; approval from a third machine', async () => {
  const [portrait] = await query<{ filename: string }>(
    `SELECT filename FROM photos WHERE filename LIKE 'seed/%' ORDER BY id LIMIT 1`,
  );
  for (const node of [a, b]) expect((await get(node, `/media/${portrait!.filename}`)).status).toBe(200);

  const cookie = await login(a);
  const up = await upload(a, '/api/photos.php', 'photo', cookie);
  expect(up.status).toBe(201);
  const photo = (
    (await up.json()) as { photos: { id: number; filename: string; status: string }[] }
  ).photos.at(-1)!;
  expect(photo.status).toBe('inspection');
  // Under inspection: its owner gets it from either node; a visitor from neither.
  const fromA = Buffer.from(await (await get(a, photo.filename, cookie)).arrayBuffer());
  const onB = await get(b, photo.filename, cookie);
  expect(onB.status).toBe(200);
  expect(onB.headers.get('cache-control')).toBe('private, no-store');
  expect(Buffer.from(await onB.arrayBuffer()).equals(fromA)).toBe(true);
  for (const node of [a, b]) expect((await get(node, photo.filename)).status).toBe(403);

  // Approved with the moderate command, as from another machine with only the database and storage settings.
  const lines: string[] = [];
  const code = await moderate(
    ['approve', String(photo.id)],
    {
      ...s3Env,
      NODE_ENV: 'test',
      DATABASE_URL: process.env.DATABASE_URL!,
      DATABASE_SCHEMA: cluster.schema,
      DATA_DIR: '/nonexistent-data-dir-of-another-machine',
    },
    { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) } as unknown as Console,
  );
  expect(lines).toEqual([`${photo.id}: approved`]);
  expect(code).toBe(0);

  const list = (await (await get(b, '/api/photos.php', cookie)).json()) as {
    photos: { id: number; filename: string; status: string }[];
  };
  const approved = list.photos.find((p) => p.id === photo.id)!;
  expect(approved).toMatchObject({ status: 'active', filename: expect.stringMatching(/^\/media\/photos\//) });
  for (const node of [a, b]) {
    const res = await get(node, approved.filename);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(fromA)).toBe(true);
  }
});

test('a chat photo sent through node A reaches its two members on both nodes and is refused to a third on both', async () => {
  const cookie = await login(a);
  const [fictional] = await query<{ id: number }>(`SELECT id FROM users WHERE fictional ORDER BY id LIMIT 1`);
  const up = await upload(a, '/api/chat-photo.php', 'file', cookie);
  expect(up.status).toBe(201);
  const photo = ((await up.json()) as { photo: { id: number; url: string; thumb_url: string } }).photo;
  const sent = await fetch(`${b.url}/api/messages.php`, {
    method: 'POST',
    headers: { ...XHR, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: `storage-${Date.now()}-abcdef`,
      type: 'photo',
      member: fictional!.id,
      photo_id: photo.id,
    }),
  });
  expect(sent.status).toBe(200);

  const third = await fetch(`${b.url}/api/signup.php`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify(signupBody()),
  });
  expect(third.status).toBe(201);
  const thirdCookie = sidOf(third);
  for (const node of [a, b]) {
    for (const url of [photo.url, photo.thumb_url]) {
      const mine = await get(node, url, cookie);
      expect(mine.status).toBe(200);
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      expect((await get(node, url, thirdCookie)).status).toBe(404);
      expect((await get(node, url)).status).toBe(403);
    }
  }
  // Nothing of it on either node's disk: the bucket holds it.
  const [row] = await query<{ filename: string }>(`SELECT filename FROM chat_photos WHERE id = ${photo.id}`);
  for (const node of [a, b]) expect((await get(node, `/media/photos/${row!.filename}`)).status).toBe(404);
});
