import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { DHBVN_BILLER_ID } from '@khata/domain';
import { BBPS_CODES, dhbvnAccount, SHOP_PLACE } from '../support/bbps.js';
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

// Issue 27: the Bill Payment Report. A distributor's two shops pay DHBVN bills through the API
// (two paid, one BBPS refuses); the distributor opens the report on a phone and on a desktop,
// sees both shops' payments and the totals, filters to the failed one, and downloads the CSV,
// whose rows are the bills paid.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
test.use({ permissions: ['geolocation'], geolocation: { latitude: 28.4595, longitude: 77.0266 } });

const SHOTS = 'tests/.artifacts/bbps-report';
const MOBILE = '9812345678';

function shot(page: Page, name: string, project: string) {
  mkdirSync(SHOTS, { recursive: true });
  return page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: true });
}

interface Paid {
  id: string;
  status: string;
  amount: number;
  refId: string;
  bbpsReference: string | null;
}

/** A shop pays one DHBVN bill: fetched from the sandbox, then paid with its PIN. */
async function payBill(
  request: APIRequestContext,
  shop: { mobile: string; password: string; pin: string },
  code: string,
): Promise<Paid> {
  const headers = { Authorization: `Bearer ${await tokenOf(request, shop)}` };
  const params = { 'Account Number': dhbvnAccount(code), 'Mobile Number': MOBILE };
  const fetched = await request.post('/api/bbps/bills/fetch', {
    headers,
    data: { billerId: DHBVN_BILLER_ID, params, customerMobile: MOBILE, ...SHOP_PLACE },
  });
  expect(fetched.status(), await fetched.text()).toBe(200);
  const bill = ((await fetched.json()) as { data: { fetchId: string; amount: number } }).data;
  const answer = await request.post('/api/bbps/payments', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: {
      billerId: DHBVN_BILLER_ID,
      params,
      fetchId: bill.fetchId,
      amount: bill.amount,
      customerMobile: MOBILE,
      pin: shop.pin,
      ...SHOP_PLACE,
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: Paid }).data;
}

test('a distributor reads its shops’ bill payments, filters them and downloads the CSV', async ({
  page,
  context,
  baseURL,
  request,
}, info) => {
  const errors = watchConsole(page);
  await acceptTermsBeforehand(context, baseURL);
  const distributor = await givenUser(request, {
    role: 'distributor',
    name: nameInRun('Anil Deshmukh', info),
  });
  const shops = [];
  for (const name of ['Kavita Shinde', 'Ravi Patil']) {
    shops.push(
      await givenUser(request, {
        role: 'khataEmployee2',
        name: nameInRun(name, info),
        rupees: '20000',
        parentMobile: distributor.mobile,
      }),
    );
  }
  const paid = [
    await payBill(request, shops[0]!, BBPS_CODES.due),
    await payBill(request, shops[1]!, BBPS_CODES.due),
  ];
  const failed = await payBill(request, shops[0]!, BBPS_CODES.payFails);
  expect(paid.map((one) => one.status)).toEqual(['processed', 'processed']);
  expect(failed.status).toBe('failed');

  await signInAs(page, distributor);
  await new AdminLayout(page).open('Bill Payment Report');
  await expect(page).toHaveURL(/\/admin\/eBillReport$/);
  const rows = page.locator('.ant-table-row, .report-card');
  // A new distributor: exactly its shops' three payments, newest first.
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('bbps-total-count')).toHaveText('2');
  const sum = paid.reduce((total, one) => total + Math.round(one.amount * 100), 0) / 100;
  await expect(page.getByTestId('bbps-total-amount')).toContainText(
    sum.toLocaleString('en-IN', { minimumFractionDigits: 2 }),
  );
  for (const shop of shops) await expect(rows.filter({ hasText: shop.name })).not.toHaveCount(0);
  await shot(page, 'report', info.project.name);

  await openFilters(page);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await page.getByLabel('Status', { exact: true }).click();
  await options.filter({ hasText: /^Failed$/ }).click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('bbps-status')).toHaveText('Failed');
  await expect(page.getByTestId('bbps-total-count')).toHaveText('0');
  await shot(page, 'report-failed', info.project.name);

  await page.getByLabel('Status', { exact: true }).click();
  await options.filter({ hasText: /^Success$/ }).click();
  await expect(page).toHaveURL(/status=processed/);
  await expect(rows).toHaveCount(2);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^bill-payments-.*\.csv$/);
  const [header, ...lines] = parse(readFileSync((await download.path())!, 'utf8'), {
    bom: true,
  }) as string[][];
  const at = (name: string) => header!.indexOf(name);
  expect(lines.map((line) => line[at('Reference ID')]).sort()).toEqual(
    paid.map((one) => one.refId).sort(),
  );
  expect(lines.map((line) => line[at('BBPS reference')]).sort()).toEqual(
    paid.map((one) => one.bbpsReference).sort(),
  );
  expect(lines.map((line) => line[at('Status')])).toEqual(['Processed', 'Processed']);
  expect(lines.map((line) => line[at('Shop')]).sort()).toEqual(
    shops.map((shop) => shop.name).sort(),
  );

  // The admin's Monthly Stats counts bill payments beside AEPS (the run's database is shared:
  // at least this test's two bills paid and one failed).
  await context.clearCookies();
  await acceptTermsBeforehand(context, baseURL);
  await signInAs(page, { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password });
  await new AdminLayout(page).open('Monthly Stats');
  await expect(page).toHaveURL(/\/admin\/monthlyStats$/);
  const bbps = page.getByTestId('monthly-bbps');
  await expect(bbps.getByText('Bills paid', { exact: true })).toBeVisible();
  const note = await bbps.locator('.admin-stat__note').first().textContent();
  expect(Number(note?.match(/\d+/)?.[0] ?? 0)).toBeGreaterThanOrEqual(2);
  await bbps.scrollIntoViewIfNeeded();
  await bbps.screenshot({ path: `${SHOTS}/monthly-stats-bbps-${info.project.name}.png` });
  expect(errors).toEqual([]);
});
