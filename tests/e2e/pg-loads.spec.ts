import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  signInAs,
  tokenOf,
} from './admin.helpers.js';
import { RETAILER } from './aeps.helpers.js';
import { shot } from './dmt.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';

// Issue 28: a retailer loads ₹2,000 through the sandbox gateway (Pay10): the charge quoted
// before paying, the gateway's hosted page, back to the result, the top bar's balance moving
// live (socket.io), and the Payment Tracker (PG) listing the load. docs/pg-sandbox.md.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 26.9124, longitude: 75.7873 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

test('a retailer loads ₹2,000 through the sandbox gateway and the wallet changes live', async ({
  page,
  request,
}, info) => {
  test.slow();
  const user = await givenUser(request, { role: RETAILER, name: 'Kavita Meena' });
  await signInAs(page, user);
  const layout = new AdminLayout(page);
  await expect(layout.balance()).toHaveText('₹0.00');

  // The load screens start from the Payment Tracker (PG): they are not in the sidebar.
  await page.goto('/admin/payment-tracker');
  const section = page.locator('.pg-tracker');
  await expect(section.getByText('No gateway loads yet.')).toBeVisible();
  await section.getByRole('link', { name: 'Load by Pay10' }).click();
  await expect(page).toHaveURL(/\/admin\/pay10Payments$/);
  await expect(page.getByRole('heading', { name: 'Load Wallet (Pay10)' })).toBeVisible();

  await page.getByLabel('Amount (₹)').fill('2000');
  await page.getByRole('radio', { name: 'UPI' }).check({ force: true });
  const charge = page.getByLabel('Charge');
  await expect(charge).toContainText('₹10.00');
  await expect(charge).toContainText('₹1.80');
  await expect(charge).toContainText('₹11.80');
  await expect(charge).toContainText('₹1,988.20');
  await shot(page, info, 'pg-load-form');

  await page.getByRole('button', { name: 'Pay ₹2,000.00' }).click();
  // The gateway's hosted page (served by the API under its sandbox path).
  await expect(page).toHaveURL(/\/api\/pg-sandbox\/pay10\/checkout\/order_/);
  await expect(page.getByText('₹2,000.00')).toBeVisible();
  await shot(page, info, 'pg-hosted-page');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back on the console with the gateway's signed answer; the server checks it and asks the
  // gateway, then the wallet is credited on the gateway's word.
  await expect(page).toHaveURL(/\/admin\/pay10Payments\?receipt=pgl_/);
  await expect(page.getByText('₹1,988.20 added to your wallet')).toBeVisible();
  await expect(layout.balance()).toHaveText('₹1,988.20');
  await shot(page, info, 'pg-load-result');

  // The history of the screen and the tracker show it, found by the gateway's payment id.
  const paymentId = new URL(page.url()).searchParams.get('payment_id')!;
  await page.goto('/admin/payment-tracker');
  const rows = page.locator('.pg-tracker .ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Paid');
  await expect(rows.first()).toContainText('₹1,988.20');
  await page.getByLabel('PG order id or gateway id').fill(paymentId);
  await page.getByLabel('PG order id or gateway id').press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(paymentId);
  await page.getByLabel('PG order id or gateway id').fill('pay_doesnotexist');
  await page.getByLabel('PG order id or gateway id').press('Enter');
  await expect(page.locator('.pg-tracker').getByText('No load matches.')).toBeVisible();
  await page.getByLabel('PG order id or gateway id').fill('');
  await page.getByLabel('PG order id or gateway id').press('Enter');
  await expect(rows).toHaveCount(1);
  await shot(page, info, 'pg-tracker');
  // The balance, read again from the server, is the same figure.
  await page.reload();
  await expect(layout.balance()).toHaveText('₹1,988.20');
});

test('Finkeda is card-funded; a failed payment credits nothing and says so', async ({
  page,
  request,
}, info) => {
  const user = await givenUser(request, { role: RETAILER, name: 'Imran Qureshi' });
  await signInAs(page, user);
  const layout = new AdminLayout(page);
  await page.goto('/admin/finkeda');
  await expect(page.getByRole('heading', { name: 'Load Wallet by Card (Finkeda)' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'UPI' })).toHaveCount(0);
  await page.getByLabel('Amount (₹)').fill('50');
  await expect(page.getByRole('alert')).toContainText('The least you can load is ₹100.00.');
  await page.getByLabel('Amount (₹)').fill('1000');
  await expect(page.getByLabel('Charge')).toContainText('₹21.24');
  await page.getByRole('button', { name: 'Pay ₹1,000.00' }).click();
  await page.getByRole('button', { name: 'Fail' }).click();
  await expect(page.getByText('The payment failed')).toBeVisible();
  await shot(page, info, 'pg-load-failed');
  await expect(layout.balance()).toHaveText('₹0.00');
});

test('an admin sees every load in the tracker, asks the gateway now and refunds a captured one', async ({
  page,
  request,
}, info) => {
  const user = await givenUser(request, { role: RETAILER, name: 'Geeta Bai' });
  const token = await tokenOf(request, user);
  // The shop's load, paid on the sandbox's page without a browser.
  const created = await request.post('/api/pg/orders', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: { gateway: 'pay10', method: 'netbanking', amount: '1500' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const order = ((await created.json()) as { data: { receipt: string; checkoutUrl: string } }).data;
  const paid = await request.post(`${order.checkoutUrl}/pay`, {
    form: { method: 'netbanking' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);

  await signInAs(page, E2E_ADMIN);
  await page.goto('/admin/payment-tracker');
  const search = page.getByLabel('PG order id or gateway id');
  await search.fill(order.receipt);
  await search.press('Enter');
  const row = page.locator('.pg-tracker .ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Geeta Bai');
  await row.getByRole('button', { name: 'Ask the gateway now' }).click();
  await expect(page.getByText('The gateway says: paid.')).toBeVisible();
  await expect(row).toContainText('Paid');
  await row.getByRole('button', { name: 'Refund' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Refunded; the credit is reversed.')).toBeVisible();
  await expect(row).toContainText('Refunded');
  await expect(row.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await shot(page, info, 'pg-tracker-admin');

  // A card load through Finkeda, settled: the sandbox's file downloaded and imported.
  const card = await request.post('/api/pg/orders', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: { gateway: 'finkeda', method: 'card', amount: '2500' },
  });
  const cardOrder = ((await card.json()) as { data: { receipt: string; checkoutUrl: string } })
    .data;
  await request.post(`${cardOrder.checkoutUrl}/pay`, { form: { method: 'card' }, maxRedirects: 0 });
  await search.fill(cardOrder.receipt);
  await search.press('Enter');
  await expect(row).toContainText(cardOrder.receipt);
  await row.getByRole('button', { name: 'Ask the gateway now' }).click();
  await expect(row).toContainText('Paid');
  await page.getByLabel('Settlement gateway').click();
  await page.locator('.ant-select-item-option[title="Finkeda"]').click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Sandbox settlement file' }).click();
  const file = await (await downloading).path();
  expect(readFileSync(file, 'utf8')).toContain(cardOrder.receipt);
  await page.locator('.pg-tracker input[type=file]').setInputFiles(file);
  await expect(page.getByText(/reconciled: \d+ payments?\./)).toBeVisible();
  await expect(row).toContainText('Settled');
  await shot(page, info, 'pg-tracker-settled');
});
