// The lint rule of the api's layers, run through the repository's own eslint.config.mjs: lib/, db/ and plugins/
// importing a domain (its index or any file in it) fails lint; importing each other, or a domain importing them,
// passes.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const eslint = path.join(root, 'node_modules/eslint/bin/eslint.js');

/** The rule ids ESLint reports for `code` as if it were the file `file`. */
function lint(file: string, code: string): string[] {
  const run = spawnSync(
    process.execPath,
    [eslint, '--no-cache', '--format', 'json', '--stdin', '--stdin-filename', file],
    { cwd: root, input: code, encoding: 'utf8' },
  );
  if (run.status !== 0 && run.status !== 1) throw new Error(run.stderr);
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null }[] }[];
  return result!.messages.map((m) => m.ruleId ?? 'parse');
}

test('lib/, db/ and plugins/ importing a domain fail lint', () => {
  expect(lint('api/src/lib/probe.ts', "export type { AuthUser } from '../domains/accounts';\n")).toEqual([
    'layers/no-domain-imports',
  ]);
  expect(lint('api/src/lib/mail/probe.ts', "export { sites } from '../../domains/sites/tables';\n")).toEqual([
    'layers/no-domain-imports',
  ]);
  expect(lint('api/src/db/schema/probe.ts', "export * from '../../domains/chat/tables';\n")).toEqual([
    'layers/no-domain-imports',
  ]);
  expect(lint('api/src/plugins/probe.ts', "export { createServices } from '../domains/services';\n")).toEqual(
    ['layers/no-domain-imports'],
  );
  expect(lint('api/src/plugins/probe.ts', "export const load = () => import('../domains/sites');\n")).toEqual(
    ['layers/no-domain-imports'],
  );
}, 120_000);

test('the lower layers importing each other pass, and so does a domain importing them', () => {
  expect(lint('api/src/plugins/probe.ts', "export { ApiError } from '../lib/errors';\n")).toEqual([]);
  expect(lint('api/src/lib/probe.ts', "export type { Db } from '../db/client';\n")).toEqual([]);
  expect(lint('api/src/domains/chat/probe.ts', "export { ApiError } from '../../lib/errors';\n")).toEqual([]);
  // Above the domains: the composition files may import them.
  expect(lint('api/src/domains/probe.ts', "export { chatsRoute } from './chat';\n")).toEqual([]);
}, 120_000);
