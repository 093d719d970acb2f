// `npm test`: installs if missing, runs every tier (unit, medium, integration, browser) and closes
// with one line, `tests: N passed, N failed`. `npm test -- unit` (or medium, integration, e2e) runs one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, ensureInstalled, repoRoot } from '../apps/api/scripts/workspace.mjs';

const TIERS = ['unit', 'medium', 'integration', 'e2e'];

/**
 * The log-redaction and data-at-rest tests (docs/security.md): a run of their tier that did not
 * pass each of these files (renamed, moved, skipped by a pattern) fails, one failure a file.
 */
const SECURITY_TESTS = {
  unit: ['apps/api/src/common/logging.spec.ts'],
  integration: [
    'tests/integration/partner-key-security.test.ts',
    'tests/integration/data-at-rest.test.ts',
    'tests/integration/data-at-rest-migration.test.ts',
  ],
};
const asked = process.argv.slice(2);
const unknown = asked.filter((tier) => !TIERS.includes(tier));
if (unknown.length) {
  console.error(`Unknown test tier ${unknown.join(', ')}: choose from ${TIERS.join(', ')}.`);
  process.exit(2);
}
const tiers = asked.length ? asked : TIERS;
const artifacts = resolve(repoRoot, 'tests/.artifacts');
const serversReport = resolve(artifacts, 'test-servers.json');
mkdirSync(artifacts, { recursive: true });

const total = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
ensureInstalled();

const jestProjects = tiers.filter((tier) => tier !== 'e2e');
if (jestProjects.length) add(runJest(jestProjects));
if (tiers.includes('e2e')) {
  build();
  add(runPlaywright());
}

const skipped = total.skipped ? `, ${total.skipped} skipped` : '';
if (total.flaky)
  console.log(
    `\nflaky: ${total.flaky} of the passed browser tests failed once first (listed above)`,
  );
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed${skipped}`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);

function add(counts) {
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  total.flaky += counts.flaky ?? 0;
}

function runJest(projects) {
  const report = resolve(artifacts, 'jest.json');
  rmSync(report, { force: true });
  rmSync(serversReport, { force: true });
  const result = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--disable-warning=ExperimentalWarning',
      resolve(repoRoot, 'node_modules/jest/bin/jest.js'),
      '--selectProjects',
      ...projects,
      '--json',
      `--outputFile=${report}`,
    ],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (!existsSync(report)) return crashed('jest', result);
  const json = JSON.parse(readFileSync(report, 'utf8'));
  printJestTiers(json, projects);
  const missing = missingSecurityTests(json, projects);
  const counts = {
    passed: json.numPassedTests,
    // A file that fails to load runs no test: count it as a failure, never as nothing.
    failed: json.numFailedTests + json.numRuntimeErrorTestSuites + missing,
    skipped: json.numPendingTests + json.numTodoTests,
  };
  return result.status !== 0 && counts.failed === 0 ? crashed('jest', result, counts) : counts;
}

function missingSecurityTests(json, projects) {
  const passed = new Set(
    json.testResults
      .filter((file) => file.status === 'passed')
      .map((file) => file.name.slice(repoRoot.length + 1)),
  );
  const missing = projects
    .flatMap((tier) => SECURITY_TESTS[tier] ?? [])
    .filter((file) => !passed.has(file));
  for (const file of missing) console.log(`security test did not pass: ${file}`);
  return missing.length;
}

/**
 * One line per Jest tier, naming the servers the tiers with a database used (the global setup
 * writes them to test-servers.json), e.g. `integration (containers): 512 passed, 0 failed`.
 */
function printJestTiers(json, projects) {
  const servers = existsSync(serversReport)
    ? JSON.parse(readFileSync(serversReport, 'utf8'))
    : undefined;
  if (servers) console.log(`\n${servers.label}`);
  const tierOf = (file) =>
    file.includes('/tests/integration/')
      ? 'integration'
      : file.includes('/tests/medium/')
        ? 'medium'
        : 'unit';
  const tiers = Object.fromEntries(projects.map((tier) => [tier, { passed: 0, failed: 0 }]));
  for (const file of json.testResults) {
    const tier = (tiers[tierOf(file.name)] ??= { passed: 0, failed: 0 });
    const statuses = file.assertionResults.map((assertion) => assertion.status);
    tier.passed += statuses.filter((status) => status === 'passed').length;
    tier.failed += statuses.filter((status) => status === 'failed').length;
    // A file that failed to load ran no test: one failure, as in the closing line.
    if (file.status === 'failed' && !statuses.includes('failed')) tier.failed += 1;
  }
  for (const [tier, counts] of Object.entries(tiers)) {
    const where =
      tier === 'unit' || !servers
        ? ''
        : servers.kind === 'containers'
          ? ' (containers)'
          : ' (local servers)';
    console.log(`${tier}${where}: ${counts.passed} passed, ${counts.failed} failed`);
  }
}

/**
 * The browser tier runs against the machine's own servers when they answer, as before the
 * containers tier (CI forces containers for the Jest tiers only: docs/testing.md);
 * `KHATA_E2E_SERVERS=containers|local` chooses, and with neither local server up the usual
 * chooser decides.
 */
function browserTierServers() {
  const asked = process.env.KHATA_E2E_SERVERS;
  if (asked) return { KHATA_TEST_SERVERS: asked };
  // An empty value leaves the choice to the chooser (tests/support/run.mjs).
  return { KHATA_TEST_SERVERS: localServersAnswer() ? 'local' : '' };
}

function localServersAnswer() {
  const probe = (port) =>
    spawnSync('bash', ['-c', `exec 3<>/dev/tcp/127.0.0.1/${port}`], { stdio: 'ignore' }).status ===
    0;
  return probe(5432) && probe(6379);
}

function runPlaywright() {
  const report = resolve(artifacts, 'playwright.json');
  rmSync(report, { force: true });
  const result = spawnSync(
    process.execPath,
    [
      resolve(repoRoot, 'node_modules/@playwright/test/cli.js'),
      'test',
      '--config',
      resolve(repoRoot, 'tests/e2e/playwright.config.ts'),
    ],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: {
        ...process.env,
        ...browserTierServers(),
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        PLAYWRIGHT_JSON_OUTPUT_FILE: report,
      },
    },
  );
  if (!existsSync(report)) return crashed('playwright', result);
  const { stats } = JSON.parse(readFileSync(report, 'utf8'));
  const counts = {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    flaky: stats.flaky,
  };
  return result.status !== 0 && counts.failed === 0
    ? crashed('playwright', result, counts)
    : counts;
}

function crashed(runner, result, counts = { passed: 0, failed: 0, skipped: 0 }) {
  console.error(
    `${runner} stopped without a usable report (exit ${result.status ?? result.signal}).`,
  );
  return { ...counts, failed: counts.failed + 1 };
}
