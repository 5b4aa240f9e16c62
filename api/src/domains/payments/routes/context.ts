import type { FastifyRequest } from 'fastify';
import type { PaymentContext } from '../orders';

/** The member, site, IP country and site origin a payment call needs (403 auth_required for visitors). */
export async function paymentContext(request: FastifyRequest): Promise<PaymentContext> {
  const user = await request.requireUser();
  return {
    user,
    site: request.site,
    geoCountry: request.geoCountry(),
    origin: request.site.publicOrigin,
  };
}
