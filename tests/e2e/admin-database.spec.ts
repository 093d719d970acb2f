import { readdirSync, readFileSync } from 'node:fs';
import { createPublicKey, verify } from 'node:crypto';
import { expect as baseExpect, test } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import { acceptTermsBeforehand, AdminLayout, signInAs, watchConsole } from './admin.helpers.js';

// Issue 14, Database: an admin opens the screen, sees the job queue and the migrations, runs
// the ledger verify as a background job and sees it pass, and downloads a day's signed head
// whose signature checks out under the published key.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ permissions: ['geolocation'], geolocation: { latitude: 12.9716, longitude: 77.5946 } });

test('an admin runs the ledger verify and downloads a signed head', async ({
  page,
  context,
  baseURL,
  request,
}, info) => {
  const errors = watchConsole(page);
  await acceptTermsBeforehand(context, baseURL);
  await signInAs(page, E2E_ADMIN);
  await new AdminLayout(page).open('Database');
  await expect(page).toHaveURL(/\/admin\/database$/);
  await expect(page.getByRole('heading', { name: 'Database', level: 1 })).toBeVisible();

  const queues = page.getByRole('region', { name: 'Job queues' });
  await expect(queues).toContainText('khata');
  const migrations = page.getByRole('region', { name: 'Applied migrations' });
  // Newest first: the latest migration's timestamp (from the files) is on the first page.
  const newest = readdirSync(new URL('../../apps/api/src/database/migrations/', import.meta.url))
    .map((file) => /^(\d{13})-/.exec(file)?.[1])
    .filter((stamp): stamp is string => stamp !== undefined)
    .sort()
    .at(-1)!;
  await expect(migrations).toContainText(newest);
  // The largest tables first, one page of them: the event log is among them from the first
  // event on, while a young ledger_postings can rank below empty tables with many indexes
  // (dmt_transfers' 72 kB pushed it to the second page in a fresh run).
  await expect(page.getByRole('region', { name: 'Tables' })).toContainText('ledger_events');
  await expect(page.getByRole('region', { name: 'Account chains' })).toContainText('system:');

  // Each overview the screen reads, to know when the run this press started has finished (the
  // phone and desktop runs share one server: the screen may first show the other's result).
  const finished = new Map<string, string>();
  page.on('response', async (response) => {
    if (!response.url().endsWith('/api/admin/database')) return;
    const body = (await response.json().catch(() => ({}))) as {
      lastVerify?: { id: string; status: string; finishedAt: string | null };
    };
    if (body.lastVerify?.finishedAt) finished.set(body.lastVerify.id, body.lastVerify.status);
  });
  const pressed = page.waitForResponse((response) =>
    response.url().endsWith('/api/admin/database/verify'),
  );
  await page.getByRole('button', { name: /Run verify|Verifying/ }).click();
  // A run already open (the other viewport's) is answered instead of a new one: wait for that.
  const { run } = (await (await pressed).json()) as { run: { id: string } };
  await expect.poll(() => finished.get(run.id), { timeout: 60_000 }).toBe('passed');
  const result = page.getByTestId('verify-result');
  await expect(result).toHaveText('Passed');
  const verifyCard = page.locator('.ant-card', { hasText: 'Ledger verify' });
  await expect(verifyCard).toContainText(E2E_ADMIN.mobile);
  await expect(verifyCard).toContainText(/\d+ signed heads?\b/);
  await expect(verifyCard.getByRole('button', { name: 'Run verify' })).not.toHaveClass(
    /ant-btn-loading/,
  );
  await page.screenshot({
    path: info.outputPath(`database-${info.project.name}.png`),
    fullPage: true,
  });

  // The hourly job signs yesterday's head as the server starts.
  const heads = page.getByRole('region', { name: 'Signed heads' });
  const download = heads.getByRole('button', { name: /^Download the signed head of / }).first();
  await expect(download).toBeVisible();
  const day = (await download.getAttribute('aria-label'))!.replace(
    'Download the signed head of ',
    '',
  );
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`khata-ledger-head-${day}.json`);
  const head = JSON.parse(readFileSync((await file.path())!, 'utf8')) as {
    day: string;
    message: string;
    signature: string;
    publicKey: string;
  };
  expect(head.day).toBe(day);
  const published = (await (await request.get('/api/public/ledger-key')).json()) as {
    publicKey: string;
  };
  expect(head.publicKey).toBe(published.publicKey);
  expect(
    verify(
      null,
      Buffer.from(head.message),
      createPublicKey(published.publicKey),
      Buffer.from(head.signature, 'base64'),
    ),
  ).toBe(true);
  expect(errors).toEqual([]);
});
