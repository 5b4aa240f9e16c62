// Every domain's routes, from one list: each domain exports its `DomainModule` (its route plugins and jobs, and
// what comes after every domain's routes) from its index.ts; a new domain is one line here.
import type { FastifyInstance } from 'fastify';
import type { DomainModule } from '../lib/domain-module';
import { accountsDomain } from '../domains/accounts';
import { chatDomain } from '../domains/chat';
import { experimentsDomain } from '../domains/experiments';
import { likesDomain } from '../domains/likes';
import { liveDomain } from '../domains/live';
import { membersDomain } from '../domains/members';
import { paymentsDomain } from '../domains/payments';
import { sitesDomain } from '../domains/sites';
// The file itself, not the index: the index re-exports the staff command-line tools.
import { staffDomain } from '../domains/staff/domain';

/** The domains whose routes the app serves, in registration order (the sites' pages come after all of them). */
export const DOMAINS: readonly DomainModule[] = [
  sitesDomain,
  membersDomain,
  accountsDomain,
  chatDomain,
  likesDomain,
  paymentsDomain,
  liveDomain,
  experimentsDomain,
  staffDomain,
];

export async function registerRoutes(app: FastifyInstance) {
  for (const domain of DOMAINS) for (const route of domain.routes) await app.register(route);
  // Development routes and catch-alls, the sites' HTML pages last.
  for (const domain of [...DOMAINS.filter((d) => d !== sitesDomain), sitesDomain]) await domain.after?.(app);
}
