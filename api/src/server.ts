import { buildApp } from './app';
import { ConfigError } from './config';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed/demo';

async function main() {
  const app = await buildApp();
  const port = Number(process.env.PORT ?? 8080);
  // Loopback unless HOST opens it: the embedded mailbox and a fresh demo must not face the network by accident.
  const host = app.config.host;
  await app.listen({ port, host });
  if (app.config.embedded && app.config.seedDemo && app.config.seedDemo.account) {
    // Embedded mode only (PGlite, no DATABASE_URL): the demo member exists in the seeded database.
    app.log.info(`demo login (embedded mode only): ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Not started: ${err.message}` : err);
  process.exit(1);
});
