// Every service on the app (`app.services`): a Fastify plugin of the composition root, not in plugins/ (which
// import no domain).
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import { createServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** Drizzle database (PGlite or node-postgres). */
    db: Db;
    /** Business logic; routes call these, never SQL. */
    services: Services;
  }
}

export const servicesPlugin = fp<{ config: AppConfig; database: Database }>(
  async (app, { config, database }) => {
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('services', createServices({ db: database.db, raw: database.raw, config, log: app.log }));
    app.addHook('onClose', async () => {
      await app.services.live.close();
      await app.services.bus.close();
      await app.services.storage.close();
    });
  },
  { name: 'services' },
);
