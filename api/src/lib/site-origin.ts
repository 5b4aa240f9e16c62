import type { FastifyRequest } from 'fastify';

/**
 * Origin for links in mails. The request's own origin only when its host is the site's configured host or
 * domain (so development on localhost:PORT gets working links); anything else gets the site's domain, so a
 * forged Host header cannot point a reset link at an attacker's server.
 */
export function siteOrigin(
  request: Pick<FastifyRequest, 'hostname' | 'host' | 'protocol'>,
  site: { host: string; domain: string },
): string {
  const host = request.hostname.toLowerCase().replace(/^www\./, '');
  if (host === site.host.toLowerCase() || host === site.domain.toLowerCase()) {
    return `${request.protocol}://${request.host}`;
  }
  return `https://${site.domain}`;
}
