import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import {
  acceptTermsBeforehand,
  AdminLayout,
  adminToken,
  givenUser,
  retailerOf,
  SHOP_PHOTO,
  signInAs,
  watchConsole,
} from './admin.helpers.js';

// Issue 13: a retailer asks for a top-up with a proof, its distributor approves it, and the
// retailer's balance and request change live.

// Two browsers and a whole journey, on a machine shared with other runs.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });

async function companyBank(request: APIRequestContext, bankName: string) {
  const saved = await request.post('/api/admin/companyBankAccount', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: {
      bankName,
      accountName: 'Khata Payments Pvt Ltd',
      accountNumber: `50${String(Date.now()).slice(-10)}`,
      ifsc: 'HDFC0001234',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const { documentElement } = (
      globalThis as unknown as {
        document: { documentElement: { scrollWidth: number; clientWidth: number } };
      }
    ).document;
    return documentElement.scrollWidth - documentElement.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

test("a retailer asks for a top-up with a proof, its distributor approves it and the retailer's balance changes live", async ({
  page,
  browser,
  baseURL,
  request,
}, info) => {
  const tag = `${info.project.name} ${Date.now() % 100000}`;
  const bankName = `E2E Bank ${tag}`;
  await companyBank(request, bankName);
  const distributor = await givenUser(request, {
    role: 'distributor',
    name: `Dist ${tag}`,
    rupees: '5000',
  });
  const retailer = await retailerOf(request, distributor, `Asha ${tag}`);
  const errors = watchConsole(page);

  // The retailer asks, with a proof.
  await signInAs(page, retailer);
  const layout = new AdminLayout(page);
  await expect(layout.balance()).toHaveText('₹0.00');
  await layout.open('Payment Request');
  await expect(page).toHaveURL(/\/admin\/paymentRequest$/);
  await page.getByLabel('Amount (₹)').fill('99');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('The amount must be at least ₹100.00.')).toBeVisible();
  await page.getByLabel('Amount (₹)').fill('1250.50');
  const utr = `E2E${Date.now()}`;
  await page.getByLabel('UTR / reference').fill(utr);
  await page.getByLabel('Paid into').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: bankName })
    .click();
  await page.locator('input[type="file"]').setInputFiles(SHOP_PHOTO);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Your payment request has been sent for approval.')).toBeVisible();
  const mine = page.getByRole('region', {
    name: 'Your payment requests',
  });
  await expect(mine.locator('[data-fund-state="pending"]')).toHaveCount(1);
  await noSidewaysScroll(page);
  await page.screenshot({
    path: info.outputPath(`fund-request-${info.project.name}.png`),
    fullPage: true,
  });

  // The distributor, in a browser of its own, reviews the proof and approves with its PIN.
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    permissions: ['geolocation'],
    geolocation: { latitude: 19.076, longitude: 72.8777 },
  });
  await acceptTermsBeforehand(context, baseURL);
  const approver = await context.newPage();
  await signInAs(approver, distributor);
  await new AdminLayout(approver).open('Payment Approval');
  await expect(approver).toHaveURL(/\/admin\/paymentApproval$/);
  await approver.getByRole('button', { name: `Review the request of ${retailer.name}` }).click();
  const review = approver.getByRole('dialog', { name: `Request of ${retailer.name}` });
  await expect(
    review.getByRole('img', { name: `Payment proof of ${retailer.name}` }),
  ).toBeVisible();
  await expect(review).toContainText(utr);
  await expect(review).toContainText('₹1,250.50');
  await noSidewaysScroll(approver);
  await approver.screenshot({
    path: info.outputPath(`fund-review-${info.project.name}.png`),
    fullPage: true,
  });
  await review.getByRole('button', { name: 'Approve' }).click();
  const confirm = approver.getByRole('dialog', { name: 'Approve this request?' });
  await confirm.getByLabel('PIN').fill(distributor.pin);
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(
    approver.getByText('Payment request approved and the wallet credited.'),
  ).toBeVisible();
  await expect(new AdminLayout(approver).balance()).toHaveText('₹3,749.50');

  // The retailer's open page hears it: the balance and the request's state, with no reload.
  await expect(layout.balance()).toHaveText('₹1,250.50');
  await expect(mine.locator('[data-fund-state="approved"]')).toHaveCount(1);
  await page.screenshot({
    path: info.outputPath(`fund-approved-${info.project.name}.png`),
    fullPage: true,
  });
  await context.close();
  expect(errors).toEqual([]);
});

test('an admin uploads the bank statement and sees the match', async ({ page, request }, info) => {
  const tag = `${info.project.name} ${Date.now() % 100000}`;
  const bankName = `Stmt Bank ${tag}`;
  await companyBank(request, bankName);
  await signInAs(page, { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password });
  await new AdminLayout(page).open('Payment Approval');
  await page.getByRole('tab', { name: 'Bank statement' }).click();
  await page.getByLabel('Company bank account').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: bankName })
    .click();
  const line = `E2ELINE${Date.now()}`;
  await page.locator('input[type="file"]').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`date,utr,amount,description\n2026-01-05,${line},777.25,Walk-in deposit\n`),
  });
  await expect(page.getByText(/Bank statement uploaded\. 1 new line\./)).toBeVisible();
  const unclaimed = page.getByRole('region', {
    name: 'Unclaimed bank lines',
  });
  await expect(unclaimed).toContainText(line);
  await expect(unclaimed).toContainText('₹777.25');
  await noSidewaysScroll(page);
  await page.screenshot({
    path: info.outputPath(`fund-statement-${info.project.name}.png`),
    fullPage: true,
  });
});
