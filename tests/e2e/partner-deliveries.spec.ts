import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptTermsBeforehand, adminToken, signInAs, watchConsole } from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';
import { freshMobile, LoginScreen } from './signin.helpers.js';
import { signedHeaders, type PartnerKey } from '../support/partner-signing.js';
import { apiKeyOtpFor, temporaryPasswordFor } from './sandbox-sms.js';

test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

/** The partner's webhook: a local server that takes every event (the API runs on this machine). */
let server: Server;
let webhookUrl: string;
const received: string[] = [];
test.beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(String(request.headers['x-khata-event-id']));
    request.resume();
    request.on('end', () => response.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/khata`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A partner made and funded by the admin through the API, with a key and a webhook. */
async function givenPartner(request: APIRequestContext, project: string) {
  const partner = {
    name: 'Meera Shah',
    mobile: freshMobile(),
    business: `Acme Payroll ${project}`,
    password: 'partner-2468',
    pin: '5791',
  };
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const created = await request.post('/api/admin/createPartner', {
    headers: { ...admin, pin: E2E_ADMIN.pin },
    data: {
      name: partner.name,
      mobile: partner.mobile,
      businessName: partner.business,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const id = ((await created.json()) as { user: { id: string } }).user.id;
  const credited = await request.post('/api/admin/creditWallet', {
    headers: { ...admin, pin: E2E_ADMIN.pin, 'Idempotency-Key': randomUUID() },
    data: { mobile: partner.mobile, amount: '5000', remark: 'e2e partner float' },
  });
  expect(credited.status(), await credited.text()).toBe(200);
  // A partner's first sign-in is with the temporary password from the SMS, then its own.
  const first = await request.post('/api/auth/partner-login', {
    data: { mobile: partner.mobile, password: await temporaryPasswordFor(partner.mobile) },
  });
  expect(first.status(), await first.text()).toBe(200);
  const set = await request.post('/api/auth/setCredentials', {
    headers: { Authorization: `Bearer ${((await first.json()) as { token: string }).token}` },
    data: { newPassword: partner.password, newPin: partner.pin },
  });
  expect(set.status(), await set.text()).toBe(200);
  const session = { Authorization: `Bearer ${((await set.json()) as { token: string }).token}` };
  const asked = await request.post('/api/partner/apiKeys/createOtp', {
    headers: session,
    data: { name: 'Orders server', scopes: ['payouts:write', 'payouts:read'] },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const key = await request.post('/api/partner/apiKeys/create', {
    headers: { ...session, pin: partner.pin },
    data: {
      referenceKey: ((await asked.json()) as { referenceKey: string }).referenceKey,
      otp: await apiKeyOtpFor(partner.mobile),
    },
  });
  expect(key.status(), await key.text()).toBe(200);
  const made = (await key.json()) as PartnerKey;
  const webhook = await request.post('/api/partner/webhook', {
    headers: session,
    data: { url: webhookUrl },
  });
  expect(webhook.status(), await webhook.text()).toBe(200);
  return { ...partner, id, apiKey: made, prefix: made.keyId };
}

/** The partner's systems pay out: a signed call over the raw body. */
async function signedPayout(request: APIRequestContext, apiKey: PartnerKey) {
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
      ...signedHeaders(apiKey, 'POST', '/api/partner/v1/payouts', body),
      'idempotency-key': randomUUID(),
    },
    data: body,
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return ((await paid.json()) as { payout: { _id: string; payload: { orderID: string } } }).payout;
}

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

test('a partner pays out through the signed API, then sees the fee, UTR, receipt and webhook delivery; an admin sees its keys and deliveries', async ({
  page,
  request,
}, info) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  const project = info.project.name;
  const partner = await givenPartner(request, project);
  const payout = await signedPayout(request, partner.apiKey);
  const orderId = payout.payload.orderID;

  // The partner signs in at its own door.
  const login = new LoginScreen(page);
  await page.goto('/partnerLogin');
  await expect(login.mobile()).toBeVisible({ timeout: 30_000 });
  await login.signIn(partner.mobile, partner.password);
  await expect(page).toHaveURL(/\/partner\/dashboard$/, { timeout: 30_000 });

  // Its payout: processed by the bank, with the fee, the UTR and the status on the list.
  const row = page.getByTestId('partner-payout').filter({ hasText: orderId });
  await expect(row.getByTestId('partner-payout-status')).toHaveText('processed', {
    timeout: 30_000,
  });
  await expect(row.getByTestId('partner-payout-fee')).toHaveText(/^Fee ₹\d/);
  await expect(row.getByTestId('partner-payout-utr')).toHaveText(/^UTR [A-Z0-9]{6,}$/);
  const utr = (await row.getByTestId('partner-payout-utr').innerText()).replace('UTR ', '');
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/partner-payouts-${project}.png`, fullPage: true });

  // The portal's receipt: the same dialog the rest of the portal shows.
  await row.getByRole('button', { name: 'Receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipt' });
  await expect(dialog.getByTestId('receipt-headline')).toHaveText('Paid to the bank');
  await expect(dialog).toContainText(orderId);
  await dialog.getByText('Shop copy').click();
  await expect(dialog).toContainText(utr);
  await expect(dialog).toContainText('Fee');
  await page.screenshot({ path: `/tmp/partner-receipt-${project}.png` });
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);

  // Its webhook deliveries: each event of the payout, answered 200.
  await page
    .getByRole('navigation', { name: 'Partner menu' })
    .getByText('Webhook deliveries')
    .click();
  await expect(page).toHaveURL(/\/partner\/webhookDeliveries$/);
  const processed = page
    .getByTestId('delivery-row')
    .filter({ hasText: `evt-${payout._id}-processed` });
  await expect(processed).toContainText(orderId, { timeout: 30_000 });
  await expect(processed.getByTestId('delivery-status')).toHaveText('delivered', {
    timeout: 30_000,
  });
  await expect(processed).toContainText('200');
  await expect(processed).toContainText('IST');
  expect(received).toContain(`evt-${payout._id}-processed`);
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/partner-deliveries-${project}.png`, fullPage: true });
  expect(errors).toEqual([]);

  // An admin opens the partner's User details: its keys and its deliveries.
  await page.context().clearCookies();
  await acceptTermsBeforehand(page.context(), info.project.use.baseURL);
  await signInAs(page, E2E_ADMIN);
  await page.goto(`/admin/userDetails?id=${partner.id}`);
  const keys = page.getByTestId('partner-api-keys');
  const key = keys.getByTestId('api-key-row').filter({ hasText: partner.prefix });
  await expect(key).toContainText('Active', { timeout: 30_000 });
  await expect(key).toContainText('payouts:write');
  await expect(key).toContainText('Last used');
  const deliveries = page.getByTestId('partner-deliveries');
  await expect(
    deliveries.getByTestId('delivery-row').filter({ hasText: `evt-${payout._id}-processed` }),
  ).toContainText('delivered');
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/partner-admin-view-${project}.png`, fullPage: true });

  // Revoke with the admin's PIN: the key stops, and the list says so.
  await key.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: "Revoke the partner's API key" });
  await confirm.getByLabel('PIN').fill(E2E_ADMIN.pin);
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(key).toContainText('Revoked');
  const path = `/api/partner/v1/payouts/${payout._id}`;
  const refused = await request.get(path, {
    headers: signedHeaders(partner.apiKey, 'GET', path, ''),
  });
  expect(refused.status()).toBe(401);
});
