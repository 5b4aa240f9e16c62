// The lint rules of the api's seams, run through the repository's own eslint.config.mjs: a domain that reaches into
// another domain's files (anything but its index.ts) fails lint, and so does any routes file querying the
// database; browser code importing a value of a contract module written as TypeBox schemas fails too.
import { useLinter } from './lint-text';

// One ESLint for the file (./lint-text.ts): the rules as `eslint --stdin --stdin-filename <file>` applies them.
const lint = useLinter();

test("a domain importing another domain's internals fails lint; through its index it passes", async () => {
  expect(await lint('api/src/domains/staff/probe.ts', "export { toGift } from '../chat/gifts';\n")).toEqual([
    'domains/index-only',
  ]);
  expect(
    await lint(
      'api/src/domains/accounts/service/probe.ts',
      "import { mediaUrl } from '../../members/profiles';\nexport const m = mediaUrl;\n",
    ),
  ).toEqual(['domains/index-only']);
  expect(await lint('api/src/domains/staff/probe.ts', "export { toGift } from '../chat';\n")).toEqual([]);
  expect(await lint('api/src/domains/staff/probe.ts', "export { toGift } from '../chat/index';\n")).toEqual(
    [],
  );
  // Inside one domain any file may be imported.
  expect(await lint('api/src/domains/chat/probe.ts', "export { toGift } from './gifts';\n")).toEqual([]);
}, 120_000);

test("only a tables.ts may import another domain's tables.ts (foreign keys)", async () => {
  expect(
    await lint('api/src/domains/likes/tables.ts', "export { users } from '../accounts/tables';\n"),
  ).toEqual([]);
  expect(
    await lint('api/src/domains/likes/likes.ts', "export { users } from '../accounts/tables';\n"),
  ).toEqual(['domains/index-only']);
}, 120_000);

test('a domain importing a domain above it in DOMAIN_ORDER fails lint, type imports and tables included', async () => {
  // payments stands below staff: the audit port is the audit domain, below both.
  expect(
    await lint(
      'api/src/domains/payments/probe.ts',
      "import { createAudit } from '../staff';\nexport const a = createAudit;\n",
    ),
  ).toEqual(['domains/order']);
  expect(
    await lint(
      'api/src/domains/members/probe.ts',
      "import type { AccountsService } from '../accounts';\nexport type A = AccountsService;\n",
    ),
  ).toEqual(['domains/order']);
  expect(
    await lint('api/src/domains/members/tables.ts', "export { users } from '../accounts/tables';\n"),
  ).toEqual(['domains/order']);
  // A domain not in the list is refused until it has its place.
  expect(await lint('api/src/domains/newcomer/probe.ts', "export { toGift } from '../chat';\n")).toEqual([
    'domains/order',
  ]);
  // Downward passes.
  expect(
    await lint('api/src/domains/payments/probe.ts', "export { createAudit } from '../audit';\n"),
  ).toEqual([]);
  expect(
    await lint('api/src/domains/accounts/probe.ts', "export type { MembersService } from '../members';\n"),
  ).toEqual([]);
  // Tests stand outside the order.
  expect(
    await lint(
      'api/src/domains/payments/__tests__/probe.test.ts',
      "export { createStaffService } from '../../staff';\n",
    ),
  ).toEqual([]);
}, 120_000);

test('every routes file may not query the database: a routes.ts or any file of a routes/ folder, staff included', async () => {
  const query = "export { sql } from 'drizzle-orm';\n";
  for (const file of [
    'api/src/domains/staff/routes/members.ts',
    'api/src/domains/staff/routes/index.ts',
    'api/src/domains/likes/routes/like.ts',
    'api/src/domains/accounts/photos/routes.ts',
    'api/src/domains/payments/routes/nested/probe.ts',
  ]) {
    expect([file, await lint(file, query)]).toEqual([file, ['no-restricted-imports']]);
  }
  expect(
    await lint(
      'api/src/domains/staff/routes/audit.ts',
      'export const n = app.db;\ndeclare const app: { db: 1 };\n',
    ),
  ).toEqual(['no-restricted-syntax']);
  // A service may.
  expect(await lint('api/src/domains/staff/members.ts', query)).toEqual([]);
}, 120_000);

test('browser code takes only types from the contract modules written as TypeBox schemas', async () => {
  const value =
    "import { StaffMeSchema } from '@dating/shared/contract/staff';\nexport const s = StaffMeSchema;\n";
  const types = "import type { StaffMe } from '@dating/shared/contract/staff';\nexport type S = StaffMe;\n";
  const routes =
    "import { staffPath } from '@dating/shared/contract/values/staff';\nexport const p = staffPath('me');\n";
  expect(await lint('mf-staff/src/probe.ts', value)).toEqual(['@typescript-eslint/no-restricted-imports']);
  expect(await lint('shell/src/probe.ts', value.replaceAll('staff', 'telemetry'))).toEqual([
    '@typescript-eslint/no-restricted-imports',
  ]);
  expect(await lint('mf-staff/src/probe.ts', types)).toEqual([]);
  expect(await lint('mf-staff/src/probe.ts', routes)).toEqual([]);
  // The server validates with the schemas.
  expect(await lint('api/src/domains/staff/probe.ts', value)).toEqual([]);
}, 120_000);
