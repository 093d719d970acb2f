import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  acceptTermsBeforehand,
  adminToken,
  givenUser,
  requestPayout,
  signInAs,
  watchConsole,
  type TestUser,
} from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';

// Issue 23: Bank Payouts' totals count the money that moved (a failed payout is counted by its
// status, not in the amount or the fees), the filters in force are written out, and a printed
// page says it is one page of the rows its totals cover. The Day Book shows each line's order
// id and downloads its lines as CSV with it.

test.describe.configure({ timeout: 90_000 });
test.use({ permissions: ['geolocation'], geolocation: { latitude: 18.5204, longitude: 73.8567 } });

const SHOTS = 'tests/.artifacts/screens';

test.beforeEach(async ({ context, baseURL, page }) => {
  await acceptTermsBeforehand(context, baseURL);
  // The browser's print popup would block the test: count the calls instead.
  await page.addInitScript('window.printed = 0; window.print = () => { window.printed += 1; };');
});

interface Record_ {
  status: string;
  fee: number;
  payload: { orderID: string };
}

/** A payout through the API, waited for until it reaches `status`: its record. */
async function payout(
  request: APIRequestContext,
  user: TestUser,
  payment: { rupees: string; name: string; ending?: string },
  status: string,
): Promise<Record_> {
  const { id, headers } = await requestPayout(request, user, payment);
  let record: Record_ | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.post('/api/user/transaction', { headers, data: { id } });
        record = ((await answer.json()) as { transactionRecord?: Record_ }).transactionRecord;
        return record?.status;
      },
      { timeout: 30_000 },
    )
    .toBe(status);
  return record!;
}

async function idOf(request: APIRequestContext, mobile: string): Promise<string> {
  const answer = await request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { search: mobile, page: 1, pageSize: 10 },
  });
  const { data } = (await answer.json()) as { data: { id: string; mobile: string }[] };
  return data.find((user) => user.mobile === mobile)!.id;
}

test('Bank Payouts totals what moved, names its filters and prints one page as one page', async ({
  page,
  request,
}, info) => {
  const errors = watchConsole(page);
  const tag = info.project.name === 'desktop' ? 'Desk' : 'Phone';
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: `Meera Print ${tag}`,
    rupees: '3000',
  });
  const paid = await payout(request, retailer, { rupees: '600', name: 'Arun Paid' }, 'processed');
  // An account ending in 001 is closed at the sandbox bank: the payout fails, money comes back.
  await payout(request, retailer, { rupees: '400', name: 'Bina Closed', ending: '001' }, 'failed');

  await signInAs(page, E2E_ADMIN);
  await page.goto(`/admin/transactions?search=${retailer.mobile}&pageSize=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bank Payouts' })).toBeVisible();
  await expect(page.getByTestId('report-total-count')).toHaveText('2');
  await expect(page.getByTestId('report-total-amount')).toHaveText('₹600.00');
  await expect(page.getByTestId('report-total-fee')).toHaveText(`₹${paid.fee.toFixed(2)}`);
  await expect(page.getByText('Amount moved')).toBeVisible();
  await expect(page.getByTestId('report-filters')).toContainText(`Search: ${retailer.mobile}`);
  await expect(page.getByTestId('report-filters')).toContainText('Newest first');
  await page.screenshot({
    path: `${SHOTS}/report-totals-${info.project.name}.png`,
    fullPage: true,
  });

  await page.getByRole('button', { name: 'Print' }).click();
  await expect.poll(() => page.evaluate('window.printed')).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('form', { name: 'Filter transactions' })).toBeHidden();
  await expect(page.getByTestId('report-filters')).toBeVisible();
  await expect(page.getByTestId('report-print-note')).toHaveText(
    'This print holds page 1 of 2: rows 1 to 1 of 2. The totals are of all 2 rows.',
  );
  await page.screenshot({ path: `${SHOTS}/report-print-${info.project.name}.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('report-print-note')).toBeHidden();
  expect(errors).toEqual([]);
});

test("the Day Book shows each line's order id and downloads them as CSV", async ({
  page,
  request,
}, info) => {
  const errors = watchConsole(page);
  const tag = info.project.name === 'desktop' ? 'Desk' : 'Phone';
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: `Nisha Book ${tag}`,
    rupees: '2000',
  });
  const paid = await payout(request, retailer, { rupees: '500', name: 'Chetan Paid' }, 'processed');
  const orderID = paid.payload.orderID;

  await signInAs(page, E2E_ADMIN);
  await page.goto(`/admin/myAccount/0?userId=${await idOf(request, retailer.mobile)}`);
  await expect(page.getByRole('heading', { name: 'Day Book', level: 1 })).toBeVisible();
  await expect(page.getByTestId('day-book-closing')).toBeVisible();
  // The hold, the payment and its fee: every line of the payout says its order id.
  await expect(page.getByText(orderID, { exact: true }).first()).toBeVisible();
  expect(await page.getByText(orderID, { exact: true }).count()).toBeGreaterThanOrEqual(2);
  await page.screenshot({
    path: `${SHOTS}/day-book-reference-${info.project.name}.png`,
    fullPage: true,
  });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^day-book-\d{10}-\d{4}-\d{2}-\d{2}\.csv$/);
  mkdirSync('tests/.artifacts', { recursive: true });
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Date (IST),Reference,Narration,Transaction,Debit (INR),Credit (INR),On hold (INR),Balance after (INR)',
  );
  expect(lines.filter((line) => line.includes(`,${orderID},`)).length).toBeGreaterThanOrEqual(2);
  // Money freed by a hold is a negative number, and stays one.
  expect(csv).not.toContain("'-");
  expect(errors).toEqual([]);
});
