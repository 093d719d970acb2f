import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromiumLaunchOptions } from '../support/chromium.mjs';
import {
  currentTestRun,
  databasePrefix,
  newRunId,
  publishTestRun,
  redisPrefix,
  startTestServers,
} from '../support/run.mjs';

// The config is read by the runner and again by each worker: the first read makes the run,
// the workers inherit it through the environment.
if (!process.env.KHATA_TEST_RUN) {
  const runId = newRunId();
  const servers = await startTestServers({ runId });
  publishTestRun({ runId, postgresUrl: servers.postgresUrl, redisUrl: servers.redisUrl });
}
const run = currentTestRun();
const port = Number(process.env.KHATA_E2E_PORT ?? 3100);
const repoRoot = resolve(import.meta.dirname, '../..');

export const E2E_ADMIN = { mobile: '9812345678', password: 'e2e-admin-password', pin: '2468' };

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: chromiumLaunchOptions,
};

export default defineConfig({
  testDir: '.',
  outputDir: resolve(repoRoot, 'tests/.artifacts/e2e-results'),
  fullyParallel: true,
  workers: 2,
  // In CI a browser test that fails is run once more; one that then passes is counted and
  // named as flaky in the closing line (tests/run.mjs), never hidden. Locally: no retries.
  retries: process.env.CI ? 1 : 0,
  // Two browsers, the portal and Postgres share two cores: a page that draws in 1 s on a quiet
  // machine has been seen to take 6-8 s in CI (the home page's h1; a lazy antd chunk after a
  // click). Waits end as soon as their condition holds, so a passing run is no slower; only
  // what never comes waits this long (docs/testing.md, "Timeouts").
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  globalTeardown: './global-teardown.ts',
  // A trace is recorded on the retry of a failed test only: recording one for every test
  // (screencast frames and DOM snapshots, kept only on failure) cost about 40% of the run's
  // CPU, most of it in the browser's compositor (docs/testing.md). Locally, where nothing is
  // retried, add `--trace on` to the command to get one.
  use: { baseURL: `http://127.0.0.1:${port}`, trace: 'on-first-retry' },
  projects: [
    {
      name: 'desktop',
      use: { ...chromium, viewport: { width: 1366, height: 768 } },
      // A phone layout's own checks (they set a phone viewport or need the phone's menu).
      grepInvert: /@phone-only/,
    },
    {
      name: 'phone',
      use: { ...chromium, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // A test tagged @any-viewport checks what no viewport changes (a redirect, a cookie,
      // localStorage) and draws no screen as its subject: the desktop run is enough. Left out
      // here, not skipped, so the counts name only what ran (docs/testing.md, "Browser").
      grepInvert: /@any-viewport/,
    },
  ],
  webServer: {
    // The built portal, started the way `npm start` starts it, on a database of the run's own.
    command: `node ${resolve(repoRoot, 'apps/api/dist/main.js')}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      // The demo network some tests sign in as (SEED_DEMO is off unless asked).
      SEED_DEMO: 'true',
      PORT: String(port),
      DATABASE_URL: `${run.postgresUrl}/${databasePrefix(run.runId)}_e2e`,
      REDIS_URL: run.redisUrl,
      REDIS_PREFIX: `${redisPrefix(run.runId)}-e2e`,
      ADMIN_MOBILE: E2E_ADMIN.mobile,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_PIN: E2E_ADMIN.pin,
      KHATA_STATE_DIR: mkdtempSync(join(tmpdir(), 'khata-e2e-')),
      LOG_LEVEL: 'warn',
      // Every sign-in and new user costs one scrypt; at the production cost (2^15, ~100 ms of
      // a core each) the run's ~650 of them competed with the browsers. A hash keeps its own
      // cost, so this changes nothing the tests check (config.ts: refused in production).
      PASSWORD_SCRYPT_LOG_N: '10',
      // A sandbox late return (account ending 002) comes back 3 s after it is paid, so the
      // Check status of a paid payout has one to find (admin-aeps-and-payouts.spec.ts).
      RAIL_SANDBOX_RETURN_AFTER_MS: '3000',
      // The partner test's webhook receiver listens on this machine, an internal address a
      // webhook reaches only where this names it (config.ts: refused in production).
      WEBHOOK_ALLOW_ADDRESSES: '127.0.0.1',
      // Parallel runs build the console into folders of their own (KHATA_CONSOLE_OUT_DIR).
      ...(process.env.KHATA_CONSOLE_OUT_DIR && { CONSOLE_DIST: process.env.KHATA_CONSOLE_OUT_DIR }),
    },
  },
});
