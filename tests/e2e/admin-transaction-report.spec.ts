import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  openFilters,
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  PIN,
  signInAs,
  type TestUser,
  requestPayout,
  paidUtr,
  tokenOf,
} from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';

// The transaction report engine's screens (issue 14): the admin finds a payout by its UTR and
// reprints it; a distributor reads its downline's and no one else's; a retailer reads its
// wallet transfers and AEPS settlements under those forms.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 18.5204, longitude: 73.8567 } });

const ARTIFACTS = 'tests/.artifacts/transaction-report';

test.beforeEach(async ({ context, baseURL, page }) => {
  await acceptTermsBeforehand(context, baseURL);
  // The browser's print popup would block the test: count the calls instead.
  await page.addInitScript('window.printed = 0; window.print = () => { window.printed += 1; };');
});

/** A bank payout through the API, waited for until the bank paid it: its id and UTR. */
async function paidPayout(
  request: APIRequestContext,
  user: TestUser,
  rupees: string,
  name: string,
) {
  const { id, headers } = await requestPayout(request, user, { rupees, name });
  return { id, utr: await paidUtr(request, headers, id) };
}

const rowWith = (page: Page, text: string) =>
  page.locator('.ant-table-row, .report-card').filter({ hasText: text });

function shot(page: Page, name: string, project: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  return page.screenshot({ path: `${ARTIFACTS}/${name}-${project}.png`, fullPage: true });
}

test("an admin finds a retailer's payout by its UTR, downloads the CSV and reprints the receipt", async ({
  page,
  request,
}, info) => {
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Farida Khan',
    rupees: '4000',
  });
  const { utr } = await paidPayout(request, retailer, '1250', 'Joseph Mathew');
  await signInAs(page, E2E_ADMIN);
  await new AdminLayout(page).open('Transaction Report');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction Report' })).toBeVisible();

  await openFilters(page);
  const search = page.getByLabel('Order ID, UTR, account or mobile');
  await search.fill(utr);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${utr}`));
  const row = rowWith(page, 'Joseph Mathew');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Farida Khan');
  await expect(row).toContainText('Processed');
  await expect(page.getByTestId('report-total-count')).toHaveText('1');
  await expect(page.getByTestId('report-total-amount')).toHaveText('₹1,250.00');
  await expect(page.getByTestId('report-total-fee')).toHaveText('₹15.00');
  await shot(page, 'admin-utr', info.project.name);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.trim().split('\r\n')).toHaveLength(2);
  expect(csv).toContain(`,${utr},`);
  expect(csv).toContain(',Farida Khan,');

  await row.getByRole('button', { name: /^Receipt of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipt' });
  await expect(dialog.getByTestId('receipt-amount')).toHaveText('₹1,250.00');
  await expect(dialog).toContainText(utr);
  // The retailer's receipt, headed by its shop, not the admin's.
  await expect(dialog.getByTestId('receipt-shop')).toHaveText('Farida Khan Store');
  await dialog.getByRole('button', { name: 'Print' }).click();
  await expect.poll(() => page.evaluate('window.printed')).toBe(1);
  await shot(page, 'admin-receipt', info.project.name);
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // The same search on the bank payouts report (/admin/transactions), printed as a list.
  await page.goto(`/admin/transactions?search=${utr}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bank Payouts' })).toBeVisible();
  await expect(rowWith(page, 'Joseph Mathew')).toHaveCount(1);
  await page.getByRole('button', { name: 'Print' }).click();
  // A new page load: the count started again.
  await expect.poll(() => page.evaluate('window.printed')).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('form', { name: 'Filter transactions' })).toBeHidden();
  await shot(page, 'payouts-print', info.project.name);
});

test("a distributor reads its downline's transactions and not another network's", async ({
  page,
  request,
}, info) => {
  const distributor = await givenUser(request, { role: 'distributor', name: 'Rakesh Sinha' });
  const own = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Pooja Iyer',
    rupees: '600',
    parentMobile: distributor.mobile,
  });
  const second = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Salim Ansari',
    rupees: '450',
    parentMobile: distributor.mobile,
  });
  const other = await givenUser(request, { role: 'distributor', name: 'Devika Menon' });
  await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Outsider Bose',
    rupees: '700',
    parentMobile: other.mobile,
  });
  await signInAs(page, distributor);
  await new AdminLayout(page).open('Transaction Report');
  await expect(rowWith(page, own.name)).toHaveCount(1);
  await expect(rowWith(page, second.name)).toHaveCount(1);
  await expect(rowWith(page, 'Outsider Bose')).toHaveCount(0);
  await expect(page.getByTestId('report-total-amount')).toHaveText('₹1,050.00');

  // Narrowed to one member of its network, found by name.
  await openFilters(page);
  const picker = page.getByLabel('User', { exact: true });
  await picker.click();
  await picker.fill('Pooja');
  // antd keeps a hidden listbox for screen readers; the visible option is the item.
  await page.locator('.ant-select-item-option').filter({ hasText: own.mobile }).click();
  await expect(page).toHaveURL(/userId=/);
  await expect(rowWith(page, second.name)).toHaveCount(0);
  await expect(rowWith(page, own.name)).toHaveCount(1);
  await expect(page.getByTestId('report-total-amount')).toHaveText('₹600.00');
  // A downline's receipt reprints under its shop; a complaint about it is the member's own.
  await rowWith(page, own.name)
    .getByRole('button', { name: /^Receipt of/ })
    .click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₹600.00');
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(receipt.getByRole('button', { name: 'Raise a complaint' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();
  // Someone of another network cannot even be found.
  const searched = page.waitForResponse(
    (answer) =>
      answer.url().endsWith('/api/admin/networkSearch') &&
      answer.request().postData() === JSON.stringify({ q: 'Outsider' }),
  );
  await picker.pressSequentially('Outsider');
  expect(((await (await searched).json()) as { data: unknown[] }).data).toEqual([]);
  await expect(page.locator('.ant-select-item-option')).toHaveText([new RegExp(own.name)]);
  await page.keyboard.press('Escape');
  await shot(page, 'distributor', info.project.name);
});

test('a retailer reads its wallet transfers and AEPS settlements under those forms', async ({
  page,
  request,
}, info) => {
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Gopal Krishnan',
    rupees: '900',
  });
  const friend = await givenUser(request, { role: 'khataEmployee2', name: 'Lata Pillai' });
  const sent = await request.post('/api/user/sendMoneyToWallet', {
    headers: {
      Authorization: `Bearer ${await tokenOf(request, retailer)}`,
      pin: PIN,
      'Idempotency-Key': randomUUID(),
    },
    data: { mobile: friend.mobile, amount: '75', remark: 'stock' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  await signInAs(page, retailer);
  const layout = new AdminLayout(page);

  await layout.open('Wallet Transfer');
  const transfers = page.getByRole('region', { name: 'Wallet transfers' });
  await expect(rowWith(page, 'Lata Pillai')).toHaveCount(1);
  await expect(transfers.getByTestId('report-total-amount')).toHaveText('₹75.00');
  await shot(page, 'wallet-transfers', info.project.name);
  // The retailer's own receipt, reprinted from its report, is one it may complain about.
  await rowWith(page, 'Lata Pillai')
    .getByRole('button', { name: /^Receipt of/ })
    .click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₹75.00');
  await expect(receipt.getByRole('button', { name: 'Raise a complaint' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();

  await layout.open('AEPS Settlement');
  const settlements = page.getByRole('region', { name: 'AEPS settlements' });
  await expect(settlements.getByText('No transactions found.')).toBeVisible();
  await expect(settlements.getByTestId('report-total-count')).toHaveText('0');
  await shot(page, 'aeps-settlements', info.project.name);
});
