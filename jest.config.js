// One jest run for every package: browser code in jsdom, the server and tools in node.
const { MULTI_NODE_PATTERN } = require('./tools/lib/api-backends.cjs');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const web = [
  'shared',
  'shell',
  'mf-landers',
  'mf-members',
  'mf-chat',
  'mf-payments',
  'mf-account',
  'mf-staff',
];

module.exports = {
  maxWorkers: 2,
  // A worker is replaced after a test file once its heap passes this. Each api test file builds whole apps with
  // an embedded PGlite (WebAssembly memory outside the heap): measured on the api suite, a worker grew by about
  // 100 MB of heap and 350 MB of RSS per file, so a worker running half of the 90 files reached the machine's
  // 24 GB and was SIGKILLed by the kernel (CI: "A jest worker process ... was terminated by another process").
  workerIdleMemoryLimit: '768MB',
  projects: [
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/tools/jest/jsdom-env.js',
      // Resolve packages by their node/default exports, not `browser`: msw/node (the HTTP edge of unit tests)
      // intercepts Node's fetch, which the environment gives jsdom.
      testEnvironmentOptions: { customExportConditions: ['node', 'require', 'default'] },
      roots: web.map((dir) => `<rootDir>/${dir}/src`),
      // msw's dependencies (rettime, until-async, @open-draft/*) ship ESM only: they are compiled too.
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
      transformIgnorePatterns: ['/node_modules/(?!(@module-federation|until-async)/)(?!.*\\.mjs$)'],
      moduleNameMapper: {
        '\\.module\\.scss$': 'identity-obj-proxy',
        '\\.(s?css)$': '<rootDir>/tools/jest/style-stub.js',
        '\\.(png|jpe?g|gif|webp|svg)$': '<rootDir>/tools/jest/file-stub.js',
      },
      setupFilesAfterEnv: ['<rootDir>/tools/jest/setup-web.ts'],
    },
    {
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/api'],
      // The multi-node tests need a shared PostgreSQL and Redis; they run whenever both are configured (CI).
      testPathIgnorePatterns: [
        '/node_modules/',
        '/dist/',
        ...(process.env.DATABASE_URL && process.env.REDIS_URL ? [] : [MULTI_NODE_PATTERN]),
      ],
      // typebox 1.x, cookie 2 and otplib's crypto (@noble/hashes, @scure/base) ship ESM only; PGlite and
      // @fastify/cookie load modules with import(): compile them to CommonJS for jest (the api's runtime is
      // CommonJS too).
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.[mc]js$': swc },
      transformIgnorePatterns: [
        '/node_modules/(?!(.*/)?(typebox|@electric-sql/pglite|@fastify/cookie|cookie|@noble/hashes|@scure/base)/)',
      ],
    },
    {
      displayName: 'repo',
      testEnvironment: 'node',
      roots: ['<rootDir>/tools'],
      testPathIgnorePatterns: ['/node_modules/'],
      // tools/deploy.test.ts runs the api's deploy code in its own process: the ESM-only packages it loads (typebox,
      // PGlite) are compiled as in the api project.
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.[mc]js$': swc },
      transformIgnorePatterns: ['/node_modules/(?!(.*/)?(typebox|@electric-sql/pglite)/)'],
    },
  ],
};
