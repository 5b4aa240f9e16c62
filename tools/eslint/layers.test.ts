// The lint rule of the api's layers, run through the repository's own eslint.config.mjs: lib/, db/ and plugins/
// importing a domain (its index or any file in it) fails lint; importing each other, or a domain importing them,
// passes.
import { useLinter } from './lint-text';

// One ESLint for the file (./lint-text.ts): the rules as `eslint --stdin --stdin-filename <file>` applies them.
const lint = useLinter();

test('lib/, db/ and plugins/ importing a domain fail lint', async () => {
  expect(
    await lint('api/src/lib/probe.ts', "export type { AuthUser } from '../domains/accounts';\n"),
  ).toEqual(['layers/no-domain-imports']);
  expect(
    await lint('api/src/lib/mail/probe.ts', "export { sites } from '../../domains/sites/tables';\n"),
  ).toEqual(['layers/no-domain-imports']);
  expect(await lint('api/src/db/schema/probe.ts', "export * from '../../domains/chat/tables';\n")).toEqual([
    'layers/no-domain-imports',
  ]);
  expect(
    await lint('api/src/plugins/probe.ts', "export { createServices } from '../domains/services';\n"),
  ).toEqual(['layers/no-domain-imports']);
  expect(
    await lint('api/src/plugins/probe.ts', "export const load = () => import('../domains/sites');\n"),
  ).toEqual(['layers/no-domain-imports']);
}, 120_000);

test('the lower layers importing each other pass, and so does a domain importing them', async () => {
  expect(await lint('api/src/plugins/probe.ts', "export { ApiError } from '../lib/errors';\n")).toEqual([]);
  expect(await lint('api/src/lib/probe.ts', "export type { Db } from '../db/client';\n")).toEqual([]);
  expect(
    await lint('api/src/domains/chat/probe.ts', "export { ApiError } from '../../lib/errors';\n"),
  ).toEqual([]);
  // Above the domains: the composition files may import them.
  expect(await lint('api/src/domains/probe.ts', "export { chatsRoute } from './chat';\n")).toEqual([]);
}, 120_000);
