import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import domains from './tools/eslint/domain-boundaries.mjs';
import layers from './tools/eslint/layers.mjs';
import features from './tools/eslint/feature-boundaries.mjs';

const REMOTES = ['mf-landers', 'mf-members', 'mf-chat', 'mf-payments', 'mf-account', 'mf-staff'];
/**
 * The contract's area modules (`shared/src/contract/<area>.ts`): TypeBox schemas with their types, server side; the
 * apps import their types only and take plain values from `contract/values/<area>` or the contract index
 * (docs/adr/0022-forms-and-schemas.md, addendum).
 */
const CONTRACT_AREAS = [
  'account',
  'chats',
  'common',
  'deploy',
  'dev',
  'dismissals',
  'experiments',
  'likes',
  'members',
  'payments',
  'profile',
  'settings',
  'staff',
  'telemetry',
  'user',
];
const SCHEMA_MODULES = CONTRACT_AREAS.map((area) => `@dating/shared/contract/${area}`);

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
      // The contract's area modules give browser code their types only: a value import would put the schema
      // library into the bundle (their plain values are in `contract/values/<area>`).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: SCHEMA_MODULES.map((name) => ({
            name,
            allowTypeImports: true,
            message: `Browser code takes types only from ${name} (\`import type\`): its values are TypeBox schemas; plain values are in ${name.replace('/contract/', '/contract/values/')}.`,
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
    // Features of one app do not import each other (docs/adr/0001-module-federation.md, addendum):
    // what two features share goes to the app's src/components/ or src/lib/; tools/eslint/feature-boundaries.mjs.
    // Every app's features/ folder, so a new remote or feature is covered without a list.
    files: ['{shell,mf-*}/src/**/*.{ts,tsx}'],
    plugins: { features },
    rules: { 'features/no-cross-import': 'error' },
  },
  {
    // One module per contract area (docs/adr/0022-forms-and-schemas.md addendum): the TypeBox schemas in
    // shared/src/contract/<area>.ts are the api's; browser code takes their types only, so the schema builder never
    // reaches a bundle.
    files: ['{shell,mf-*}/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    // The area modules themselves.
    ignores: CONTRACT_AREAS.map((area) => `shared/src/contract/${area}.ts`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'typebox',
                'typebox/*',
                ...SCHEMA_MODULES,
                ...CONTRACT_AREAS.map((area) => `**/contract/${area}`),
              ],
              allowTypeImports: true,
              message:
                'Browser code imports contract area modules as types only (`import type`); the api alone uses their values (plain values: contract/values/<area>).',
            },
          ],
        },
      ],
    },
  },
  {
    // The api's layers stand one way (api/README.md, ADR 0038): base (config.ts, lib/, db/) < plugins/ < domains <
    // the composition root (app/) < seed/ < server.ts; tools/eslint/layers.mjs. Tests stand outside.
    files: ['api/src/**/*.ts'],
    ignores: ['**/__tests__/**', '**/*.test.ts', 'api/src/testing/**'],
    plugins: { layers },
    rules: { 'layers/one-way': 'error' },
  },
  {
    // A domain uses another only through its index.ts, and only a domain below it in DOMAIN_ORDER (api/README.md,
    // ADR 0038); tools/eslint/domain-boundaries.mjs.
    files: ['api/src/domains/*/**/*.ts'],
    plugins: { domains },
    rules: { 'domains/index-only': 'error' },
  },
  {
    files: ['api/src/domains/*/**/*.ts'],
    ignores: ['**/__tests__/**', '**/*.test.ts'],
    plugins: { domains },
    rules: { 'domains/order': 'error' },
  },
  {
    // Services own all database access (api/README.md): a route validates, calls `app.services.<name>` and answers.
    // Every routes file, a folder `routes/` or a single `routes.ts`, in any domain.
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
