import { mkdirSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  PIN,
  signInAs,
  watchConsole,
} from './admin.helpers.js';
import { customerMobile, givenRemitter, Outbox } from './dmt.helpers.js';

// Issue 25: PPI money transfer, DMT's screen for a customer's prepaid wallet, on the real API
// with the sandbox providers (the sender mobile's last digit chooses the wallet: 1 minimum
// KYC, any of 3 to 7 full KYC with ₹50,000 a month). Screens are kept in /tmp/ppi-shots/.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 12.9716, longitude: 77.5946 } });

const RETAILER = 'khataEmployee2';
const SHOTS = '/tmp/ppi-shots';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

async function shot(page: Page, info: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${info.project.name}.png`, fullPage: true });
}

test('a full-KYC sender sends ₹2,500 from their wallet with OTP and PIN, and the wallet balance moves', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const retailer = await givenUser(request, {
    role: RETAILER,
    name: 'Meena Iyer',
    rupees: '10000',
  });
  const remitter = await givenRemitter(request, retailer, '9', { mobile: customerMobile('5') });
  const outbox = new Outbox(remitter.mobile);
  await signInAs(page, retailer);
  const layout = new AdminLayout(page);
  await layout.open('PPI Money Transfer');
  await expect(page).toHaveURL(/\/admin\/ppi-money-transfer$/);

  await page.getByLabel("Customer's mobile number").fill(remitter.mobile);
  await expect(page.getByTestId('ppi-wallet-tier')).toHaveText('Full KYC');
  await expect(page.getByTestId('ppi-wallet')).toContainText('₹50,000.00 a month');
  await expect(page.getByTestId('remitter-month-left')).toHaveText('₹50,000.00');
  const transfer = page.locator('form#dmt-transfer');
  await transfer.getByLabel('Amount (₹)').fill('2500');
  await shot(page, info, '1-sender');
  await transfer.getByRole('button', { name: 'Continue' }).click();
  const part = page.getByTestId('dmt-part');
  await expect(part).toHaveCount(1);
  await outbox.mark();
  await part.getByRole('button', { name: /^Send OTP for transfer/ }).click();
  const total = part.getByTestId('dmt-quote-total');
  // The ppi scheme's fee: 1.2% above ₹1,000.
  await expect(total).toHaveText('₹2,530.00');
  await part.getByLabel("Customer's OTP").fill(await outbox.nextOtp());
  await shot(page, info, '2-otp');
  await part.getByRole('button', { name: 'Continue to PIN' }).click();
  const pin = page.getByRole('dialog', { name: 'Confirm with your PIN' });
  await pin.getByLabel('PIN').fill(PIN);
  await pin.getByRole('button', { name: 'Confirm and send' }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₹2,500.00');
  await expect(receipt).toContainText('PPI money transfer');
  await shot(page, info, '3-receipt');
  await receipt.getByRole('button', { name: 'Close' }).last().click();
  await expect(part.getByTestId('dmt-part-status')).toBeVisible();
  await expect(layout.balance()).toHaveText('₹7,470.00');
  await expect(page.getByTestId('remitter-month-left')).toHaveText('₹47,500.00');
  const report = page.getByRole('region', { name: 'PPI transfers' });
  await expect(report.getByTestId('dmt-status').first()).toBeVisible();
  await shot(page, info, '4-sent');
  expect(errors).toEqual([]);
});

test('a minimum-KYC sender is told why they cannot send', async ({ page, request }, info) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const retailer = await givenUser(request, { role: RETAILER, name: 'Arjun Nair', rupees: '5000' });
  const remitter = await givenRemitter(request, retailer, '9', { mobile: customerMobile('1') });
  await signInAs(page, retailer);
  const layout = new AdminLayout(page);
  await layout.open('PPI Money Transfer');
  await page.getByLabel("Customer's mobile number").fill(remitter.mobile);
  await expect(page.getByTestId('ppi-wallet-tier')).toHaveText('Minimum KYC');
  await expect(page.getByTestId('ppi-minimum-kyc')).toContainText(
    'RBI allows no money transfer from it',
  );
  await expect(page.locator('form#dmt-transfer')).toHaveCount(0);
  await shot(page, info, '5-minimum-kyc');
  await expect(layout.balance()).toHaveText('₹5,000.00');
  expect(errors).toEqual([]);
});
