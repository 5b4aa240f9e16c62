import type { FastifyRequest } from 'fastify';

/**
 * Payment calls are limited per member session (falling back to the IP for visitors, who are refused anyway):
 * many members share an IP behind NAT, and one member must not create orders or SMS without end.
 */
export function perSession(max: number, timeWindow: string) {
  return {
    rateLimit: {
      max,
      timeWindow,
      keyGenerator: (request: FastifyRequest) => request.cookies.sid ?? request.ip,
    },
  };
}
