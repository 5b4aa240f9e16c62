import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError } from '../lib/errors';

type Schema = Record<string, unknown>;

const INPUTS = ['body', 'querystring', 'params', 'headers'] as const;

/**
 * Every number a route accepts is finite and within what JavaScript and PostgreSQL can hold: an integer without
 * bounds gets ±2^53−1, any number ±Number.MAX_VALUE (so `1e309` = Infinity is refused). Existing bounds stay.
 * A copy is made, the route's own schema objects (shared TypeBox constants) are not changed.
 */
export function boundNumbers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundNumbers);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = { ...(schema as Schema) };
  for (const [key, value] of Object.entries(out)) {
    if (value && typeof value === 'object' && key !== 'default' && key !== 'const' && key !== 'enum') {
      out[key] = boundNumbers(value);
    }
  }
  const types = Array.isArray(out.type) ? (out.type as string[]) : [out.type];
  const integer = types.includes('integer');
  if (integer || types.includes('number')) {
    const limit = integer ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE;
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = limit;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = -limit;
  }
  return out;
}

/**
 * Path of the first value PostgreSQL or JavaScript cannot take: a string (or key) holding a NUL character, a
 * number that is not finite or an integer beyond 2^53 (ajv's coercion of `?id=1e309` gives Infinity, and lets it
 * through). Null when all is well.
 */
export function badValuePath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value === 'number') {
    return Number.isFinite(value) &&
      Math.abs(value) <= Number.MAX_VALUE / 2 &&
      !(Number.isInteger(value) && !Number.isSafeInteger(value))
      ? null
      : path;
  }
  if (!value || typeof value !== 'object' || depth > 32) return null;
  // Streams and buffers (multipart uploads) are not JSON input.
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return key.split('\u0000').join('');
    const found = badValuePath(item, key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Input hardening for every route, present and future (registered before the routes): bounded numbers in every
 * input schema, and no NUL character, non-finite or unsafe number anywhere in the query, params or body (also in
 * fields a schema lets through unchecked). Both answer 400 `validation` naming the field, like any schema error.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema) return;
    const bounded: Record<string, unknown> = { ...schema };
    for (const part of INPUTS) {
      if (schema[part]) bounded[part] = boundNumbers(schema[part]);
    }
    route.schema = bounded;
  });
  // After validation: what ajv coerced (a query string turned into Infinity) is checked too.
  // A callback hook: no promise per request.
  app.addHook('preHandler', (request: FastifyRequest, reply, done) => {
    const field =
      badValuePath(request.params, 'params') ??
      badValuePath(request.query, 'query') ??
      badValuePath(request.body, 'body');
    done(field ? new ApiError(400, 'validation', { field }, field) : undefined);
  });
}
