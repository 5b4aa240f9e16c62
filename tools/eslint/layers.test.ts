// The lint rule of the api's layers, run through the repository's own eslint.config.mjs: a file importing a layer
// above its own fails lint (base: config.ts, lib/, db/ < plugins/ < domains < the composition root < seed/ <
// server.ts; tools/eslint/api-structure.mjs), type imports included; importing its own layer or one below passes.
import { useLinter } from './lint-text';

// One ESLint for the file (./lint-text.ts): the rules as `eslint --stdin --stdin-filename <file>` applies them.
const lint = useLinter();

test('lib/, db/, plugins/ and config.ts importing a domain fail lint', async () => {
  expect(
    await lint('api/src/lib/probe.ts', "export type { AuthUser } from '../domains/accounts';\n"),
  ).toEqual(['layers/one-way']);
  expect(
    await lint('api/src/lib/mail/probe.ts', "export { sites } from '../../domains/sites/tables';\n"),
  ).toEqual(['layers/one-way']);
  expect(await lint('api/src/db/schema/probe.ts', "export * from '../../domains/chat/tables';\n")).toEqual([
    'layers/one-way',
  ]);
  expect(
    await lint('api/src/plugins/probe.ts', "export { createServices } from '../app/services';\n"),
  ).toEqual(['layers/one-way']);
  expect(
    await lint('api/src/plugins/probe.ts', "export const load = () => import('../domains/sites');\n"),
  ).toEqual(['layers/one-way']);
  // The one configuration names no domain: each domain reads its own settings from it.
  expect(
    await lint('api/src/config.ts', "export type { PaymentsConfig } from './domains/payments/config';\n"),
  ).toEqual(['layers/one-way']);
}, 120_000);

test('a domain importing the composition root, and the app importing the seed, fail lint', async () => {
  expect(
    await lint('api/src/domains/chat/probe.ts', "export type { Services } from '../../app/services';\n"),
  ).toEqual(['layers/one-way']);
  expect(await lint('api/src/app/index.ts', "export { seedIfEmpty } from '../seed/demo';\n")).toEqual([
    'layers/one-way',
  ]);
  expect(await lint('api/src/app/services.ts', "export { seedIfEmpty } from '../seed/demo';\n")).toEqual([
    'layers/one-way',
  ]);
}, 120_000);

test('importing the same layer or one below passes; tests stand outside the layers', async () => {
  expect(await lint('api/src/plugins/probe.ts', "export { ApiError } from '../lib/errors';\n")).toEqual([]);
  expect(await lint('api/src/lib/probe.ts', "export type { Db } from '../db/client';\n")).toEqual([]);
  expect(await lint('api/src/lib/probe.ts', "export type { AppConfig } from '../config';\n")).toEqual([]);
  expect(
    await lint('api/src/domains/chat/probe.ts', "export { ApiError } from '../../lib/errors';\n"),
  ).toEqual([]);
  // Above the domains: the composition root may import them, and the start command the seed.
  expect(await lint('api/src/app/probe.ts', "export { chatsRoute } from '../domains/chat';\n")).toEqual([]);
  expect(await lint('api/src/server.ts', "export { seedIfEmpty } from './seed/demo';\n")).toEqual([]);
  expect(
    await lint(
      'api/src/domains/chat/__tests__/probe.test.ts',
      "export { seedIfEmpty } from '../../../seed/demo';\n",
    ),
  ).toEqual([]);
}, 120_000);
