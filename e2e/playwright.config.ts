import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Playwright loads this file as CommonJS (the root package is not "type": "module").
const root = path.resolve(__dirname, '..');

// One fresh DATA_DIR per run: the server seeds an empty database and `tools/start.mjs` deploys every app into
// it. Set in the runner's environment (before the workers are forked), so the specs that deploy and read the
// registry see the same folder; E2E_DATA_DIR lets a developer point a run at a folder of their choice.
// The folder is only named here (so `--list` leaves nothing behind); the server's start creates it.
process.env.E2E_DATA_DIR ||= path.join(
  os.tmpdir(),
  `dating-e2e-${process.pid}-${crypto.randomBytes(4).toString('hex')}`,
);
const port = Number(process.env.E2E_PORT || 8181);
process.env.E2E_BASE_URL ||= `http://127.0.0.1:${port}`;
const baseURL = process.env.E2E_BASE_URL;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The flows a phone user relies on first; they run in both the desktop and the phone project. */
const SMOKE = /smoke\/.*\.spec\.ts$/;

/**
 * A run that names spec files (`npx playwright test tests/landers/canary.spec.ts`) runs those on one worker, in the
 * `desktop` project, as before; a whole run (CI, `npm run test:e2e`) runs on two workers with the ALONE specs after
 * the rest. Decided once in the runner and inherited by its workers, which load this file with other arguments.
 */
process.env.E2E_WHOLE_RUN ||= String(
  !process.argv.slice(2).some((arg) => /\.spec\.ts(:\d+)*$/.test(arg) || /^(e2e\/)?tests\//.test(arg)),
);
const wholeRun = process.env.E2E_WHOLE_RUN === 'true';

/**
 * Specs that change what every other visitor of the one server gets: they deploy, roll back or canary an app
 * (the registry is the server's), change the site's settings (the price of a message), judge the moderation queue
 * or the bytes of the deployed versions, or need every visitor's telemetry to be their own (the canary guard).
 * They run one at a time, after the rest (project `desktop-alone`); the rest run on two workers at once.
 */
const ALONE = [
  /platform\/(deploy-rollback|canary-guard|first-load-budget)\.spec\.ts$/,
  /landers\/(canary|server-rendering)\.spec\.ts$/,
  /payments\/deploy-alone\.spec\.ts$/,
  /staff\/back-office\.spec\.ts$/,
];

export default defineConfig({
  testDir: './tests',
  testMatch: /.*\.spec\.ts$/,
  outputDir: './test-results',
  fullyParallel: false,
  // A whole run: two workers share the one server (E2E_WORKERS to change it), and the specs that change what others
  // get run alone after them (ALONE).
  workers: Number(process.env.E2E_WORKERS || (wholeRun ? 2 : 1)),
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'nl-NL',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: wholeRun ? ALONE : [],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      name: 'phone',
      testMatch: SMOKE,
      // Pixel 5's viewport, touch and user agent; the browser is still Debian's Chromium (nothing downloaded).
      use: { ...devices['Pixel 5'], launchOptions: chromium },
    },
    ...(wholeRun
      ? [
          {
            name: 'desktop-alone',
            testMatch: ALONE,
            dependencies: ['desktop', 'phone'],
            workers: 1,
            use: { ...devices['Desktop Chrome'], launchOptions: chromium },
          },
        ]
      : []),
  ],
  webServer: {
    // `node tools/start.mjs`: builds whatever is not built (the root `npm run test:e2e` builds first), deploys every
    // app into the fresh DATA_DIR, then runs api/dist/server.js, which migrates and seeds the demo data. The wrapper
    // removes DATA_DIR once the server has stopped (E2E_KEEP_DATA=1 keeps it).
    command: 'node e2e/start-server.mjs',
    cwd: root,
    url: `${baseURL}/api/settings.php`,
    // Normally a fresh server per run; E2E_REUSE=1 with E2E_DATA_DIR of a running server shortens a debug loop.
    reuseExistingServer: process.env.E2E_REUSE === '1',
    // SIGTERM, not the default SIGKILL: the server closes cleanly and the wrapper can remove DATA_DIR afterwards.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    timeout: 600_000,
    stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: '1',
      NODE_ENV: 'test',
      // Embedded defaults only (PGlite, stored outbox, in-process realtime), unless asked otherwise.
      DATABASE_URL: process.env.E2E_DATABASE_URL || '',
      REDIS_URL: process.env.E2E_REDIS_URL || '',
      SMTP_URL: '',
      // The run signs up far more members from 127.0.0.1 than a visitor could (30 per 10 min is the default).
      SIGNUP_RATE_LIMIT: '1000',
      // The canary guard's specs (tests/platform/canary-guard.spec.ts) walk rollouts with a few dozen visits: a turn
      // every 2 s, a step left after 1 s once every metric is shown within the margin. The margin is wide here (a
      // canary moves up once shown to fail on less than 90 % more of its visitors than stable), so a handful of
      // clean visitors per arm shows it: about 4 per arm and step (docs/adr/0032-canary-guard.md). Rollbacks do not
      // depend on the margin: a canary failing every view is rolled back after about 6 visitors per arm. LCP and INP stay unjudged
      // (the specs' visitors do not interact, so there is no INP; on so few samples of a loaded machine LCP says
      // little). Every visit comes from 127.0.0.1, so the beacon limit per address is raised like the signup limit.
      // Other specs deploy canaries without steps, which the guard leaves alone.
      CANARY_GUARD_INTERVAL_MS: '2000',
      CANARY_METRICS: 'errors,load_failures,signups',
      CANARY_REGRESSION_MIN: '0.9',
      CANARY_MIN_STEP_SECONDS: '1',
      TELEMETRY_RATE_LIMIT: '1000',
      // A server render past its budget falls back to client rendering and counts as an error of the landers
      // version it rendered (ADR 0032). On a 2-core machine running a browser beside the server, a first render of
      // a freshly deployed bundle can pass the 1.5 s default, which would charge both arms of a canary with errors
      // no visitor saw. The fallback itself is tested in api/test/ssr.test.ts.
      SSR_BUDGET_MS: '8000',
    },
  },
});
