import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { badInput } from '../../../lib/errors';

/**
 * A POST that charges carries the client's `Idempotency-Key` header (ADR 0027): one key per intended purchase, the
 * same key on every retry of it. The same key again answers the order it made and never charges twice.
 */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ maxLength: 128 })),
});

const KEY = /^[A-Za-z0-9_-]{16,64}$/;

export function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY.test(key))
    throw badInput('idempotency-key', 'idempotency_key_required');
  return key;
}
