import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  acceptTermsBeforehand,
  AdminLayout,
  adminToken,
  watchConsole,
  nameInRun,
} from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';
import { signedHeaders } from '../support/partner-signing.js';
import { apiKeyOtpFor, lastSmsTo, temporaryPasswordFor } from './sandbox-sms.js';
import { freshMobile, LoginScreen } from './signin.helpers.js';

test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

/**
 * Signs in at a door and waits for the landing page. Patient: the location step before the
 * form can take a while on a busy machine.
 */
async function signInAt(
  page: Page,
  door: string,
  user: { mobile: string; password: string },
  landing: RegExp,
) {
  const login = new LoginScreen(page);
  await page.goto(door);
  await expect(login.mobile()).toBeVisible({ timeout: 30_000 });
  await login.signIn(user.mobile, user.password);
  await expect(page).toHaveURL(landing, { timeout: 30_000 });
}

/** Nothing wider than the screen: no sideways scroll on a phone. */
async function noSidewaysScroll(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => {
    const view = globalThis as unknown as {
      innerWidth: number;
      document: { documentElement: { scrollWidth: number } };
    };
    return { scrollWidth: view.document.documentElement.scrollWidth, width: view.innerWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test('an admin creates a partner, who makes an API key and sees its signed payout call', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  // The forced password screen's 4031s (403) are expected: the area waits until it is done; so
  // is the 422 of the wrong PIN tried in the new key's dialog.
  const errors = watchConsole(page, [/status of 403/, /status of 422/]);
  const partner = {
    name: 'Meera Shah',
    mobile: freshMobile(),
    business: nameInRun('Acme Payroll', info),
    password: 'partner-2468',
    pin: '5791',
  };

  // The admin makes the partner from the Create Partner screen.
  await signInAt(page, '/login', E2E_ADMIN, /\/admin\/dashboard$/);
  await new AdminLayout(page).open('Create Partner');
  await expect(page).toHaveURL(/\/admin\/createPartner$/);
  const form = page.locator('form#create-partner');
  await form.getByLabel('Contact name').fill(partner.name);
  await form.getByLabel('Mobile number').fill(partner.mobile);
  await form.getByLabel('Business name').fill(partner.business);
  // No password or PIN to choose: the partner gets a temporary password by SMS.
  await expect(form.getByLabel('Initial password')).toHaveCount(0);
  await expect(form.getByLabel('Initial PIN')).toHaveCount(0);
  await page.screenshot({
    path: info.outputPath(`create-partner-${info.project.name}.png`),
    fullPage: true,
  });
  // Issue 31: making a partner takes the admin's own PIN.
  await form.getByLabel('Your PIN').fill(E2E_ADMIN.pin);
  await form.getByRole('button', { name: 'Create partner' }).click();
  await expect(page.getByTestId('partner-created')).toContainText(partner.mobile);
  await noSidewaysScroll(page);

  // Its wallet is funded like anyone's.
  const credited = await request.post('/api/admin/creditWallet', {
    headers: {
      Authorization: `Bearer ${await adminToken(request)}`,
      pin: E2E_ADMIN.pin,
      'Idempotency-Key': randomUUID(),
    },
    data: { mobile: partner.mobile, amount: '5000', remark: 'e2e partner float' },
  });
  expect(credited.status(), await credited.text()).toBe(200);

  // The partner signs in at its own door and lands in its own area, with no admin sidebar.
  await page.context().clearCookies();
  await acceptTermsBeforehand(page.context(), info.project.use.baseURL);
  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear(),
  );
  const temporary = await temporaryPasswordFor(partner.mobile);
  await signInAt(
    page,
    '/partnerLogin',
    { mobile: partner.mobile, password: temporary },
    /\/partner\/dashboard$/,
  );
  // First its own password and PIN: nothing of the partner area until then.
  await expect(page.getByRole('heading', { name: 'Set your password and PIN' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('partner-name')).toHaveCount(0);
  await page.screenshot({
    path: info.outputPath(`partner-set-credentials-${info.project.name}.png`),
    fullPage: true,
  });
  await noSidewaysScroll(page);
  await page.getByLabel('New password', { exact: true }).fill(partner.password);
  await page.getByLabel('Confirm new password').fill(partner.password);
  await page.getByLabel('New transaction PIN', { exact: true }).fill(partner.pin);
  await page.getByLabel('Confirm new PIN').fill(partner.pin);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // The partner area is its own lazy chunk: slow to arrive on a busy machine.
  await expect(page.getByTestId('partner-name')).toHaveText(partner.business, { timeout: 30_000 });
  await expect(page.getByTestId('partner-wallet')).toHaveText('₹5,000.00');
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);

  // A key: the OTP sent to the registered mobile and the PIN (issue 31), then the key id and the
  // secret, the secret shown once.
  await page.getByLabel('Key name').fill('Orders server');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm the new API key' });
  await expect(stepUp).toContainText(
    `An OTP has been sent to your registered mobile ending ${partner.mobile.slice(-4)}.`,
  );
  await expect(stepUp.getByLabel('OTP')).toBeVisible();
  await expect(stepUp.getByLabel('PIN')).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath(`partner-key-step-up-${info.project.name}.png`) });
  // A wrong PIN is refused in the dialog, which stays open with the OTP kept.
  const otp = await apiKeyOtpFor(partner.mobile);
  await stepUp.getByLabel('OTP').fill(otp);
  await stepUp.getByLabel('PIN').fill(partner.pin === '0000' ? '1111' : '0000');
  await stepUp.getByRole('button', { name: 'Create key' }).click();
  await expect(stepUp.getByRole('alert')).toContainText('Incorrect PIN');
  await stepUp.getByLabel('PIN').fill(partner.pin);
  await stepUp.getByRole('button', { name: 'Create key' }).click();
  await expect(stepUp).toHaveCount(0);
  const keyId = (await page.getByTestId('new-key-id').innerText()).trim();
  expect(keyId).toMatch(/^kh_live_[0-9a-f]{8}$/);
  const shown = page.getByTestId('shown-once');
  const secret = (await shown.innerText()).trim();
  expect(secret).toMatch(/^kh_secret_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('api-key-row').filter({ hasText: keyId })).toContainText('Active');
  // The partner is told out of band.
  expect(await lastSmsTo(partner.mobile)).toMatch(
    new RegExp(`^A new API key "Orders server" \\(${keyId};`),
  );
  await page.screenshot({
    path: info.outputPath(`partner-key-made-${info.project.name}.png`),
    fullPage: true,
  });
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByTestId('new-key')).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByTestId('api-key-row').filter({ hasText: keyId })).toContainText(
    `Key id ${keyId}`,
  );

  // The partner's systems pay out with the key id, the call signed with the secret.
  const body = JSON.stringify({
    amount: '250.00',
    beneficiaryName: 'Ravi Kumar',
    beneficiaryAccountNumber: `50${String(Date.now()).slice(-8)}123`,
    beneficiaryIfscCode: 'SBIN0001234',
    paymentMode: 'IMPS',
  });
  const paid = await request.post('/api/partner/v1/payouts', {
    headers: {
      'content-type': 'application/json',
      ...signedHeaders({ keyId, secret }, 'POST', '/api/partner/v1/payouts', body),
      'idempotency-key': randomUUID(),
    },
    data: body,
  });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.reload();
  const payout = page.getByRole('listitem').filter({ hasText: 'Ravi Kumar' });
  await expect(payout).toContainText('₹250.00', { timeout: 15_000 });
  await expect(page.getByTestId('partner-wallet')).not.toHaveText('₹5,000.00');
  await noSidewaysScroll(page);
  await page.screenshot({
    path: info.outputPath(`partner-dashboard-${info.project.name}.png`),
    fullPage: true,
  });
  expect(errors).toEqual([]);
});
