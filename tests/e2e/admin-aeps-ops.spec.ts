import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { testAadhaar, testPid } from '../support/aeps.js';
import { currentTestRun, databasePrefix } from '../support/run.mjs';
import { E2E_ADMIN } from './playwright.config.js';
import {
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  nameInRun,
  openFilters,
  signInAs,
  tokenOf,
  watchConsole,
} from './admin.helpers.js';

// Issue 26: AEPS in the back office. A shop serves a cash withdrawal and one its customer's
// bank debited but failed (sandbox code 04), through the API; the admin finds the failure in
// Payment Operations' own AEPS section (masked Aadhaar, bank, RRN, the T + 5 deadline, the
// exposure and the words that Khata pays nothing), then the AEPS figures on Monthly Stats.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });
test.use({ permissions: ['geolocation'], geolocation: { latitude: 18.5204, longitude: 73.8567 } });

const SHOTS = 'tests/.artifacts/aeps-ops';

function shot(page: Page, name: string, project: string) {
  mkdirSync(SHOTS, { recursive: true });
  return page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: true });
}

/** The portal's own database (another process), for what a test cannot wait for. */
async function portalDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const run = currentTestRun();
  const client = new pg.Client({
    connectionString: `${run.postgresUrl}/${databasePrefix(run.runId)}_e2e`,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A registered shop, authenticated for today, serving one customer's transaction. */
async function serve(
  request: APIRequestContext,
  headers: { Authorization: string },
  body: Record<string, unknown>,
): Promise<{ id: string; status: string; rrn: string | null; aadhaar: string }> {
  const answer = await request.post('/api/aeps/transactions', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: { bankIin: '607094', mobile: '9876543210', pid: testPid(), ...body },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (
    (await answer.json()) as {
      data: { id: string; status: string; rrn: string | null; aadhaar: string };
    }
  ).data;
}

test('an admin finds an AEPS debit the bank failed on Payment Operations, and AEPS on Monthly Stats', async ({
  page,
  context,
  baseURL,
  request,
}, info) => {
  const errors = watchConsole(page);
  await acceptTermsBeforehand(context, baseURL);
  const shop = await givenUser(request, {
    role: 'khataEmployee2',
    name: nameInRun('Sunita Rao', info),
  });
  const headers = { Authorization: `Bearer ${await tokenOf(request, shop)}` };
  for (const [path, data] of [
    ['/api/aeps/agent/register', { aadhaar: testAadhaar(), pid: testPid() }],
    ['/api/aeps/agent/daily-auth', { pid: testPid() }],
  ] as const) {
    const done = await request.post(path, { headers, data });
    expect(done.status(), await done.text()).toBe(200);
  }
  const paid = await serve(request, headers, {
    kind: 'withdrawal',
    aadhaar: testAadhaar(),
    amount: 2500,
  });
  expect(paid.status).toBe('processed');
  const failed = await serve(request, headers, {
    kind: 'withdrawal',
    aadhaar: testAadhaar('04'),
    amount: 1500,
  });
  expect(failed.status).toBe('failed');
  // As if the withdrawal had been made 7 days ago (India days: the row's age is all that
  // changes): its reversal, due by the end of T + 5, is then 2 days late.
  await portalDb((db) =>
    db.query(
      `UPDATE aeps_transactions SET created_at = created_at - interval '7 days' WHERE id = $1`,
      [failed.id],
    ),
  );

  await signInAs(page, { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password });
  await new AdminLayout(page).open('Payment Operations');
  await expect(page).toHaveURL(/\/admin\/paymentOperations$/);
  const section = page.getByTestId('aeps-reversals');
  await expect(section.getByText('Khata pays nothing here')).toBeVisible();
  // The shop's mobile is this test's own (names repeat across runs on one database).
  const row = section.locator('.ant-table-row, .report-card').filter({ hasText: shop.mobile });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(failed.aadhaar);
  await expect(row).toContainText(/XXXX XXXX \d{4}/);
  await expect(row).toContainText('1,500');
  // The sandbox's code-04 answer carries no RRN (the column shows "—"); the API test checks
  // the row's RRN is the transaction's.
  await expect(row.getByTestId('aeps-reversal-deadline')).toContainText('2 days late');
  await expect(row.getByTestId('aeps-reversal-exposure')).toHaveText('₹200.00');
  // The successful withdrawal is not on the list.
  await expect(section.getByText(shop.name)).toHaveCount(1);
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'payment-operations', info.project.name);
  await section.screenshot({ path: `${SHOTS}/payment-operations-aeps-${info.project.name}.png` });

  await new AdminLayout(page).open('Monthly Stats');
  await expect(page).toHaveURL(/\/admin\/monthlyStats$/);
  const aeps = page.getByTestId('monthly-aeps');
  await expect(aeps.getByText('Cash withdrawals', { exact: true })).toBeVisible();
  await expect(aeps.getByText('Commission paid on withdrawals')).toBeVisible();
  await expect(aeps.getByText('Aadhaar Pay', { exact: true })).toBeVisible();
  // At least this test's withdrawal is counted (the run's database is shared).
  const note = await aeps.locator('.admin-stat__note').first().textContent();
  expect(Number(note?.match(/\d+/)?.[0] ?? 0)).toBeGreaterThanOrEqual(1);
  await aeps.scrollIntoViewIfNeeded();
  await shot(page, 'monthly-stats', info.project.name);
  await aeps.screenshot({ path: `${SHOTS}/monthly-stats-aeps-${info.project.name}.png` });

  // The transaction report's Type list offers the AEPS kinds, and lists the shop's withdrawal
  // under its own (the failure, never in the ledger, is not a record).
  await new AdminLayout(page).open('Transaction Report');
  await openFilters(page);
  await page.getByLabel('Type').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  // The list is virtual: the last kinds are drawn once it is scrolled to them.
  await options.first().hover();
  await page.mouse.wheel(0, 2_000);
  await expect(options.filter({ hasText: /^Aadhaar Pay$/ })).toBeVisible();
  await options.filter({ hasText: /^AEPS cash withdrawal$/ }).click();
  await expect(page).toHaveURL(/type=aepsWithdrawal/);
  const withdrawal = page
    .locator('.ant-table-row, .report-card')
    .filter({ hasText: shop.name })
    .filter({ hasText: '2,500' });
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal).toContainText('AEPS cash withdrawal');
  await expect(
    page.locator('.ant-table-row, .report-card').filter({ hasText: shop.name }),
  ).toHaveCount(1);
  expect(errors).toEqual([]);
});
