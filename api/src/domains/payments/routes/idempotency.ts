import type { FastifyRequest } from 'fastify';
import { badInput } from '../../../lib/errors';

const KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The `Idempotency-Key` of a POST that charges (`IdempotencyHeadersSchema` of the contract, ADR 0027): one key per
 * intended purchase, the same on every retry of it; 400 `idempotency_key_required` without a usable one.
 */
export function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY.test(key))
    throw badInput('idempotency-key', 'idempotency_key_required');
  return key;
}
