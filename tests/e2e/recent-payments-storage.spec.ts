import { expect, test, type Page } from '@playwright/test';
import {
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  payableAccount,
  PIN,
  signInAs,
  tokenOf,
  watchConsole,
} from './admin.helpers.js';

// Issue 31 item 15: the payments the console remembers (to ask before a repeat within 20
// minutes, spec §3) keep no full account number in the browser's storage, and go at sign-out.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 12.9716, longitude: 77.5946 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

/** Every key and value of the page's localStorage. */
const localStorageOf = (page: Page) =>
  page.evaluate(() => {
    const { localStorage } = globalThis as unknown as { localStorage: Record<string, string> };
    return { ...localStorage };
  });

async function pay(page: Page, account: string, rupees: string) {
  await page
    .getByTestId('beneficiary')
    .filter({ hasText: account })
    .getByRole('button', { name: 'Pay' })
    .click();
  const form = page.locator('form#payout-form');
  await form.getByLabel('Amount (₹)').fill(rupees);
  await form.getByRole('button', { name: 'Pay' }).click();
  const pinDialog = page.getByRole('dialog', { name: 'Confirm with your PIN' });
  await pinDialog.getByLabel('PIN').fill(PIN);
  await pinDialog.getByRole('button', { name: 'Confirm and pay' }).click();
  return pinDialog;
}

test('the recent payments in localStorage hold no full account number, and sign-out clears them', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Sunita Pawar',
    rupees: '5000',
  });
  const account = payableAccount();
  const created = await request.post('/api/user/createBeneficiary', {
    headers: { Authorization: `Bearer ${await tokenOf(request, retailer)}` },
    data: {
      bankName: 'State Bank of India',
      IfscCode: 'SBIN0001234',
      AccountNo: account,
      name: 'Asha Kulkarni',
      status: 'pending',
      type: 'payout',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signInAs(page, retailer);
  await page.goto('/admin/dmt');

  const answered = page.waitForResponse('**/api/payment/bankTransfer');
  await pay(page, account, '700');
  expect((await answered).status()).toBe(200);
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₹700.00');
  await receipt.getByRole('button', { name: 'Close' }).last().click();

  const stored = await localStorageOf(page);
  expect(Object.keys(stored)).toContain('recentPayments');
  for (const [key, value] of Object.entries(stored)) {
    expect({ key, value }).toEqual({ key, value: expect.not.stringContaining(account) });
  }
  // What is kept is enough to ask before the same payment again.
  const pinDialog = await pay(page, account, '700');
  const repeat = page.getByRole('dialog', { name: 'Send the same payment again?' });
  await expect(repeat).toContainText('You paid ₹700.00 to this account in the last 20 minutes.');
  await page.screenshot({ path: info.outputPath(`repeat-${info.project.name}.png`) });
  await repeat.getByRole('button', { name: 'No' }).click();
  await pinDialog.getByRole('button', { name: 'Cancel' }).click();

  await new AdminLayout(page).logout().click();
  await expect(page).toHaveURL(/\/login$/);
  expect(Object.keys(await localStorageOf(page))).not.toContain('recentPayments');
  expect(errors).toEqual([]);
});
