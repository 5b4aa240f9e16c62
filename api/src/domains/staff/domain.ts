// The staff domain's routes, for the composition root (api/src/app/routes.ts). A file of its own, not in index.ts:
// the index re-exports the command-line tools, which start their command when they are the entry point (and in
// the server's bundle every module shares the bundle's `module`).
import type { DomainModule } from '../../lib/domain-module';
import { staffRoutes } from './routes';

export const staffDomain: DomainModule = { name: 'staff', routes: [staffRoutes] };
