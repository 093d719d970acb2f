import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { acceptTermsBeforehand, givenUser, PIN, signInAs } from './admin.helpers.js';
import { RETAILER, shopHeaders, walletOf } from './aeps.helpers.js';
import { choose, Outbox, shot } from './dmt.helpers.js';

// Issue 28: a rent agreement drafted at the counter, paid from the wallet (stamp duty + service
// charge shown before), stamped by the sandbox e-stamp vendor, e-signed by both parties with
// the sandbox Aadhaar eSign (OTPs read from the sandbox SMS outbox), its signed PDF downloaded
// and turned into a picture with pdftoppm (/tmp/rent-shots/), then tracked on the public page.

const PDFS = '/tmp/rent-shots';
const freshMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

test.use({ permissions: ['geolocation'], geolocation: { latitude: 18.5204, longitude: 73.8567 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

async function fillParty(page: Page, index: number, party: Record<string, string>) {
  const card = page.locator('.rent-party').nth(index);
  await card.getByLabel('Name', { exact: true }).fill(party.name!);
  await card.getByLabel('Father’s or mother’s name').fill(party.parentName!);
  await card.getByLabel('Address').fill(party.address!);
  await card.getByLabel('Mobile').fill(party.mobile!);
  await card.getByLabel('PAN or Aadhaar last 4').fill(party.idValue!);
}

test('a retailer drafts a Maharashtra rent agreement, pays it, both parties e-sign, the signed PDF opens and the customer tracks it', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const user = await givenUser(request, {
    role: RETAILER,
    name: 'Kiran Rent Shop',
    rupees: '20000',
  });
  const headers = await shopHeaders(request, user);
  await signInAs(page, user);
  const landlordMobile = freshMobile();
  const tenantMobile = freshMobile();

  await page.goto('/admin/rent-agreement');
  await expect(page.getByRole('heading', { level: 1, name: 'Rent Agreement' })).toBeVisible();
  await choose(page, page.getByLabel('State'), 'Maharashtra');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('Property address').fill('Flat 4, Shanti Apartments, Baner, Pune 411045');
  await fillParty(page, 0, {
    name: 'Anil Deshmukh',
    parentName: 'Vasant Deshmukh',
    address: '12 MG Road, Pune 411001',
    mobile: landlordMobile,
    idValue: 'ABCDE1234F',
  });
  await fillParty(page, 1, {
    name: 'Priya Nair',
    parentName: 'Suresh Nair',
    address: '7 Park Street, Kochi 682001',
    mobile: tenantMobile,
    idValue: '4321',
  });
  await page.getByLabel('Monthly rent (₹)').fill('15000');
  await page.getByLabel('Deposit (₹)').fill('45000');
  await page.getByLabel('Lock-in (months)').fill('3');
  // The live breakdown: 0.25% of (15,000 × 11 + 45,000) = ₹525, + ₹299; and the warnings.
  const breakdown = page.getByLabel('Price breakdown');
  await expect(breakdown).toContainText('₹525.00');
  await expect(breakdown).toContainText('₹824.00');
  await expect(
    page.getByText('In Maharashtra every leave and licence agreement must be registered'),
  ).toBeVisible();
  await expect(page.getByText('The deposit is more than 2 months’ rent')).toBeVisible();
  // A lock-in longer than the term is the API's refusal, said on the form.
  await page.getByLabel('Lock-in (months)').fill('12');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The lock-in cannot be longer than the term.' }),
  ).toBeVisible();
  await page.getByLabel('Lock-in (months)').fill('3');
  await page.getByLabel('Deposit (₹)').fill('30000');
  await expect(breakdown).toContainText('₹488.00');
  await shot(page, info, 'rent-draft-form');
  await page.getByRole('button', { name: 'Save draft' }).click();

  await expect(page).toHaveURL(/\/admin\/rentAgreement\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Rent agreement RA/ })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Price breakdown')).toContainText('₹787.00');
  const before = await walletOf(request, headers);

  await page.getByRole('button', { name: 'Pay and buy the e-stamp' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay for the rent agreement' });
  await dialog.getByLabel('PIN').fill(PIN);
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/pay') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Pay' }).click();
  const paid = await answered;
  expect(paid.status(), await paid.text()).toBe(200);
  expect(paid.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  const agreement = (
    (await paid.json()) as {
      data: { id: string; reference: string; total: number; commission: number };
    }
  ).data;
  await expect(page.getByText('Sent for signing', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/E-stamp IN-MH\d{14}[A-Z]/)).toBeVisible();
  // One debit of stamp duty + service charge, the shop's commission (net of TDS) back.
  const spent = before - (await walletOf(request, headers));
  expect(spent).toBeLessThanOrEqual(agreement.total);
  expect(spent).toBeGreaterThanOrEqual(agreement.total - agreement.commission);

  for (const [label, mobile] of [
    ['Landlord 1', landlordMobile],
    ['Tenant 1', tenantMobile],
  ] as const) {
    const outbox = new Outbox(mobile);
    await outbox.mark();
    await page.getByRole('button', { name: `Send OTP to ${label}` }).click();
    await expect(page.getByText(`OTP sent to XXXXXX${mobile.slice(-4)}.`)).toBeVisible();
    await page.getByLabel(`OTP of ${label}`).fill(await outbox.nextOtp());
    await page.getByRole('button', { name: `Sign as ${label}` }).click();
    await expect(page.getByRole('button', { name: `Sign as ${label}` })).toHaveCount(0);
  }
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await shot(page, info, 'rent-completed');

  mkdirSync(PDFS, { recursive: true });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download signed PDF' }).click();
  const file = await download;
  const pdf = `${PDFS}/signed-${info.project.name}.pdf`;
  await file.saveAs(pdf);
  expect(file.suggestedFilename()).toBe(`rent-agreement-${agreement.reference}-signed.pdf`);
  // The PDF opens: pdftoppm renders its first page (looked at by hand, /tmp/rent-shots/).
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    pdf,
    `${PDFS}/signed-${info.project.name}`,
  ]);
  expect(existsSync(`${PDFS}/signed-${info.project.name}-1.png`)).toBe(true);

  // The list of the shop's agreements has it, and opens it.
  await page.goto('/admin/rental-agreement');
  await expect(page.getByRole('heading', { level: 1, name: 'Rent Agreements' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: agreement.reference });
  await expect(row).toContainText('Completed');
  await row.getByRole('link', { name: agreement.reference }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/rentAgreement/${agreement.id}$`));

  // The customer tracks it on the public page, by reference and mobile.
  await page.goto('/trackAgreement');
  const tracker = page.locator('form#track-agreement');
  await tracker.getByLabel('Agreement reference').fill(agreement.reference);
  await tracker.getByLabel('Mobile number').fill(tenantMobile);
  await tracker.getByRole('button', { name: 'Track agreement' }).click();
  const answer = page.locator('.track-agreement__answer');
  await expect(answer).toContainText('Completed');
  await expect(answer).toContainText('Priya N.');
  await shot(page, info, 'rent-track');
});

test('the public rent agreement page prices every state from the API', async ({ page }, info) => {
  await page.goto('/rental-agreement');
  const table = page.locator('.rent-prices');
  await expect(table).toContainText('Maharashtra');
  await expect(table).toContainText('Telangana');
  await expect(table).toContainText('₹787');
  await shot(page, info, 'rent-public-prices');
});
