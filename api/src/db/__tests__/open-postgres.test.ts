import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../client';
import { configFromEnv } from '../../config';

// Several nodes start at once against one PostgreSQL schema that does not exist yet (a fresh deployment, the
// multi-node tests): each creates it if needed, none may fail because another one just did.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('opening PostgreSQL with DATABASE_SCHEMA', () => {
  const schema = `test_open_${crypto.randomBytes(5).toString('hex')}`;

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  test('eight nodes opening a new schema at the same moment all start', async () => {
    const config = configFromEnv({ ...process.env, NODE_ENV: 'test', DATABASE_SCHEMA: schema });
    const opened = await Promise.allSettled(Array.from({ length: 8 }, () => openDatabase(config)));
    const failures = opened.filter((r) => r.status === 'rejected').map((r) => String(r.reason));
    for (const r of opened) if (r.status === 'fulfilled') await r.value.close();
    expect(failures).toEqual([]);
    expect(opened).toHaveLength(8);
  }, 30_000);
});
