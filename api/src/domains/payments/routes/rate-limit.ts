import type { FastifyRequest } from 'fastify';

/**
 * Payment calls are limited per member account (many members share an address behind NAT, and one member must not
 * create orders or SMS without end), and per address for visitors, who are refused anyway. Never per session
 * cookie: a client that drops its cookie is a visitor again, counted by its address (as trusted through
 * TRUST_PROXY), and a new session of the same member counts on the same account.
 */
export function perAccount(max: number, timeWindow: string) {
  return {
    rateLimit: {
      max,
      timeWindow,
      keyGenerator: async (request: FastifyRequest) => {
        const userId = await request.currentUserId();
        return userId === null ? `ip:${request.ip}` : `user:${userId}`;
      },
    },
  };
}
