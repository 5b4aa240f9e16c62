import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, ErrorCode } from '@dating/shared/contract/index';
import { firstFormError, isFormSchema } from '@dating/shared/forms/check';
import { ApiError } from '../lib/errors';
import { translateError } from '../lib/i18n';

declare module 'fastify' {
  interface FastifyInstance {
    /** Methods registered for an exact route path (405 answers name them in `Allow`). */
    methodsOf(path: string): string[];
  }
  interface FastifyReply {
    /** Sends `{ error: { code, message, field?, params? } }` in the user's language. */
    sendError(err: ApiError): Promise<FastifyReply>;
  }
}

/** Field named by an ajv error: `/body/email` → email, missing property → its name. */
function fieldOf(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return 'input';
  const params = first.params as Record<string, unknown>;
  if (typeof params.missingProperty === 'string') return params.missingProperty;
  if (typeof params.additionalProperty === 'string') return params.additionalProperty;
  const path = first.instancePath.split('/').filter(Boolean);
  return path[path.length - 1] ?? err.validationContext ?? 'input';
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'validation',
  401: 'auth_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'request_too_large',
  431: 'request_too_large',
  415: 'validation',
  429: 'rate_limited',
};

export const errorsPlugin = fp(
  async (app) => {
    app.decorateReply('sendError', async function (this: FastifyReply, err: ApiError) {
      const locale = await this.request.resolveLocale().catch(() => 'nl' as const);
      const params = err.params;
      const body: ApiErrorBody = {
        error: { code: err.code, message: translateError(locale, err.code, params) },
      };
      if (err.field) body.error.field = err.field;
      if (params && Object.keys(params).length) body.error.params = params;
      return this.code(err.status).header('cache-control', 'no-store').send(body);
    });

    // Which methods each path has, for 405 instead of 404 when only the method is wrong.
    const methods = new Map<string, Set<string>>();
    app.addHook('onRoute', (route) => {
      const set = methods.get(route.url) ?? new Set<string>();
      for (const m of [route.method].flat()) set.add(m);
      methods.set(route.url, set);
    });
    app.decorate('methodsOf', (path: string) => [...(methods.get(path) ?? [])]);

    // No route for this method and path (any method, also ones Fastify has no router for): the site's shape.
    app.setNotFoundHandler(async (request, reply) => {
      const allowed = app.methodsOf(request.url.split('?')[0]!);
      if (allowed.length) {
        reply.header('allow', allowed.join(', '));
        return reply.sendError(new ApiError(405, 'method_not_allowed'));
      }
      return reply.sendError(new ApiError(404, 'not_found'));
    });

    app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ApiError) return reply.sendError(error);
      if (error.validation) {
        // A body schema of shared/src/forms names the catalogue code of the rule that failed, as the form did.
        const body: unknown = request.routeOptions.schema?.body;
        const found =
          error.validationContext === 'body' && isFormSchema(body)
            ? firstFormError(body, request.body)
            : null;
        if (found) {
          const { code, params } = found.error;
          return reply.sendError(new ApiError(400, code, { field: found.field, ...params }, found.field));
        }
        const field = fieldOf(error);
        return reply.sendError(new ApiError(400, 'validation', { field }, field));
      }
      // PostgreSQL refused the data itself (class 22: NUL byte, out of range, bad date, too long): the input was
      // wrong, not the server. The input guard stops these first; this is the net for what it cannot know.
      const pgCode =
        (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
      if (typeof pgCode === 'string' && /^22[0-9A-Z]{3}$/.test(pgCode)) {
        request.log.warn({ err: error }, 'input refused by the database');
        return reply.sendError(new ApiError(400, 'validation', { field: 'input' }, 'input'));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code = STATUS_CODES[status] ?? 'validation';
        return reply.sendError(
          new ApiError(status, code, code === 'validation' ? { field: 'body' } : undefined),
        );
      }
      // 5xx: log everything, show nothing but the catalogue text.
      request.log.error({ err: error }, 'unhandled error');
      return reply.sendError(new ApiError(500, 'generic'));
    });
  },
  { name: 'errors', dependencies: ['context'] },
);
