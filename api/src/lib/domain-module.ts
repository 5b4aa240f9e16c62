// What a domain hands the composition root (api/src/app/routes.ts registers every domain from one list): its
// route plugins and jobs, and what must come after every domain's routes (catch-alls, development-only routes).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** A route plugin (typed by the TypeBox provider, or plain) or a job plugin. */
type Plugin = FastifyPluginAsync | FastifyPluginAsyncTypebox;

export interface DomainModule {
  /** The folder's name under src/domains. */
  name: string;
  /** Route plugins (one per `/api/<name>.php`) and jobs, registered in this order. */
  routes: readonly Plugin[];
  /** Registered after every domain's `routes`, in the list's order. */
  after?: (app: FastifyInstance) => Promise<void>;
}
