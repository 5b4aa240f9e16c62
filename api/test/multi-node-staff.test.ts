import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { STAFF_SESSION_COOKIE, type StaffSite } from '@dating/shared/contract/staff';
import { startNodes, type ApiNode } from '../src/testing/nodes';
import { XHR } from '../src/testing/helpers';

// Two API processes on one PostgreSQL and one Redis (as multi-node.test.ts): a settings edit by staff on one node
// applies on the other without a restart and without waiting for its 30 s sites cache (the bus, docs/adr/0018-staff-back-office.md).
jest.setTimeout(180_000);
let cluster: Awaited<ReturnType<typeof startNodes>>;
let nodeA: ApiNode;
let nodeB: ApiNode;
let cookie: string;

beforeAll(async () => {
  cluster = await startNodes(2);
  [nodeA, nodeB] = cluster.nodes as [ApiNode, ApiNode];
  // An admin with a full session, written straight into the cluster's schema (sign-in is tested elsewhere).
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`SET search_path TO ${cluster.schema}`);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO staff_accounts (email, name, role, password_hash, totp_enrolled_at)
       VALUES ('admin@example.com', 'Admin', 'admin', 'x', now()) RETURNING id`,
    );
    const token = randomBytes(32).toString('base64url');
    await client.query(
      `INSERT INTO staff_sessions (token_hash, staff_id, stage, expires_at) VALUES ($1, $2, 'full', now() + interval '1 hour')`,
      [createHash('sha256').update(token).digest('base64url'), rows[0]!.id],
    );
    cookie = `${STAFF_SESSION_COOKIE}=${token}`;
  } finally {
    await client.end();
  }
});
afterAll(() => cluster?.stopAll());

const settingsOn = async (node: ApiNode) =>
  ((await (await fetch(`${node.url}/api/settings.php`)).json()) as { message_credits: number })
    .message_credits;

test('a message cost saved on node A is what node B serves next, well before its sites cache would expire', async () => {
  const sites = (await (await fetch(`${nodeA.url}/api/staff/sites`, { headers: { cookie } })).json()) as {
    sites: { id: number; host: string }[];
  };
  const site = sites.sites.find((s) => s.host === 'localhost') ?? sites.sites[0]!;
  const current = (await (
    await fetch(`${nodeA.url}/api/staff/sites/${site.id}`, { headers: { cookie } })
  ).json()) as StaffSite;
  // A first read may find B's copy stale and refresh it in the background: let that refresh finish first, so
  // what B serves after the save can only come from the bus.
  await settingsOn(nodeB);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = await settingsOn(nodeB);
  expect(before).toBe(current.settings.message_credits);
  const next = before + 4;

  const saved = await fetch(`${nodeA.url}/api/staff/sites/${site.id}`, {
    method: 'PUT',
    headers: { ...XHR, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ version: current.version, settings: { message_credits: next } }),
  });
  expect(saved.status).toBe(200);
  expect(await settingsOn(nodeA)).toBe(next);
  // Node B hears it over the bus and reloads; its own cache would hold the old value for 30 s.
  const until = Date.now() + 10_000;
  let seen = await settingsOn(nodeB);
  while (seen !== next && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await settingsOn(nodeB);
  }
  expect(seen).toBe(next);
});
