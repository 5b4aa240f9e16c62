// The lint rules of the api's seams, run through the repository's own eslint.config.mjs: a domain that reaches into
// another domain's files (anything but its index.ts) fails lint, and so does staff's routes file querying the
// database.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const eslint = path.join(root, 'node_modules/eslint/bin/eslint.js');

/** The rule ids ESLint reports for `code` as if it were the file `file`. */
function lint(file: string, code: string): string[] {
  const run = spawnSync(
    process.execPath,
    [eslint, '--no-cache', '--format', 'json', '--stdin', '--stdin-filename', file],
    {
      cwd: root,
      input: code,
      encoding: 'utf8',
    },
  );
  if (run.status !== 0 && run.status !== 1) throw new Error(run.stderr);
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null }[] }[];
  return result!.messages.map((m) => m.ruleId ?? 'parse');
}

test("a domain importing another domain's internals fails lint; through its index it passes", () => {
  expect(lint('api/src/domains/staff/probe.ts', "export { toGift } from '../chat/gifts';\n")).toEqual([
    'domains/index-only',
  ]);
  expect(
    lint(
      'api/src/domains/accounts/service/probe.ts',
      "import { mediaUrl } from '../../members/profiles';\nexport const m = mediaUrl;\n",
    ),
  ).toEqual(['domains/index-only']);
  expect(lint('api/src/domains/staff/probe.ts', "export { toGift } from '../chat';\n")).toEqual([]);
  expect(lint('api/src/domains/staff/probe.ts', "export { toGift } from '../chat/index';\n")).toEqual([]);
  // Inside one domain any file may be imported.
  expect(lint('api/src/domains/chat/probe.ts', "export { toGift } from './gifts';\n")).toEqual([]);
}, 120_000);

test("only a tables.ts may import another domain's tables.ts (foreign keys)", () => {
  expect(lint('api/src/domains/likes/tables.ts', "export { users } from '../accounts/tables';\n")).toEqual(
    [],
  );
  expect(lint('api/src/domains/likes/likes.ts', "export { users } from '../accounts/tables';\n")).toEqual([
    'domains/index-only',
  ]);
}, 120_000);

test("staff's routes file may not query the database, like every routes folder", () => {
  expect(lint('api/src/domains/staff/routes.ts', "export { sql } from 'drizzle-orm';\n")).toEqual([
    'no-restricted-imports',
  ]);
}, 120_000);
