import { expect, test } from '@playwright/test';
import {
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  PIN,
  signInAs,
  watchConsole,
} from './admin.helpers.js';
import {
  choose,
  givenRemitter,
  Outbox,
  RETAILER,
  sendTransfer,
  shot,
  customerMobile,
  accountEnding,
  transferReaches,
} from './dmt.helpers.js';

// Issue 25: money transfer for walk-in customers, on the real API with the sandbox provider and
// the sandbox SMS outbox (the customer's OTPs). Screens are kept in /tmp/dmt-shots/ to look at.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 12.9716, longitude: 77.5946 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

test('a retailer registers a walk-in remitter, adds a beneficiary, and sends ₹12,000 as three transfers', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const retailer = await givenUser(request, {
    role: RETAILER,
    name: 'Prakash Rane',
    rupees: '20000',
  });
  const mobile = customerMobile();
  const outbox = new Outbox(mobile);
  await signInAs(page, retailer);
  const layout = new AdminLayout(page);
  await layout.open('Remitters');
  await expect(page).toHaveURL(/\/admin\/remitterKyc$/);

  // An unknown mobile: the registration form.
  await page.getByLabel("Customer's mobile number").fill(mobile);
  const form = page.locator('form#register-remitter');
  await expect(form).toBeVisible();
  await shot(page, info, '1-register');
  await form.getByRole('button', { name: 'Send OTP to the customer' }).click();
  await expect(form.getByText('Please enter the remitter’s date of birth.')).toBeVisible();
  await form.getByLabel('Full name (as on the document)').fill('Ramesh Kumar');
  await form.getByLabel('Date of birth').fill('1990-04-21');
  await form.getByLabel('Address').fill('12 Station Road, Hubli, Karnataka');
  await form.getByLabel('PIN code').fill('580020');
  await choose(page, form.getByLabel('Identity document'), 'Voter ID (EPIC)');
  // Never an Aadhaar number, whatever the document.
  await form.getByLabel('Document number').fill('123412341234');
  await form.getByRole('button', { name: 'Send OTP to the customer' }).click();
  await expect(form.getByText(/Khata does not take Aadhaar numbers/)).toBeVisible();
  await form.getByLabel('Document number').fill('ABC1234567');
  await outbox.mark();
  await form.getByRole('button', { name: 'Send OTP to the customer' }).click();

  const otpBox = page.getByTestId('customer-otp');
  await otpBox.getByLabel("Customer's OTP").fill(await outbox.nextOtp());
  await shot(page, info, '2-register-otp');
  await otpBox.getByRole('button', { name: 'Verify and register' }).click();
  await expect(page.getByTestId('remitter-name')).toHaveText('Ramesh Kumar');
  await expect(page.getByTestId('remitter-state')).toHaveText('Registered, e-KYC not done');
  await expect(page.getByTestId('remitter-month-left')).toHaveText('₹25,000.00');

  // e-KYC by Aadhaar OTP through the sandbox provider (any code but 000000 passes).
  const ekyc = page.getByTestId('remitter-ekyc');
  await ekyc.getByRole('checkbox').check();
  await ekyc.getByRole('button', { name: 'Start e-KYC by Aadhaar OTP' }).click();
  await ekyc.getByLabel('Aadhaar OTP (from UIDAI)').fill('246810');
  await ekyc.getByRole('button', { name: 'Complete e-KYC' }).click();
  await expect(page.getByTestId('remitter-state')).toHaveText('e-KYC done');

  // A beneficiary, confirmed with the remitter's OTP.
  await page.getByRole('button', { name: 'Add beneficiary' }).click();
  const dialog = page.getByRole('dialog', { name: /Add a beneficiary/ });
  await dialog.getByLabel('Bank', { exact: true }).click();
  await page.keyboard.type('State Bank');
  await page.locator('.ant-select-item-option[title="State Bank of India"]').click();
  await dialog.getByLabel('IFSC').fill('SBIN0001234');
  const account = accountEnding('9');
  await dialog.getByLabel('Account number').fill(account);
  await dialog.getByLabel("Account holder's name", { exact: true }).fill('Sita Devi');
  // The name checked with the bank first (the payout's penny drop).
  await dialog.getByRole('checkbox', { name: /Verify the name with the bank/ }).check();
  await outbox.mark();
  await dialog.getByRole('button', { name: 'Send OTP to the remitter' }).click();
  await expect(dialog.getByTestId('verified-payee')).toBeVisible();
  await shot(page, info, '3-beneficiary-otp');
  await dialog.getByLabel("Customer's OTP").fill(await outbox.nextOtp());
  await dialog.getByRole('button', { name: 'Confirm beneficiary' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('dmt-beneficiary').filter({ hasText: 'Sita Devi' });
  await expect(row).toContainText('Active');
  await expect(row).toContainText(account.slice(-4));
  await shot(page, info, '4-remitter');

  // ₹12,000: offered as three transfers before anything is sent.
  await row.getByRole('link', { name: 'Send money' }).click();
  await expect(page).toHaveURL(/\/admin\/dmtPayments\?/);
  const transfer = page.locator('form#dmt-transfer');
  await transfer.getByLabel('Amount (₹)').fill('12000');
  await transfer.getByRole('button', { name: 'Continue' }).click();
  const parts = page.getByTestId('dmt-part');
  await expect(parts).toHaveCount(3);
  await expect(parts.nth(0)).toContainText('₹5,000.00');
  await expect(parts.nth(1)).toContainText('₹5,000.00');
  await expect(parts.nth(2)).toContainText('₹2,000.00');
  await shot(page, info, '5-plan');

  let paid = 0;
  for (let index = 0; index < 3; index += 1) {
    const part = parts.nth(index);
    await outbox.mark();
    await part.getByRole('button', { name: `Send OTP for transfer ${index + 1} of 3` }).click();
    const total = part.getByTestId('dmt-quote-total');
    await expect(total).toHaveText(/^₹[\d,]+\.\d\d$/);
    paid += Number((await total.innerText()).replace(/[₹,]/g, ''));
    await part.getByLabel("Customer's OTP").fill(await outbox.nextOtp());
    if (index === 0) await shot(page, info, '6-transfer-otp');
    await part.getByRole('button', { name: 'Continue to PIN' }).click();
    const pin = page.getByRole('dialog', { name: 'Confirm with your PIN' });
    await pin.getByLabel('PIN').fill(PIN);
    await pin.getByRole('button', { name: 'Confirm and send' }).click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await expect(receipt.getByTestId('receipt-amount')).toHaveText(
      index < 2 ? '₹5,000.00' : '₹2,000.00',
    );
    if (index === 0) await shot(page, info, '7-receipt');
    await receipt.getByRole('button', { name: 'Close' }).last().click();
    await expect(part.getByTestId('dmt-part-status')).toBeVisible();
    // The focus comes back to the part just sent (issue 30), not to the page.
    await expect(part.getByRole('button', { name: 'Receipt', exact: true })).toBeFocused();
  }
  // The fee is charged on top of the amount: the wallet moved by both, no more, no less.
  expect(paid).toBeGreaterThan(12_000);
  await expect(layout.balance()).toHaveText(
    `₹${(20_000 - paid).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
  );
  await expect(page.getByTestId('remitter-month-left')).toHaveText('₹13,000.00');
  await shot(page, info, '8-sent');
  expect(errors).toEqual([]);
});

test('a failed transfer is refunded to the wallet only after the customer’s OTP', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page, [/status of 4\d\d/]);
  const retailer = await givenUser(request, {
    role: RETAILER,
    name: 'Salma Begum',
    rupees: '5000',
  });
  // Account ending 001: the sandbox bank refuses it (account closed).
  const remitter = await givenRemitter(request, retailer, '001');
  const outbox = new Outbox(remitter.mobile);
  const { id } = await sendTransfer(request, remitter, '1000.00');
  // The worker sends it; the sandbox bank refuses it; the money waits for the customer.
  await transferReaches(request, remitter.headers, id, 'refundPending');

  await signInAs(page, retailer);
  const layout = new AdminLayout(page);
  await layout.open('Money Transfer');
  const report = page.getByRole('region', { name: 'DMT transfers' });
  await page.locator('.dmt-queues').getByText('Refund pending', { exact: true }).click();
  const refund = report.getByRole('button', { name: 'Refund with customer OTP' });
  await expect(report.getByTestId('dmt-status').first()).toHaveText('Failed');
  // Failed is not refunded: amount and fee stay held until the customer says so.
  const before = await layout.balance().innerText();
  expect(before).not.toBe('₹5,000.00');
  await shot(page, info, '9-refund-pending');
  await refund.click();
  const dialog = page.getByRole('dialog', { name: "Refund with the customer's OTP" });
  await outbox.mark();
  await dialog.getByRole('button', { name: 'Send OTP to the customer' }).click();
  const code = await outbox.nextOtp();
  const wrong = code === '111111' ? '222222' : '111111';
  await dialog.getByLabel("Customer's OTP").fill(wrong);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(layout.balance()).toHaveText(before);
  await dialog.getByLabel("Customer's OTP").fill(code);
  await shot(page, info, '10-refund-otp');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(layout.balance()).toHaveText('₹5,000.00');
  await expect(report.getByRole('button', { name: 'Refund with customer OTP' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
