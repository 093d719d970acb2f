import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
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
import { E2E_ADMIN } from './playwright.config.js';

// Issue 14: an admin audits a retailer's ledger: the payout, its fee and the commissions it
// paid up the network, in words, with the balance after each line; the whole period as CSV.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });

const ARTIFACTS = 'tests/.artifacts/ledger';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

/** A bank payout of the user's through the API, waited for until the bank has paid it. */
async function payout(request: APIRequestContext, user: TestUser, rupees: string) {
  const { id, account, headers } = await requestPayout(request, user, {
    rupees,
    name: 'Sunita Pawar',
  });
  await paidUtr(request, headers, id);
  return `${'X'.repeat(account.length - 4)}${account.slice(-4)}`;
}

/** Picks whose ledger to read: types the mobile into the user search, chooses the match. */
async function pickUser(page: Page, user: TestUser) {
  const option = page.locator('.ant-select-item-option').filter({ hasText: user.mobile });
  await expect(async () => {
    await page.locator('#ledger-user').fill(user.mobile);
    await expect(option).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await option.click();
  await expect(page).toHaveURL(/userId=/);
}

async function pickAccount(page: Page, label: string) {
  await page.locator('#ledger-account').click();
  await page.locator('.ant-select-item-option').filter({ hasText: label }).click();
}

test("an admin reads a retailer's payout, its fee and the commissions it paid, and downloads the CSV", async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const tag = info.project.name === 'phone' ? 'P' : 'D';
  const distributor = await givenUser(request, { role: 'distributor', name: `Anil Ledger${tag}` });
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: `Kavita Ledger${tag}`,
    rupees: '2000',
    parentMobile: distributor.mobile,
  });
  const masked = await payout(request, retailer, '500');

  await signInAs(page, E2E_ADMIN);
  const layout = new AdminLayout(page);
  await layout.open('Ledger Report');
  await expect(page).toHaveURL(/\/admin\/ledger/);
  await pickUser(page, retailer);
  await expect(
    page.getByRole('heading', { name: `${retailer.name} (${retailer.mobile}): wallet statement` }),
  ).toBeVisible();
  const paidTo = `bank payout to Sunita Pawar (${masked})`;
  await expect(page.getByText(`Bank payout to Sunita Pawar (${masked})`).first()).toBeVisible();
  await expect(page.getByText(`Fee for ${paidTo}`).first()).toBeVisible();
  // ₹2,000 in, ₹500 + ₹15 out: the figures of the period.
  await expect(page.getByTestId('ledger-opening')).toHaveText('₹0.00');
  await expect(page.getByTestId('ledger-credits')).toHaveText('₹2,000.00');
  await expect(page.getByTestId('ledger-debits')).toHaveText('₹515.00');
  await expect(page.getByTestId('ledger-closing')).toHaveText('₹1,485.00');
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/retailer-${info.project.name}.png`, fullPage: true });

  // The CSV: the whole period, the same lines in the same words.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^ledger-${retailer.mobile}-wallet-`));
  const csv = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8');
  expect(csv).toContain(`,Fee for ${paidTo},`);
  expect(csv).toContain(',15.00,0.00,0.00,1485.00');

  // Up the network: the distributor's commission from this payout, and the TDS withheld.
  await pickUser(page, distributor);
  await pickAccount(page, 'Commission');
  await expect(page).toHaveURL(/account=commission/);
  await expect(
    page.getByText(`Commission from ${retailer.name} on a bank payout`).first(),
  ).toBeVisible();
  await expect(
    page.getByText(`TDS 194H withheld on commission from ${retailer.name}`).first(),
  ).toBeVisible();
  await expect(page.getByTestId('ledger-closing')).toHaveText('₹2.94');
  await page.screenshot({
    path: `${ARTIFACTS}/commission-${info.project.name}.png`,
    fullPage: true,
  });
  // The print view: the statement alone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.screenshot({ path: `${ARTIFACTS}/print-${info.project.name}.png`, fullPage: true });
  expect(errors).toEqual([]);
});
