// Deploys across machines (docs/adr/0026-several-machines-operations.md): two api processes with separate DATA_DIRs (no shared disk) on one
// PostgreSQL, one Redis and one S3 server (s3rver, started here); the operator's commands run with node A's
// settings. jest runs this file only when DATABASE_URL and REDIS_URL are set (jest.config.js).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SiteData } from '@dating/shared/contract/index';
import { createStorage } from '../src/lib/storage';
import { uploadVersion, buildVersion } from '../src/domains/sites/deploy/publish';
import { versionKey } from '../src/domains/sites/deploy/storage';
import { startNodes, type ApiNode } from '../src/testing/nodes';
import { startTestS3, type TestS3 } from '../src/testing/s3';

jest.setTimeout(600_000);

const ROOT = path.resolve(__dirname, '..', '..');
const pkgVersion = (app: string) =>
  (JSON.parse(fs.readFileSync(path.join(ROOT, app, 'package.json'), 'utf8')) as { version: string }).version;

let s3: TestS3;
let cluster: Awaited<ReturnType<typeof startNodes>>;
let a: ApiNode;
let b: ApiNode;
let work: string;

/** The environment of a machine that runs the commands with `node`'s settings. */
function settingsOf(node: ApiNode): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...s3.env,
    DATA_DIR: node.dataDir,
    DATABASE_URL: process.env.DATABASE_URL!,
    DATABASE_SCHEMA: cluster.schema,
    NODE_ENV: 'test',
  };
}

/** Runs a tool (`deploy.mjs`…) to its exit. */
function run(
  node: ApiNode,
  tool: string,
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'tools', tool), ...args], {
      cwd: ROOT,
      env: settingsOf(node),
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => resolve({ code: code ?? 1, out, err }));
  });
}

/** A build of `app` whose files say `marker`. */
function fakeBuild(app: string, marker: string): string {
  const dist = fs.mkdtempSync(path.join(work, `${app}-`));
  fs.mkdirSync(path.join(dist, 'server'));
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ id: app, marker }));
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `var entry = ${JSON.stringify(marker)};`);
  fs.writeFileSync(path.join(dist, 'server', 'main.js'), `module.exports = ${JSON.stringify(marker)};`);
  if (app === 'shell') {
    fs.writeFileSync(
      path.join(dist, 'entry-assets.json'),
      JSON.stringify({ main: { js: ['remoteEntry.js'], css: [], preload: [] } }),
    );
  }
  return dist;
}

function siteData(html: string): SiteData {
  const m = /<script type="application\/json" id="site-data">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(m![1]!) as SiteData;
}

async function page(node: ApiNode, cookie?: string) {
  const res = await fetch(`${node.url}/`, { headers: cookie ? { cookie } : {} });
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { data: siteData(await res.text()), cookie: /mf_exp=[^;]+/.exec(setCookie)?.[0] };
}

const versionOf = (data: SiteData, app: string) =>
  data.remotes.find((r) => r.name === app.replace(/-/g, '_'))?.version;

/** Polls `node` until its page inlines `version` of `app`; false when it does not within `ms`. */
async function servedWithin(node: ApiNode, app: string, version: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  do {
    if (versionOf((await page(node)).data, app) === version) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  } while (Date.now() < until);
  return false;
}

const switchedTo = (out: string) => /registry switched \S+ → (\S+)/.exec(out)?.[1];

beforeAll(async () => {
  s3 = await startTestS3();
  cluster = await startNodes(2, s3.env, { separateDataDirs: true });
  [a, b] = cluster.nodes as [ApiNode, ApiNode];
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-deploy-'));
  const shell = await run(a, 'deploy.mjs', 'shell', '--dist', fakeBuild('shell', 'shell one'));
  expect(shell.code).toBe(0);
});
afterAll(async () => {
  await cluster?.stopAll();
  await s3?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('deploys seen by every node', () => {
  let first: string;
  let second: string;

  test("a deploy run with node A's settings is served by node B within 1 s, files included", async () => {
    const result = await run(a, 'deploy.mjs', 'mf-chat', '--dist', fakeBuild('mf-chat', 'chat one'));
    expect(result.code).toBe(0);
    first = switchedTo(result.out)!;
    expect(await servedWithin(b, 'mf-chat', first, 1000)).toBe(true);
    expect(await servedWithin(a, 'mf-chat', first, 1000)).toBe(true);
    // B has no copy on its disk: the files come from the bucket.
    expect(fs.existsSync(path.join(b.dataDir, 'site'))).toBe(false);
    for (const node of [a, b]) {
      const entry = await fetch(`${node.url}/remotes/mf-chat/${first}/remoteEntry.js`, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(entry.status).toBe(200);
      expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // fetch decodes the brotli copy the server chose.
      expect(await entry.text()).toBe('var entry = "chat one";');
      // The server bundle is published with the rest of dist, for the servers only: browsers get a 404
      // (docs/adr/0035-one-origin-per-site.md).
      expect((await fetch(`${node.url}/remotes/mf-chat/${first}/server/main.js`)).status).toBe(404);
    }
    const storage = createStorage(s3.config());
    try {
      expect(await storage.head(versionKey('mf-chat', first, 'server/main.js'))).not.toBeNull();
    } finally {
      await storage.close();
    }
  });

  test('a second deploy and a rollback are served by node B within 1 s each', async () => {
    const result = await run(a, 'deploy.mjs', 'mf-chat', '--dist', fakeBuild('mf-chat', 'chat two'));
    expect(result.code).toBe(0);
    second = switchedTo(result.out)!;
    expect(second).not.toBe(first);
    expect(await servedWithin(b, 'mf-chat', second, 1000)).toBe(true);

    const back = await run(a, 'rollback.mjs', 'mf-chat');
    expect(back.code).toBe(0);
    expect(back.out).toContain(`${second} → ${first}`);
    expect(await servedWithin(b, 'mf-chat', first, 1000)).toBe(true);
    expect(await servedWithin(a, 'mf-chat', first, 1000)).toBe(true);
  });

  test('a visitor keeps the canary version on both nodes', async () => {
    const canary = await run(a, 'deploy.mjs', 'mf-chat', '--canary', '50', '--version', second);
    expect(canary.code).toBe(0);
    // Both nodes run the experiment before visitors come.
    const until = Date.now() + 1000;
    let both = false;
    while (!both && Date.now() < until) {
      const probes = await Promise.all(
        Array.from({ length: 12 }, async () => versionOf((await page(b)).data, 'mf-chat')),
      );
      both = probes.includes(second);
    }
    expect(both).toBe(true);

    const seen = new Set<string>();
    for (let i = 0; i < 16; i += 1) {
      // Half the visitors arrive at A, half at B; every later page comes from the other node, then the first.
      const [first, other] = i % 2 ? [a, b] : [b, a];
      const arrival = await page(first);
      expect(arrival.cookie).toBeTruthy();
      const given = versionOf(arrival.data, 'mf-chat')!;
      seen.add(given);
      for (const node of [other, first, other]) {
        expect(versionOf((await page(node, arrival.cookie)).data, 'mf-chat')).toBe(given);
      }
    }
    // 50 %: both versions were given out (16 visitors: all in one arm has a chance of 2 × 2^-16).
    expect([...seen].sort()).toEqual([first, second].sort());

    const end = await run(a, 'rollback.mjs', 'mf-chat');
    expect(end.code).toBe(0);
    expect(await servedWithin(b, 'mf-chat', first, 1000)).toBe(true);
  });
});

describe('faults', () => {
  test('a deploy interrupted after the upload leaves the old version serving and can be run again', async () => {
    const before = versionOf((await page(b)).data, 'mf-chat')!;
    const dist = fakeBuild('mf-chat', 'chat interrupted');
    const version = buildVersion(pkgVersion('mf-chat'), dist);
    // What a deploy killed between its upload and its switch leaves behind: objects in the bucket, nothing in the
    // registry (the version row is written in the switch's transaction). Here half the files, then all of them.
    const storage = createStorage(s3.config());
    try {
      const half = fs.mkdtempSync(path.join(work, 'half-'));
      fs.copyFileSync(path.join(dist, 'remoteEntry.js'), path.join(half, 'remoteEntry.js'));
      await uploadVersion(storage, 'mf-chat', version, half);
      for (const node of [a, b]) expect(versionOf((await page(node)).data, 'mf-chat')).toBe(before);
      await uploadVersion(storage, 'mf-chat', version, dist);
      for (const node of [a, b]) expect(versionOf((await page(node)).data, 'mf-chat')).toBe(before);
    } finally {
      await storage.close();
    }
    const registry = JSON.parse((await run(a, 'registry.mjs')).out) as {
      published: Record<string, string[]>;
    };
    expect(registry.published['mf-chat']).not.toContain(version);

    const again = await run(b, 'deploy.mjs', 'mf-chat', '--dist', dist);
    expect(again.code).toBe(0);
    expect(switchedTo(again.out)).toBe(version);
    expect(await servedWithin(a, 'mf-chat', version, 1000)).toBe(true);
    const entry = await fetch(`${a.url}/remotes/mf-chat/${version}/remoteEntry.js`);
    expect(await entry.text()).toBe('var entry = "chat interrupted";');
  });

  test('two deploys of different apps at the same time from two machines: both switches survive', async () => {
    const [chat, payments] = await Promise.all([
      run(a, 'deploy.mjs', 'mf-chat', '--dist', fakeBuild('mf-chat', `chat at once ${Date.now()}`)),
      run(b, 'deploy.mjs', 'mf-payments', '--dist', fakeBuild('mf-payments', `pay at once ${Date.now()}`)),
    ]);
    expect({ code: chat.code, err: chat.err }).toMatchObject({ code: 0 });
    expect({ code: payments.code, err: payments.err }).toMatchObject({ code: 0 });
    const chatVersion = switchedTo(chat.out)!;
    const payVersion = switchedTo(payments.out)!;
    const registry = JSON.parse((await run(a, 'registry.mjs')).out) as {
      apps: Record<string, { current: string }>;
    };
    expect(registry.apps['mf-chat']!.current).toBe(chatVersion);
    expect(registry.apps['mf-payments']!.current).toBe(payVersion);
    for (const node of [a, b]) {
      expect(await servedWithin(node, 'mf-chat', chatVersion, 1000)).toBe(true);
      expect(await servedWithin(node, 'mf-payments', payVersion, 1000)).toBe(true);
    }
  });
});
