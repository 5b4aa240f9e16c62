import sharp from 'sharp';
import { moderate } from '../moderate';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { multipart, signup } from '../../../testing/accounts';

let t: TestContext;
beforeAll(async () => {
  // Files, not memory: the command opens the same database after the server is closed.
  t = await createTestApp({ profiles: 2, inMemoryDb: false });
}, 120_000);
afterAll(() => t.close().catch(() => undefined));

function capture() {
  const lines: string[] = [];
  return {
    lines,
    out: { log: (s: string) => lines.push(s), error: (s: string) => lines.push(s) } as unknown as Console,
  };
}

test('moderate lists photos under inspection, approves and rejects them', async () => {
  const { cookie } = await signup(t);
  const img = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#456' } })
    .jpeg()
    .toBuffer();
  for (let i = 0; i < 2; i++) {
    const res = await t.call({
      method: 'POST',
      url: '/api/photos.php',
      cookie,
      ...multipart('photo', 'p.jpg', 'image/jpeg', img),
    });
    expect(res.statusCode).toBe(201);
  }
  const [a, b] = (await t.call({ method: 'GET', url: '/api/photos.php', cookie }))
    .json()
    .photos.map((p: { id: number }) => p.id);
  const env = {
    DATA_DIR: t.dataDir,
    DATABASE_URL: t.app.config.databaseUrl,
    DATABASE_SCHEMA: t.app.config.dbSchema,
    SEED_DEMO: '0',
    // With a DATABASE_URL the command runs as production, whose environment has its mail decision.
    MAIL_OUTBOX_ONLY: '1',
  };
  await t.app.close();

  const list = capture();
  expect(await moderate(['list'], env, list.out)).toBe(0);
  expect(list.lines.map((l) => Number(l.split('\t')[0]))).toEqual([a, b]);

  const act = capture();
  expect(await moderate(['approve', String(a)], env, act.out)).toBe(0);
  expect(await moderate(['reject', String(b)], env, act.out)).toBe(0);
  expect(act.lines).toEqual([`${a}: approved`, `${b}: rejected`]);
  expect(await moderate(['approve', String(a)], env, act.out)).toBe(1);

  const after = capture();
  await moderate(['list'], env, after.out);
  expect(after.lines).toEqual(['No photos under inspection.']);
  expect(await moderate(['nonsense'], env, capture().out)).toBe(2);
  // Each command opens the file database: the budget of testing/helpers.ts. A CI run at a load average of 14–18
  // took over 60 s for the six.
}, 120_000);
