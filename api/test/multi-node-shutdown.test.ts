import net from 'node:net';
import { startNodes, type ApiNode } from '../src/testing/nodes';

// A stopping node exits within SHUTDOWN_TIMEOUT_MS even when a client never finishes its request (README "Several
// machines", ADR 0026). A process, as an orchestrator runs it; runs when DATABASE_URL and REDIS_URL are set.
jest.setTimeout(120_000);
let cluster: Awaited<ReturnType<typeof startNodes>>;
let node: ApiNode;

beforeAll(async () => {
  cluster = await startNodes(1, { DRAIN_DELAY_MS: '0', SHUTDOWN_TIMEOUT_MS: '2000' });
  [node] = cluster.nodes as [ApiNode];
});
afterAll(async () => cluster?.stopAll());

it('a request whose body never comes does not keep a stopping node alive: it exits by force, with status 1', async () => {
  const socket = net.connect(node.port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  // Headers and the first bytes of a body announced as 100 bytes long; the rest never comes.
  socket.write(
    'POST /api/user.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      'X-Requested-With: XMLHttpRequest\r\nContent-Length: 100\r\n\r\n{"email":',
  );
  // Without the bound the server's close would wait for this request (Node's own request timeout is 5 minutes).
  expect(await node.stop()).toBe(1);
  await closed;
});
