import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import {
  acceptTermsBeforehand,
  AdminLayout,
  adminToken,
  givenUser,
  payableAccount,
  PIN,
  signInAs,
  watchConsole,
} from './admin.helpers.js';

test.use({ permissions: ['geolocation'], geolocation: { latitude: 12.9716, longitude: 77.5946 } });

const RETAILER = 'khataEmployee2';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

/** Fills the add-beneficiary dialog: a bank from the list, then the account. */
async function addBeneficiary(page: Page, account: string, name?: string) {
  const dialog = page.getByRole('dialog', { name: /Add (beneficiary|AEPS account)/ });
  await dialog.getByLabel('Bank').click();
  await page.keyboard.type('State Bank');
  // antd draws the visible options apart from its screen-reader list.
  await page.locator('.ant-select-item-option[title="State Bank of India"]').click();
  // Spec §5: the IFSC fills from the bank.
  await expect(dialog.getByLabel('IFSC')).toHaveValue(/^SBIN0[A-Z0-9]{6}$/);
  await dialog.getByLabel('IFSC').fill('sbin0001234');
  await dialog.getByLabel('Account number').fill(account);
  if (name) await dialog.getByLabel("Account holder's name").fill(name);
  return dialog;
}

test('a bank payout: add and verify a beneficiary, pay with the PIN, the receipt follows the status', async ({
  page,
  request,
}, info) => {
  // A long journey: the worker pays the payout in the background while the receipt waits.
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const retailer = await givenUser(request, {
    role: RETAILER,
    name: 'Prakash Rane',
    rupees: '20000',
  });
  await signInAs(page, retailer);
  const layout = new AdminLayout(page);
  await page.getByRole('link', { name: /Bank Payout/ }).click();
  await expect(page).toHaveURL(/\/admin\/dmt$/);
  await expect(page.getByText('No data found')).toBeVisible();

  await page.getByRole('button', { name: 'Add beneficiary' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add beneficiary' });
  await dialog.getByRole('button', { name: 'Save beneficiary' }).click();
  await expect(dialog.getByText('Please fill in all required fields.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Verify account' }).click();
  await expect(dialog.getByText('Please enter account number and IFSC to verify.')).toBeVisible();

  const account = payableAccount();
  dialog = await addBeneficiary(page, account);
  await dialog.getByRole('button', { name: 'Verify account' }).click();
  await expect(page.getByText('Account verified successfully!')).toBeVisible();
  const payee = (await dialog.getByTestId('verified-payee').innerText()).replace('Verified: ', '');
  await expect(dialog.getByLabel("Account holder's name")).toHaveValue(payee);
  await dialog.getByRole('button', { name: 'Save beneficiary' }).click();
  await expect(page.getByText('Beneficiary created successfully.')).toBeVisible();

  const row = page.getByTestId('beneficiary').filter({ hasText: account });
  await expect(row).toContainText('Verified');
  // Search: name or account number, any case.
  await page.getByLabel('Search beneficiaries').fill(payee.toUpperCase());
  await expect(row).toBeVisible();
  await page.getByLabel('Search beneficiaries').fill('no such payee');
  await expect(row).toBeHidden();
  await page.getByLabel('Search beneficiaries').fill('');

  await row.getByRole('button', { name: 'Pay' }).click();
  const form = page.locator('form#payout-form');
  await form.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Please fill up all the required details.')).toBeVisible();
  await form.getByLabel('Amount (₹)').fill('200000');
  await form.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Amount should be less than 200000')).toBeVisible();
  await form.getByLabel('Amount (₹)').fill('1500');
  // Spec §4: IMPS by default; the fee of the first slab (₹15 when the rates name none).
  await expect(form.getByText('IMPS')).toBeVisible();
  await expect(page.getByTestId('payout-fee')).toHaveText('Fee ₹15.00 · total ₹1,515.00');
  await form.getByRole('button', { name: 'Pay' }).click();

  const pinDialog = page.getByRole('dialog', { name: 'Confirm with your PIN' });
  const confirm = pinDialog.getByRole('button', { name: 'Confirm and pay' });
  await expect(confirm).toBeDisabled();
  await pinDialog.getByLabel('PIN').fill('482');
  await expect(confirm).toBeDisabled();
  await pinDialog.getByLabel('PIN').fill(PIN);
  const sent = page.waitForRequest('**/api/payment/bankTransfer');
  await confirm.click();
  const body = (await sent).postDataJSON();
  expect(body).toMatchObject({
    amount: '1500.00',
    beneficiaryAccountNumber: account,
    beneficiaryIfscCode: 'SBIN0001234',
    paymentMode: 'IMPS',
    type: 'payout',
  });

  // The receipt opens on the record, and the worker's result arrives live.
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₹1,500.00');
  await expect(receipt.getByTestId('receipt-status')).toHaveText('processed', { timeout: 20_000 });
  await expect(receipt).toContainText('Bank reference (UTR)');
  await page.screenshot({ path: info.outputPath(`payout-receipt-${info.project.name}.png`) });
  await expect(layout.balance()).toHaveText('₹18,485.00');

  // Closing the receipt reloads the screen: no form left open.
  // The dialog's own close (×) is also called Close; the receipt's button comes last.
  await receipt.getByRole('button', { name: 'Close' }).last().click();
  await expect(form).toHaveCount(0);

  // The same amount to the same account within 20 minutes asks first.
  await row.getByRole('button', { name: 'Pay' }).click();
  await form.getByLabel('Amount (₹)').fill('1500');
  await form.getByRole('button', { name: 'Pay' }).click();
  await pinDialog.getByLabel('PIN').fill(PIN);
  await pinDialog.getByRole('button', { name: 'Confirm and pay' }).click();
  const repeat = page.getByRole('dialog', { name: 'Send the same payment again?' });
  await expect(repeat).toContainText('You paid ₹1,500.00 to this account in the last 20 minutes.');
  await repeat.getByRole('button', { name: 'No' }).click();
  await expect(layout.balance()).toHaveText('₹18,485.00');

  // Previous transactions to this account.
  await pinDialog.getByRole('button', { name: 'Cancel' }).click();
  await row.getByRole('button', { name: 'Last transactions' }).click();
  const last = page.getByRole('dialog', { name: /^Last transactions/ });
  await expect(last).toContainText('₹1,500.00');
  await last.getByRole('spinbutton').fill('21');
  await expect(
    last.getByText('You can check a maximum of 20 transactions at a time.'),
  ).toBeVisible();
  await last.getByRole('button', { name: 'Close' }).click();

  // Delete asks first.
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('AEPS settlement lists only approved accounts, and offers Add while fewer than 2 exist', async ({
  page,
  request,
}) => {
  const retailer = await givenUser(request, { role: RETAILER, name: 'Salma Begum' });
  await signInAs(page, retailer);
  await new AdminLayout(page).open('AEPS Settlement');
  await expect(page.getByText('No Activated Account found')).toBeVisible();

  const first = payableAccount();
  await page.getByRole('button', { name: 'Add Beneficiary' }).click();
  let dialog = await addBeneficiary(page, first, 'Salma Begum');
  await dialog.getByRole('button', { name: 'Save beneficiary' }).click();
  await expect(page.getByText('1 account is awaiting approval by Khata.')).toBeVisible();
  await expect(page.getByText('No Activated Account found')).toBeVisible();

  await page.getByRole('button', { name: 'Add Beneficiary' }).click();
  dialog = await addBeneficiary(page, payableAccount(), 'Salma Begum');
  await dialog.getByRole('button', { name: 'Save beneficiary' }).click();
  await expect(page.getByText('2 accounts are awaiting approval by Khata.')).toBeVisible();
  // Spec §5: at most 2 AEPS accounts.
  await expect(page.getByRole('button', { name: 'Add Beneficiary' })).toHaveCount(0);

  // An admin approves the first; it is listed and can be settled to.
  const token = await adminToken(request);
  const pending = await request.post('/api/admin/getAepsBeneficiaries', {
    headers: { Authorization: `Bearer ${token}` },
    data: { status: 'pending' },
  });
  const { data } = (await pending.json()) as { data: { _id: string; accountNumber: string }[] };
  const id = data.find((entry) => entry.accountNumber === first)?._id;
  const approved = await request.post('/api/admin/approveAepsBeneficiary', {
    headers: { Authorization: `Bearer ${token}`, pin: E2E_ADMIN.pin },
    data: { id, action: 'approve' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.reload();
  const row = page.getByTestId('beneficiary');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(first);
  await row.getByRole('button', { name: 'Settle' }).click();
  const form = page.locator('form#aeps-form');
  await form.getByLabel('Amount (₹)').fill('25000');
  await expect(page.getByTestId('payout-fee')).toHaveText('Fee ₹8.00 · total ₹25,008.00');
  await form.getByLabel('Amount (₹)').fill('25000.01');
  await expect(page.getByTestId('payout-fee')).toHaveText('Fee ₹15.00 · total ₹25,015.01');
});
