// The lint rule of the front end's features, run through the repository's own eslint.config.mjs: a file of one
// feature of a remote importing a file of another feature of the same remote fails lint (imports, re-exports,
// `import()`, `jest.mock()`), tests included; a feature's own files, the remote's components/, lib/ and routes/
// pass, and so does a route composing two features.
import { useLinter } from './lint-text';

// One ESLint for the file (./lint-text.ts): the rules as `eslint --stdin --stdin-filename <file>` applies them.
const lint = useLinter();

const RULE = 'features/no-cross-import';

test("a feature importing another feature's files fails lint, in any remote and any form of import", async () => {
  expect(
    await lint(
      'mf-account/src/features/signup/components/probe.tsx',
      "export { InterestsPicker } from '../../profile/components/interests-picker';\n",
    ),
  ).toEqual([RULE]);
  expect(
    await lint(
      'mf-payments/src/features/packages/components/probe.tsx',
      "import { useDiscounts } from '../../discount/hooks/use-active-discount';\nexport const d = useDiscounts;\n",
    ),
  ).toEqual([RULE]);
  // The other feature's folder itself (an index), a type import, a dynamic import, a re-export of everything.
  expect(await lint('mf-members/src/features/profile/probe.ts', "export * from '../likes';\n")).toEqual([
    RULE,
  ]);
  expect(
    await lint(
      'mf-staff/src/features/queue/components/probe.ts',
      "import type { X } from '../../members/api/members';\nexport type Y = X;\n",
    ),
  ).toEqual([RULE]);
  expect(
    await lint(
      'mf-chat/src/features/messages/hooks/probe.ts',
      "export const load = () => import('../../safety/components/conversation-menu');\n",
    ),
  ).toEqual([RULE]);
  // A test is held too, by its imports and by what it mocks.
  expect(
    await lint(
      'mf-account/src/features/deletion/components/probe.test.tsx',
      "jest.mock('../../profile/api/profile');\n",
    ),
  ).toEqual([RULE]);
  // A feature made today is covered without being listed anywhere.
  expect(
    await lint(
      'mf-landers/src/features/newcomer/probe.ts',
      "export * from '../swipe/hooks/use-countdown';\n",
    ),
  ).toEqual([RULE]);
}, 120_000);

test("a feature's own files, the remote's shared folders and the routes pass", async () => {
  expect(
    await lint(
      'mf-account/src/features/signup/components/probe.tsx',
      "export { AboutStep } from './about-step';\nexport { signupApi } from '../api/signup';\n",
    ),
  ).toEqual([]);
  // What two features share lives in the remote's components/ and lib/.
  expect(
    await lint(
      'mf-account/src/features/signup/components/probe.tsx',
      "export { InterestsPicker } from '../../../components/interests-picker';\nexport { storeUser } from '../../../lib/session';\n",
    ),
  ).toEqual([]);
  // A page composes features.
  expect(
    await lint(
      'mf-members/src/routes/probe.tsx',
      "export { LikeButton } from '../features/likes/components/like-button';\nexport { SafetyActions } from '../features/safety/components/safety-actions';\n",
    ),
  ).toEqual([]);
  // Packages and shared are not features.
  expect(
    await lint('mf-staff/src/features/sites/probe.ts', "export { api } from '@dating/shared';\n"),
  ).toEqual([]);
  // A folder named features outside an app's src/ is not held.
  expect(await lint('tools/probe/features/a/probe.ts', "export * from '../b/x';\n")).toEqual([]);
}, 120_000);
