import { expect, test as base, type Page } from '@playwright/test';
import { AppPath } from '../../apps/console/src/app/paths.js';
// @ts-expect-error: a plain Node script without types
import { startRdSandbox } from '../../scripts/rd-sandbox.mjs';

interface Sandbox {
  port: number;
  setMode(mode: string): void;
  close(): Promise<void>;
}

/**
 * Issue 26: the device pages against the sandbox RD service, over the real protocol (custom
 * verbs, CORS preflight, the console's CSP). Each worker runs its own sandbox on a port of
 * 11100-11120 chosen by its parallel index, and keeps the next port free for "not found"; the
 * page is pointed at that port with `?rdPort=` so that two workers (or the desktop and phone
 * projects) never read each other's sandbox. Within a worker the tests run one at a time, so a
 * test's mode is its own.
 */
const test = base.extend<object, { sandbox: Sandbox; freePort: number }>({
  sandbox: [
    // Playwright reads a fixture's dependencies from its destructured first argument: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const sandbox = (await startRdSandbox({
        port: 11100 + 2 * workerInfo.parallelIndex,
      })) as Sandbox;
      await use(sandbox);
      await sandbox.close();
    },
    { scope: 'worker' },
  ],
  freePort: [
    async ({ sandbox }, use) => {
      await use(sandbox.port + 1);
    },
    { scope: 'worker' },
  ],
});

/** Discovery asks up to 42 ports and the first visit downloads the page: be generous. */
const FIND = { timeout: 20_000 };

async function open(page: Page, path: string, port: number) {
  await page.goto(`${path}?rdPort=${port}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(FIND);
}

async function capture(page: Page) {
  await page.getByRole('button', { name: 'Capture a fingerprint' }).click();
}

test('/bioMetrics finds the device and shows its make, model, serial, status and port', async ({
  page,
  sandbox,
}, testInfo) => {
  sandbox.setMode('ready');
  await open(page, AppPath.bioMetrics, sandbox.port);
  await page.getByRole('button', { name: 'Find my device' }).click();
  await expect(page.getByText('Your device was found and is ready')).toBeVisible(FIND);
  const details = page.locator('.rd-check__details');
  await expect(details).toContainText('Sandbox (not a real device)');
  await expect(details).toContainText('SANDBOX-MSO1300E3');
  await expect(details).toContainText('SANDBOX0001');
  await expect(details).toContainText('READY');
  await expect(details).toContainText(`${sandbox.port} (http)`);
  // The help content stays.
  await expect(page.getByRole('heading', { name: 'If something goes wrong' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('biometrics-found.png'), fullPage: false });
});

test('/bioMetrics says plainly what to do when no RD service answers', async ({
  page,
  freePort,
}, testInfo) => {
  await open(page, AppPath.bioMetrics, freePort);
  await page.getByRole('button', { name: 'Find my device' }).click();
  await expect(page.getByText('No RD service found on this computer')).toBeVisible(FIND);
  await expect(page.getByText(/start the RD service of your scanner/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('biometrics-missing.png') });
});

test('/bioMetrics tells a not-ready scanner apart from a missing service', async ({
  page,
  sandbox,
}) => {
  sandbox.setMode('notready');
  await open(page, AppPath.bioMetrics, sandbox.port);
  await page.getByRole('button', { name: 'Find my device' }).click();
  await expect(
    page.getByText('The RD service is running, but the scanner is not ready'),
  ).toBeVisible(FIND);
  await expect(page.locator('.rd-check__details')).toContainText('NOTREADY');
});

test('/morpho-device-test captures once and shows a good quality score; nothing is sent', async ({
  page,
  sandbox,
}, testInfo) => {
  sandbox.setMode('ready');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.postData()) sent.push(`${request.method()} ${request.url()}`);
  });
  await open(page, AppPath.morphoDeviceTest, sandbox.port);
  await capture(page);
  await expect(page.getByText('The fingerprint was read clearly')).toBeVisible(FIND);
  await expect(page.getByText('Quality score: 84 out of 100')).toBeVisible();
  // The only request with a body went to the RD service itself (the PidOptions).
  expect(sent).toEqual([`CAPTURE http://127.0.0.1:${sandbox.port}/rd/capture`]);
  // Nor was the PID block kept in the browser's storage.
  const kept = await page.evaluate(() => {
    const w = globalThis as unknown as { localStorage: object; sessionStorage: object };
    return JSON.stringify({ ...w.localStorage }) + JSON.stringify({ ...w.sessionStorage });
  });
  expect(kept).not.toContain('SANDBOX');
  await page.screenshot({ path: testInfo.outputPath('capture-ok.png'), fullPage: true });
});

test('/morpho-device-test asks for the finger again when the quality is poor', async ({
  page,
  sandbox,
}, testInfo) => {
  sandbox.setMode('poor');
  await open(page, AppPath.morphoDeviceTest, sandbox.port);
  await capture(page);
  await expect(page.getByText('Place the finger again, it was not read clearly')).toBeVisible(FIND);
  await expect(page.getByText('Quality score: 32 out of 100')).toBeVisible();
  await page.locator('.rd-check').screenshot({ path: testInfo.outputPath('capture-poor.png') });
});

for (const [mode, message] of [
  ['busy', 'The scanner is in use by another program'],
  ['timeout', 'No finger was placed in time'],
] as const) {
  test(`/morpho-device-test explains a ${mode} scanner`, async ({ page, sandbox }) => {
    sandbox.setMode(mode);
    await open(page, AppPath.morphoDeviceTest, sandbox.port);
    await capture(page);
    await expect(page.getByText(message)).toBeVisible(FIND);
    await expect(page.getByText(/Quality score/)).toHaveCount(0);
  });
}
