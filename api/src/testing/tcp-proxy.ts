import net from 'node:net';

/**
 * A TCP forwarder in front of a real server (PostgreSQL, Redis) that a test can cut, to see how a node behaves
 * when that server goes away without stopping the shared server itself: `cut()` drops every connection and
 * refuses new ones, `freeze()` keeps connections open but forwards nothing (a server that stops answering),
 * `restore()` forwards again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let mode: 'open' | 'cut' | 'frozen' = 'open';
  const server = net.createServer((client) => {
    if (mode === 'cut') return void client.destroy();
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (mode === 'open') to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut() {
      mode = 'cut';
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    freeze() {
      mode = 'frozen';
    },
    restore() {
      mode = 'open';
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
