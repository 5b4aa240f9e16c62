import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { DeployCommandSchema, DeployOutcomeSchema, DeployStateSchema } from '@dating/shared/contract/deploy';
import { forbidden } from '../../../lib/errors';
import { CONTROL_FILE, DeployRefused, type SwitchCommand } from '../deploy/state';

export { CONTROL_FILE };

/**
 * Embedded mode only (PGlite on files, which one process alone may open): the deploy commands cannot open the
 * database while the server runs, so they hand their registry switch to the server over loopback
 * (`GET /api/_deploy/state`, `POST /api/_deploy/apply`), authenticated by a token the server writes into
 * `$DATA_DIR/.deploy-control.json` when it listens. Files are uploaded by the command itself, before. With
 * PostgreSQL these routes do not exist: the commands switch in the database and every node hears the NOTIFY.
 */
export const deployControlRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (app.config.databaseUrl) return;
  const token = randomBytes(32).toString('base64url');
  const file = path.join(app.config.dataDir, CONTROL_FILE);

  function authorised(given: unknown, remote: string | undefined): boolean {
    const loopback = remote === '127.0.0.1' || remote === '::1' || remote === '::ffff:127.0.0.1';
    if (!loopback || typeof given !== 'string') return false;
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    const host = address.family === 'IPv6' ? '[::1]' : '127.0.0.1';
    writeFileSync(file, JSON.stringify({ url: `http://${host}:${address.port}`, token, pid: process.pid }), {
      mode: 0o600,
    });
  });
  app.addHook('onClose', async () => {
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as { token?: string }).token === token) rmSync(file);
    } catch {
      // gone already
    }
  });

  const config = { csrf: false } as const;
  // Who is asking is checked first (onRequest, before the body is parsed or validated): anyone else gets the same
  // 403 whatever they send, and learns nothing about the input these routes take.
  const onRequest = async (request: FastifyRequest) => {
    if (!authorised(request.headers['x-deploy-token'], request.socket.remoteAddress)) throw forbidden();
  };
  app.get(
    '/api/_deploy/state',
    { config, onRequest, schema: { hide: true, response: { 200: DeployStateSchema } } },
    async () => {
      await app.services.registry.reload();
      return app.services.registry.state();
    },
  );
  app.post(
    '/api/_deploy/apply',
    {
      config,
      onRequest,
      schema: { hide: true, body: DeployCommandSchema, response: { 200: DeployOutcomeSchema } },
    },
    async (request) => {
      try {
        return { ok: true as const, ...(await app.services.registry.apply(request.body as SwitchCommand)) };
      } catch (err) {
        if (err instanceof DeployRefused) return { ok: false as const, refused: err.message };
        throw err;
      }
    },
  );
};
