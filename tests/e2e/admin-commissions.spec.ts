import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import {
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  signInAs,
  type TestUser,
  watchConsole,
  requestPayout,
  paidUtr,
} from './admin.helpers.js';

// Issue 13: a payout pays the retailer's distributor and super distributor their commission,
// net of TDS, and each sees it in My Profit; the admin keeps tax rates and schemes.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });

const ARTIFACTS = 'tests/.artifacts/commissions';

test.beforeEach(async ({ context, baseURL, page }, info) => {
  await acceptTermsBeforehand(context, baseURL);
  // The narrowest phone the console is drawn for.
  if (info.project.name === 'phone') await page.setViewportSize({ width: 360, height: 780 });
});

/** A bank payout through the API, waited for until the bank has paid it. */
async function payout(request: APIRequestContext, user: TestUser, rupees: string) {
  const { id, headers } = await requestPayout(request, user, { rupees, name: 'Sunita Pawar' });
  await paidUtr(request, headers, id);
}

test("a payout credits the distributor's and super distributor's commission, visible in My Profit", async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  // The super distributor has sent no KYC (no PAN: TDS 20%); the distributor has (2%).
  const sd = await givenUser(request, {
    role: 'sdistributor',
    name: 'Rajesh Kulkarni',
    kyc: 'none',
  });
  const distributor = await givenUser(request, {
    role: 'distributor',
    name: 'Anil Deshmukh',
    parentMobile: sd.mobile,
  });
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Kavita Shinde',
    rupees: '2000',
    parentMobile: distributor.mobile,
  });
  await payout(request, retailer, '500');

  // The distributor: ₹3 gross, ₹0.06 TDS, ₹2.94 net.
  await signInAs(page, distributor);
  const layout = new AdminLayout(page);
  await layout.open('My Profit');
  await expect(page).toHaveURL(/\/admin\/myProfit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profit' })).toBeVisible();
  // A table row on a desktop, a card on a phone.
  const row = page
    .locator('.ant-table-row, [data-testid="profit-card"]')
    .filter({ hasText: distributor.mobile });
  await expect(row).toContainText('₹3.00');
  await expect(row).toContainText('₹0.06');
  await expect(row).toContainText('₹2.94');
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({
    path: `${ARTIFACTS}/my-profit-${info.project.name}.png`,
    fullPage: true,
  });
  // The CSV holds the same line.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain(',3.00,0.06,2.94');
  await layout.logout().click();

  // The super distributor: ₹1 gross, ₹0.20 TDS, ₹0.80 net; and its profit area on top.
  await signInAs(page, sd);
  await layout.open('My Profit');
  const sdRow = page
    .locator('.ant-table-row, [data-testid="profit-card"]')
    .filter({ hasText: sd.mobile });
  await expect(sdRow).toContainText('₹1.00');
  await expect(sdRow).toContainText('₹0.20');
  await expect(sdRow).toContainText('₹0.80');
  expect(errors).toEqual([]);
});

test('the admin keeps tax rates and commission schemes; shares above the fee are refused', async ({
  page,
  request,
}, info) => {
  const shop = await givenUser(request, { role: 'khataEmployee2', name: 'Farida Shaikh' });
  const errors = watchConsole(page, [/status of 400/]);
  await signInAs(page, { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password });
  const layout = new AdminLayout(page);
  await layout.open('Tax Rates');
  await expect(page).toHaveURL(/\/admin\/tax-rate$/);
  const gst = page.locator('.ant-table-row').filter({ hasText: 'GST on fees' }).first();
  await expect(gst).toContainText('18.00%');
  await expect(gst).toContainText('In force');
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/tax-rate-${info.project.name}.png`, fullPage: true });

  await layout.open('Service Management');
  await expect(page.getByText('Standard payout')).toBeVisible();
  await page.getByRole('button', { name: 'New scheme' }).click();
  const dialog = page.getByRole('dialog', { name: 'New scheme' });
  await dialog.getByLabel('Name').fill(`Greedy ${info.project.name} ${info.retry}`);
  // Slab 1's distributor share ₹20 above its ₹15 fee.
  await dialog.getByLabel('Distributor', { exact: true }).first().fill('20');
  await dialog.getByRole('button', { name: 'Save scheme' }).click();
  await expect(
    dialog.getByText('Slab 1: the distributor and super distributor shares exceed the fee.'),
  ).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/scheme-${info.project.name}.png` });
  await dialog.getByLabel('Distributor', { exact: true }).first().fill('2');
  await dialog.getByRole('button', { name: 'Save scheme' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Greedy ${info.project.name} ${info.retry}`)).toBeVisible();
  // Assigned to one shop by its mobile: the scheme counts one user.
  await page.getByLabel("User's mobile").fill(shop.mobile);
  // Picked, and seen picked before Assign: a click that lands while the list is still
  // opening leaves "The role's default", which assigns too ("Scheme assigned.") but counts 0.
  const greedy = `Greedy ${info.project.name} ${info.retry}`;
  await expect(async () => {
    await page.getByLabel('Scheme', { exact: true }).first().click();
    await page.locator(`.ant-select-item-option[title="${greedy}"]`).click({ timeout: 2_000 });
    await expect(
      page
        .locator('.commissions__assign')
        .getByText(greedy, { exact: true })
        .filter({ visible: true }),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText('Scheme assigned.')).toBeVisible();
  await expect(
    page.getByTestId(/^scheme-/).filter({ hasText: `Greedy ${info.project.name} ${info.retry}` }),
  ).toContainText('1 users');
  // The shop's own payout fee for slab 1.
  await page.getByLabel("Retailer's mobile").fill(shop.mobile);
  await page.getByLabel('Slab 1 fee (₹)').fill('12');
  await page.getByRole('button', { name: 'Save fees' }).click();
  await expect(page.getByText("The user's payout fees are saved.")).toBeVisible();
  await page.screenshot({
    path: `${ARTIFACTS}/schemes-${info.project.name}.png`,
    fullPage: true,
  });
  expect(errors).toEqual([]);
});
