import { expect, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  acceptTermsBeforehand,
  AdminLayout,
  adminToken,
  givenUser,
  PIN,
  requestPayout,
  signInAs,
  watchConsole,
  type TestUser,
} from './admin.helpers.js';

test.use({ permissions: ['geolocation'], geolocation: { latitude: 12.9716, longitude: 77.5946 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

const flat = (rupees: number) => ({ flatBase: rupees });

/** A payout scheme of its own (₹10 up to ₹5,000, ₹20 above), assigned to the user by the admin. */
async function assignScheme(request: APIRequestContext, user: TestUser) {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const saved = await request.post('/api/admin/commissionScheme', {
    headers,
    data: {
      name: `E2E quote ${randomUUID().slice(0, 8)}`,
      service: 'payout',
      slabs: [
        { upTo: 5_000, fee: flat(10), distributor: flat(1), superDistributor: flat(0.5) },
        { upTo: null, fee: flat(20), distributor: flat(1), superDistributor: flat(0.5) },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const { scheme } = (await saved.json()) as { scheme: { id: string } };
  const assigned = await request.post('/api/admin/commissionSchemeAssign', {
    headers,
    data: { mobile: user.mobile, service: 'payout', schemeId: scheme.id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
}

test("the payout form and the PIN dialog show the API's quote under the user's scheme, and the wallet pays that total", async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Quoted Retailer',
    rupees: '20000',
  });
  await assignScheme(request, retailer);
  // A beneficiary of the retailer's, paid once through the API (₹1,000 + the scheme's ₹10).
  const first = await requestPayout(request, retailer, { rupees: '1000', name: 'Meena Iyer' });
  await signInAs(page, retailer);
  const layout = new AdminLayout(page);
  await page.getByRole('link', { name: /Bank Payout/ }).click();
  const row = page.getByTestId('beneficiary').filter({ hasText: first.account });
  await row.getByRole('button', { name: 'Pay' }).click();

  const form = page.locator('form#payout-form');
  const fee = page.getByTestId('payout-fee');
  await form.getByLabel('Amount (₹)').fill('10000');
  await expect(fee).toHaveText('Fee ₹20.00 · total ₹10,020.00');
  await form.getByLabel('Amount (₹)').fill('500');
  await expect(fee).toHaveText('Fee ₹10.00 · total ₹510.00');
  await form.getByLabel('Amount (₹)').fill('10000');
  await expect(fee).toHaveText('Fee ₹20.00 · total ₹10,020.00');
  await page.screenshot({ path: `/tmp/fee-form-${info.project.name}.png` });
  await form.getByRole('button', { name: 'Pay' }).click();

  const pinDialog = page.getByRole('dialog', { name: 'Confirm with your PIN' });
  const quote = pinDialog.getByTestId('pin-quote');
  await expect(quote).toContainText(/Amount\s*₹10,000\.00/);
  await expect(quote).toContainText(/Fee\s*₹20\.00/);
  await expect(quote).toContainText(/Total from your wallet\s*₹10,020\.00/);
  await page.screenshot({ path: `/tmp/fee-pin-${info.project.name}.png` });
  await pinDialog.getByLabel('PIN').fill(PIN);
  await pinDialog.getByRole('button', { name: 'Confirm and pay' }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₹10,000.00');
  // ₹20,000 − (₹1,000 + ₹10) − (₹10,000 + ₹20): the quoted totals, nothing else.
  await expect(layout.balance()).toHaveText('₹8,970.00');
  expect(errors).toEqual([]);
});

test('a failed payout reads as failed on the dashboard, not as a debit', async ({
  page,
  request,
}, info) => {
  test.setTimeout(60_000);
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Failed Payout',
    rupees: '5000',
  });
  // An account ending 001 is closed at the sandbox bank: the payout fails, the money comes back.
  const failed = await requestPayout(request, retailer, {
    rupees: '750',
    name: 'Closed Account',
    ending: '001',
  });
  await expect
    .poll(
      async () => {
        const answer = await request.post('/api/user/transaction', {
          headers: failed.headers,
          data: { id: failed.id },
        });
        return ((await answer.json()) as { transactionRecord?: { status: string } })
          .transactionRecord?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('failed');
  await signInAs(page, retailer);
  const recent = page.locator('.dashboard__recent');
  await expect(recent).toContainText('Failed');
  const amount = recent.locator('.admin-amount', { hasText: '₹750.00' }).first();
  await expect(amount).toBeVisible();
  await expect(amount).toHaveText('₹750.00');
  await expect(amount).not.toHaveClass(/admin-amount--debit/);
  await expect(new AdminLayout(page).balance()).toHaveText('₹5,000.00');
  await recent.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/fee-dashboard-${info.project.name}.png`, fullPage: true });
});
