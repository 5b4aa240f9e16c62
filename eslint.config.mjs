import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import domains from './tools/eslint/domain-boundaries.mjs';
import layers from './tools/eslint/layers.mjs';

const REMOTES = ['mf-landers', 'mf-members', 'mf-chat', 'mf-payments', 'mf-account', 'mf-staff'];
/** Contract modules whose values are TypeBox schemas (server side); the apps import their types only. */
const SCHEMA_MODULES = ['@dating/shared/contract/staff', '@dating/shared/contract/telemetry'];

/**
 * Boundaries (docs/product/architecture.md): a remote imports `shared` but never another remote; the shell imports no remote
 * source (only `loadRemote` by name); `shared` imports no app. Built from the list of apps, so a new remote is
 * protected by adding it to REMOTES.
 */
function boundary(app) {
  const others = ['shell', ...REMOTES].filter((other) => other !== app);
  return {
    files: [`${app}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: others.flatMap((other) => [
                `@dating/${other}`,
                `@dating/${other}/*`,
                `**/${other}/src/**`,
              ]),
              message:
                'Apps meet only through @dating/shared and federation (loadRemote). See docs/product/architecture.md.',
            },
          ],
        },
      ],
      // The contract modules written as TypeBox schemas give browser code their types only: a value import would
      // put the schema library into the bundle (values of the staff contract are in `contract/staff-routes`).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: SCHEMA_MODULES.map((name) => ({
            name,
            allowTypeImports: true,
            message: `Browser code takes types only from ${name} (\`import type\`): its values are TypeBox schemas.`,
          })),
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/coverage/**', 'e2e/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['{shell,shared,mf-*}/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@dating/*', '!@dating/shared'], message: 'shared imports no app.' }] },
      ],
    },
  },
  ...['shell', ...REMOTES].map(boundary),
  {
    // One source for the contract (docs/adr/0017-seams.md addendum): the TypeBox schemas in shared/src/contract/schemas
    // are the api's; browser code takes their types only, so the schema builder never reaches a bundle.
    files: ['{shell,mf-*}/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    // The schema modules themselves (the staff contract is one too; its plain values are in staff-routes.ts).
    ignores: [
      'shared/src/contract/schemas/**',
      'shared/src/contract/telemetry.ts',
      'shared/src/contract/staff.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'typebox',
                'typebox/*',
                '@dating/shared/contract/schemas/*',
                '**/contract/schemas/*',
                '@dating/shared/contract/telemetry',
                '@dating/shared/contract/staff',
              ],
              allowTypeImports: true,
              message:
                'Browser code imports contract schemas as types only (`import type`); the api alone uses their values.',
            },
          ],
        },
      ],
    },
  },
  {
    // The api's layers stand one way (api/README.md): lib/, db/ and plugins/ import no domain;
    // tools/eslint/layers.mjs.
    files: ['api/src/lib/**/*.ts', 'api/src/db/**/*.ts', 'api/src/plugins/**/*.ts'],
    plugins: { layers },
    rules: { 'layers/no-domain-imports': 'error' },
  },
  {
    // A domain uses another only through its index.ts (api/README.md); tools/eslint/domain-boundaries.mjs.
    files: ['api/src/domains/*/**/*.ts'],
    plugins: { domains },
    rules: { 'domains/index-only': 'error' },
  },
  {
    // Services own all database access (api/README.md): a route validates, calls `app.services.<name>` and answers.
    // Every routes file, a folder `routes/` or a single `routes.ts`, in any domain (and the list in domains/routes.ts).
    files: ['api/src/domains/**/routes.ts', 'api/src/domains/**/routes/**/*.ts'],
    ignores: ['**/__tests__/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'drizzle-orm',
                'drizzle-orm/*',
                '**/db/sql',
                '**/db/schema',
                '**/db/schema/*',
                '**/db/client',
                '../tables',
                '../../*/tables',
              ],
              message: 'Routes do not query the database: move the query into the domain service.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(db|raw)$/][object.name=/^(app|fastify|server)$/]',
          message: 'Routes do not query the database: move the query into the domain service.',
        },
      ],
    },
  },
);
