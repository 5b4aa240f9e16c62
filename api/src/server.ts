import { buildApp } from './app';
import { ConfigError } from './config';
import { startOpsServer } from './plugins/ops';
import { DEMO_EMAIL, DEMO_PASSWORD, seedIfEmpty } from './seed/demo';

async function main() {
  // The start command seeds an empty database with the demo data (SEED_DEMO, on by default outside production).
  const app = await buildApp({ seed: seedIfEmpty });
  const port = app.config.port;
  // Loopback unless HOST opens it: the embedded mailbox and a fresh demo must not face the network by accident.
  const host = app.config.host;
  await app.listen({ port, host });
  // Metrics (and health) on a port of their own, loopback unless METRICS_HOST opens it: never on the public port.
  const { metricsPort, metricsHost } = app.config;
  const opsServer = metricsPort !== undefined ? await startOpsServer(app, metricsPort, metricsHost) : null;
  if (opsServer) app.log.info({ address: opsServer.address() }, 'metrics, /healthz and /readyz listening');
  if (app.config.embedded && app.config.seedDemo && app.config.seedDemo.account) {
    // Embedded mode only (PGlite, no DATABASE_URL): the demo member exists in the seeded database.
    app.log.info(`demo login (embedded mode only): ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  }

  /**
   * Rolling restarts (ADR 0026). SIGTERM: unready at once (/readyz 503, background jobs stop), still answering for
   * DRAIN_DELAY_MS while the load balancer notices; then no new connections, live streams end with a reconnect
   * hint, requests in flight finish, and the process exits — by force after SHUTDOWN_TIMEOUT_MS in all.
   * SIGINT (Ctrl-C at a terminal): the same without the delay. A second signal exits at once.
   */
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    const force = setTimeout(() => {
      app.log.error({ timeoutMs: app.config.shutdownTimeoutMs }, 'shutdown took too long: exiting by force');
      process.exit(1);
    }, app.config.shutdownTimeoutMs);
    force.unref();
    app.log.info({ signal }, 'shutting down');
    await app.ops.drain();
    const delay = signal === 'SIGTERM' ? app.config.drainDelayMs : 0;
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    await app.close();
    opsServer?.close();
    app.log.info('stopped');
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stop(signal).then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Not started: ${err.message}` : err);
  process.exit(1);
});
