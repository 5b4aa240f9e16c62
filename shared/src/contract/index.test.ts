import { readFileSync } from 'node:fs';
import path from 'node:path';

// `@dating/shared` re-exports the contract file by file so that the staff back office's contract stays out of it
// (it is shared with every app, so its exports are in the members' bundle). A contract file added to
// contract/index.ts must be added to shared's index too; only `staff` is left out on purpose.
test("shared's index re-exports every contract file except the staff back office's", () => {
  const read = (file: string) => readFileSync(path.join(__dirname, file), 'utf8');
  const contract = [...read('index.ts').matchAll(/export \* from '\.\/([\w-]+)';/g)].map((m) => m[1]);
  const shared = [...read('../index.ts').matchAll(/export \* from '\.\/contract\/([\w-]+)';/g)].map((m) => m[1]);
  expect(contract).toContain('staff');
  expect(shared.sort()).toEqual(contract.filter((name) => name !== 'staff').sort());
});
