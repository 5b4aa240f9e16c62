// The lander variants the benches visit: the shared contract's own list (shared/src/contract/landers.ts, the one
// the shell's routes and the server use), loaded through tsx as tools/lib/site.mjs loads the deploy commands, so
// that a lander added to the contract is measured without editing a copy here.
import { tsImport } from 'tsx/esm/api';

const landers = await tsImport('../../../shared/src/contract/landers.ts', import.meta.url);

/** `/landers/{variant}` of docs/product/routes-and-layouts.md. */
export const LANDER_VARIANTS = [...(landers.LANDER_VARIANTS ?? landers.default.LANDER_VARIANTS)];
