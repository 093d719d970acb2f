import { expect, type Page } from '@playwright/test';
import { AadhaarMessages, AepsMessages, formatPaise, RUPEE } from '@khata/domain';
import {
  acceptTermsBeforehand,
  AdminLayout,
  adminToken,
  givenUser,
  nameInRun,
  signInAs,
  watchConsole,
} from './admin.helpers.js';
import {
  AEPS_OUTCOME,
  AepsCounter,
  aepsStatusOf,
  aepsTransaction,
  readyAgent,
  RETAILER,
  shopHeaders,
  test,
  walletOf,
  testAadhaar,
  wrongCheckDigit,
  type AepsTransactionData,
} from './aeps.helpers.js';
import { shot } from './dmt.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';

// Issue 26: AEPS at the counter (/admin/aeps) and its report (/admin/aepsReport), against the
// sandbox RD service (one per worker, `?rdPort=`) and the sandbox AEPS provider. Balances and
// rows are read back through the API as well as on screen.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 12.9716, longitude: 77.5946 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

/** A KYC-approved retailer (employee 2, the aeps service by default), signed in. */
async function givenShop(page: Page, request: Parameters<typeof givenUser>[0], name: string) {
  const user = await givenUser(request, { role: RETAILER, name });
  const headers = await shopHeaders(request, user);
  await signInAs(page, user);
  return { user, headers };
}

/** The rupees a figure on screen shows (`₹2,512.50` → 2512.5). */
const rupeesOn = (text: string) => Number(text.replace(/[₹,\s]/g, ''));

test('registers the shop owner for AEPS with their Aadhaar and a fingerprint read from the scanner', async ({
  page,
  request,
  rd,
}, info) => {
  const errors = watchConsole(page);
  const { headers } = await givenShop(page, request, nameInRun('Asha Kirana', info));
  rd.setMode('ready');
  const counter = new AepsCounter(page, rd);
  await counter.open();
  const card = page.locator('.aeps-setup');
  await expect(card.getByText('Register for AEPS')).toBeVisible();
  // No customer can be served before registration: the transactions are not offered.
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Register' })).toBeDisabled();

  // A poor capture is asked for again, with the quality score.
  rd.setMode('poor');
  await card.getByRole('button', { name: 'Capture your fingerprint' }).click();
  await expect(card.getByText('Place the finger again, it was not read clearly')).toBeVisible({
    timeout: 20_000,
  });
  await expect(card.getByText('Quality score: 32 out of 100')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Register' })).toBeDisabled();

  rd.setMode('ready');
  await card.getByLabel('Your Aadhaar number').fill(testAadhaar());
  await card.getByRole('button', { name: 'Capture your fingerprint' }).click();
  await expect(card.getByText('Fingerprint captured')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('Quality score: 84 out of 100')).toBeVisible();
  await shot(page, info, 'aeps-01-register');
  await card.getByRole('button', { name: 'Register' }).click();

  // Registered: today's authentication is asked next, and the API says the same.
  await expect(page.getByRole('region', { name: 'Authenticate for today' })).toBeVisible();
  await expect(page.locator('.aeps-kinds').getByText('Cash withdrawal')).toBeVisible();
  const status = await aepsStatusOf(request, headers);
  expect(status.registered).toBe(true);
  expect(status.dailyAuthToday).toBe(false);
  expect(errors).toEqual([]);
});

test('authenticates the agent for today, and cash withdrawal waits for it while enquiries do not', async ({
  page,
  request,
  rd,
}, info) => {
  const errors = watchConsole(page);
  const { headers } = await givenShop(page, request, nameInRun('Bharat Medicals', info));
  await readyAgent(request, headers, rd, { dailyAuth: false });
  const counter = new AepsCounter(page, rd);
  await counter.open();
  const banner = page.getByRole('region', { name: 'Authenticate for today' });
  await expect(banner).toBeVisible();

  // Balance enquiry is open; cash withdrawal says why it waits and cannot be sent.
  await expect(page.getByRole('radio', { name: 'Balance enquiry' })).toBeChecked();
  await expect(page.getByLabel('Customer’s Aadhaar number')).toBeEnabled();
  await counter.choose('Cash withdrawal');
  const panel = counter.form();
  await expect(panel.getByText(AepsMessages.dailyAuthNeeded)).toBeVisible();
  await expect(panel.getByLabel('Customer’s Aadhaar number')).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await shot(page, info, 'aeps-02-daily-auth');

  rd.setMode('ready');
  await banner.getByRole('button', { name: 'Capture your fingerprint' }).click();
  await expect(banner.getByText('Fingerprint captured')).toBeVisible({ timeout: 20_000 });
  await banner.getByRole('button', { name: 'Authenticate' }).click();
  await expect(banner).toBeHidden();
  await expect(counter.form().getByLabel('Customer’s Aadhaar number')).toBeEnabled();
  expect((await aepsStatusOf(request, headers)).dailyAuthToday).toBe(true);
  expect(errors).toEqual([]);
});

/** 58 mm in CSS pixels (96 per inch). */
const ROLL_PX = (58 / 25.4) * 96;

test('a ₹2,500 cash withdrawal credits the AEPS balance, pays the commission to the wallet and prints on a 58 mm roll', async ({
  page,
  request,
  rd,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.addInitScript('window.printed = 0; window.print = () => { window.printed += 1; };');
  const { headers } = await givenShop(page, request, nameInRun('Chandra Stores', info));
  await readyAgent(request, headers, rd);
  const before = (await aepsStatusOf(request, headers)).aepsBalance;
  const walletBefore = await walletOf(request, headers);
  const counter = new AepsCounter(page, rd);
  await counter.open();
  await expect(counter.balance()).toHaveText(formatPaise(Math.round(before * RUPEE)));

  const aadhaar = testAadhaar(AEPS_OUTCOME.success);
  await counter.choose('Cash withdrawal');
  await counter.fill({ aadhaar, amount: '2500' });
  // Grouped 4-4-4 as typed.
  await expect(page.getByLabel('Customer’s Aadhaar number')).toHaveValue(
    `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)} ${aadhaar.slice(8)}`,
  );
  await counter.capture();
  await expect(page.getByText('Quality score: 84 out of 100')).toBeVisible();
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/aeps/transactions') && response.request().method() === 'POST',
  );
  await counter.submit().click();
  const sent = (await (await answered).json()) as { data: AepsTransactionData };
  // The Aadhaar number went once, and is gone from the form.
  await expect(page.getByLabel('Customer’s Aadhaar number')).toHaveValue('');

  const result = counter.result();
  // The answer takes the focus (issue 30): a keyboard user goes on from it, a reader reads it.
  await expect(result).toBeFocused();
  await expect(result.getByTestId('aeps-result-status')).toHaveText('Success', {
    timeout: 20_000,
  });
  await expect(result).toContainText(`XXXX XXXX ${aadhaar.slice(-4)}`);
  await expect(result).not.toContainText(aadhaar);
  await expect(result).toContainText('State Bank of India');

  // The API: the AEPS balance got the ₹2,500 the customer took in cash, the wallet the
  // shop's commission (the `aeps` scheme's slab, net of TDS).
  const one = await request.get(`/api/aeps/transactions/${sent.data.id}`, { headers });
  const transaction = ((await one.json()) as { data: AepsTransactionData }).data;
  expect(transaction.status).toBe('processed');
  expect(transaction.amount).toBe(2500);
  expect(transaction.credited).toBe(2500);
  expect(transaction.commission).toBeGreaterThan(0);
  expect(transaction.rrn).toMatch(/^\d{12}$/);
  const after = (await aepsStatusOf(request, headers)).aepsBalance;
  expect(after).toBeCloseTo(before + 2500, 2);
  expect(await walletOf(request, headers)).toBeCloseTo(walletBefore + transaction.commission, 2);
  await expect(result).toContainText(transaction.rrn!);
  await expect(result).toContainText(formatPaise(Math.round(transaction.commission * RUPEE)));
  // On screen: the balance changed to the API's figure.
  await expect(counter.balance()).toHaveText(formatPaise(Math.round(after * RUPEE)));
  expect(rupeesOn((await counter.balance().textContent()) ?? '')).toBeGreaterThan(before);
  await shot(page, info, 'aeps-03-withdrawal');

  // The receipt, on a 58 mm thermal roll.
  await result.getByRole('button', { name: 'Receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipt' });
  const copy = dialog.getByRole('article', { name: 'Customer copy' });
  await expect(copy.getByTestId('receipt-amount')).toHaveText('₹2,500.00');
  await expect(copy).toContainText(`XXXX XXXX ${aadhaar.slice(-4)}`);
  await expect(copy).toContainText(transaction.rrn!);
  await expect(copy).not.toContainText('Commission');
  // The shop's copy adds the commission paid to the wallet.
  await dialog.getByText('Shop copy', { exact: true }).click();
  await expect(dialog.getByRole('article', { name: 'Shop copy' })).toContainText(
    formatPaise(Math.round(transaction.commission * RUPEE)),
  );
  await dialog.getByText('Customer copy', { exact: true }).click();
  await dialog.getByText('Thermal 58 mm', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Print' }).click();
  await expect.poll(() => page.evaluate('window.printed')).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('body > .receipt-print-copy--thermal');
  await expect(printed).toBeVisible();
  const width = await printed.evaluate((element) => element.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(ROLL_PX * 0.8);
  expect(width).toBeLessThanOrEqual(ROLL_PX);
  await expect(printed).toContainText(transaction.rrn!);
  await expect(printed).not.toContainText(aadhaar);
  await shot(page, info, 'aeps-04-thermal');
  await page.emulateMedia({ media: 'screen' });
  expect(errors).toEqual([]);
});

test('a balance enquiry shows the balance the bank reported', async ({
  page,
  request,
  rd,
}, info) => {
  const errors = watchConsole(page);
  const { headers } = await givenShop(page, request, nameInRun('Deepa Xerox', info));
  await readyAgent(request, headers, rd);
  const before = (await aepsStatusOf(request, headers)).aepsBalance;
  const counter = new AepsCounter(page, rd);
  await counter.open();
  await counter.choose('Balance enquiry');
  await expect(counter.form().getByLabel('Amount (₹)')).toHaveCount(0);
  await counter.fill({ aadhaar: testAadhaar() });
  await counter.capture();
  await counter.submit().click();
  const result = counter.result();
  await expect(result.getByTestId('aeps-result-status')).toHaveText('Success', {
    timeout: 20_000,
  });
  const balance = result.locator('.ant-descriptions-row').filter({ hasText: 'Customer’s balance' });
  await expect(balance).toContainText(/₹[\d,]+\.\d\d/);
  // An enquiry moves no money.
  expect((await aepsStatusOf(request, headers)).aepsBalance).toBe(before);
  await shot(page, info, 'aeps-05-balance');
  expect(errors).toEqual([]);
});

test('a mini statement shows the bank’s last transactions as a table', async ({
  page,
  request,
  rd,
}, info) => {
  const errors = watchConsole(page);
  const { headers } = await givenShop(page, request, nameInRun('Esha Traders', info));
  await readyAgent(request, headers, rd);
  const counter = new AepsCounter(page, rd);
  await counter.open();
  await counter.choose('Mini statement');
  await counter.fill({ aadhaar: testAadhaar() });
  await counter.capture();
  await counter.submit().click();
  const result = counter.result();
  await expect(result.getByTestId('aeps-result-status')).toHaveText('Success', {
    timeout: 20_000,
  });
  const lines = result.getByRole('table').locator('tbody tr.ant-table-row');
  await expect(lines).toHaveCount(5);
  await expect(lines.first()).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(lines.first()).toContainText(/Cr|Dr/);
  await shot(page, info, 'aeps-06-statement');
  expect(errors).toEqual([]);
});

test('refuses an Aadhaar number with a wrong check digit in the form, and sends nothing', async ({
  page,
  request,
  rd,
}, info) => {
  const errors = watchConsole(page);
  const { headers } = await givenShop(page, request, nameInRun('Farida Stores', info));
  await readyAgent(request, headers, rd);
  const posted: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/api/aeps/transactions')) {
      posted.push(sent.url());
    }
  });
  const counter = new AepsCounter(page, rd);
  await counter.open();
  await counter.choose('Balance enquiry');
  await counter.fill({ aadhaar: wrongCheckDigit(testAadhaar()) });
  await expect(page.getByText(AadhaarMessages.invalid)).toBeVisible();
  await counter.capture();
  await counter.submit().click();
  await expect(page.getByText(AadhaarMessages.invalid)).toBeVisible();
  await expect(counter.result()).toHaveCount(0);
  expect(posted).toEqual([]);
  await shot(page, info, 'aeps-07-invalid');
  expect(errors).toEqual([]);
});

test('the AEPS report shows an admin the shop’s withdrawal with its shop name', async ({
  page,
  request,
  rd,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const name = nameInRun('Gita Provisions', info);
  const user = await givenUser(request, { role: RETAILER, name });
  const headers = await shopHeaders(request, user);
  await readyAgent(request, headers, rd);
  const aadhaar = testAadhaar();
  const made = await aepsTransaction(request, headers, rd, {
    kind: 'withdrawal',
    aadhaar,
    amount: '1200',
  });
  expect(made.status).toBe('processed');

  await signInAs(page, { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password });
  await new AdminLayout(page).open('AEPS Report');
  await expect(page).toHaveURL(/\/admin\/aepsReport$/);
  await page.getByLabel('Kind').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Cash withdrawal' }).click();
  const report = page.getByRole('region', { name: 'AEPS transactions' });
  const row = report
    .locator('tr.ant-table-row, li.report-card')
    .filter({ hasText: name })
    .filter({ hasText: aadhaar.slice(-4) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('₹1,200.00');
  await expect(row).toContainText(`XXXX XXXX ${aadhaar.slice(-4)}`);
  await expect(row).not.toContainText(aadhaar);
  await shot(page, info, 'aeps-08-report');
  await row.getByRole('button', { name: 'Receipt' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Receipt' }).getByTestId('receipt-shop'),
  ).toHaveText(name);
  expect(errors).toEqual([]);
});

test('a withdrawal the bank has not confirmed says not to pay cash, and turns to success on the counter when the bank answers', async ({
  page,
  request,
  rd,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const { headers } = await givenShop(page, request, nameInRun('Hari Kirana', info));
  await readyAgent(request, headers, rd);
  const before = (await aepsStatusOf(request, headers)).aepsBalance;
  const counter = new AepsCounter(page, rd);
  await counter.open();
  await counter.choose('Cash withdrawal');
  await counter.fill({ aadhaar: testAadhaar(AEPS_OUTCOME.pendingThenSuccess), amount: '1000' });
  await counter.capture();
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/aeps/transactions') && response.request().method() === 'POST',
  );
  await counter.submit().click();
  const { data } = (await (await answered).json()) as { data: AepsTransactionData };
  const result = counter.result();
  await expect(result.getByTestId('aeps-result-status')).toHaveText('Pending');
  await expect(result.getByText(AepsMessages.pending)).toBeVisible();
  await shot(page, info, 'aeps-09-pending');

  // The bank answers an admin's status enquiries (pending twice, then success); the counter,
  // left alone, reads the transaction again and shows it.
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  await expect(async () => {
    const checked = await request.post(`/api/aeps/transactions/${data.id}/check`, {
      headers: admin,
    });
    expect(((await checked.json()) as { data: { status: string } }).data.status).toBe('processed');
  }).toPass({ timeout: 30_000 });
  await expect(result.getByTestId('aeps-result-status')).toHaveText('Success', {
    timeout: 15_000,
  });
  await expect(result.getByText(AepsMessages.pending)).toBeHidden();
  await expect(counter.balance()).toHaveText(formatPaise(Math.round((before + 1000) * RUPEE)));
  expect((await aepsStatusOf(request, headers)).aepsBalance).toBeCloseTo(before + 1000, 2);
  expect(errors).toEqual([]);
});

test('a withdrawal the bank debited but failed says the bank reverses it within 5 days, and the report shows the T+5 day', async ({
  page,
  request,
  rd,
}, info) => {
  const errors = watchConsole(page);
  const { headers } = await givenShop(page, request, nameInRun('Indu Stores', info));
  await readyAgent(request, headers, rd);
  const before = (await aepsStatusOf(request, headers)).aepsBalance;
  const counter = new AepsCounter(page, rd);
  await counter.open();
  await counter.choose('Cash withdrawal');
  await counter.fill({ aadhaar: testAadhaar(AEPS_OUTCOME.debitedButFailed), amount: '700' });
  await counter.capture();
  await counter.submit().click();
  const result = counter.result();
  await expect(result.getByTestId('aeps-result-status')).toHaveText('Failed');
  await expect(result).toContainText(/the bank reverses it within 5 days, by \d{1,2} \w{3} \d{4}/);
  await shot(page, info, 'aeps-10-debited');
  // Nothing was credited for a failure.
  expect((await aepsStatusOf(request, headers)).aepsBalance).toBe(before);

  await new AdminLayout(page).open('AEPS Report');
  const row = page
    .getByRole('region', { name: 'AEPS transactions' })
    .locator('tr.ant-table-row, li.report-card')
    .filter({ hasText: '₹700.00' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('aeps-status')).toHaveText('Failed');
  await expect(row).toContainText(/\d{1,2} \w{3} \d{4}/);
  expect(errors).toEqual([]);
});

test('an admin’s Check now asks the bank about a pending withdrawal in the report', async ({
  page,
  request,
  rd,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const name = nameInRun('Jaya Provisions', info);
  const user = await givenUser(request, { role: RETAILER, name });
  const headers = await shopHeaders(request, user);
  await readyAgent(request, headers, rd);
  const aadhaar = testAadhaar(AEPS_OUTCOME.pendingThenSuccess);
  const made = await aepsTransaction(request, headers, rd, {
    kind: 'withdrawal',
    aadhaar,
    amount: '1500',
  });
  expect(made.status).toBe('processing');

  await signInAs(page, { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password });
  await new AdminLayout(page).open('AEPS Report');
  const row = page
    .getByRole('region', { name: 'AEPS transactions' })
    .locator('tr.ant-table-row, li.report-card')
    .filter({ hasText: name })
    .filter({ hasText: aadhaar.slice(-4) });
  await expect(row.getByTestId('aeps-status')).toHaveText('Pending');
  await shot(page, info, 'aeps-11-check-now');
  // Pending at the bank twice, then success: Check now until the row says so.
  await expect(async () => {
    if (await row.getByRole('button', { name: 'Check now' }).isVisible()) {
      await row.getByRole('button', { name: 'Check now' }).click();
    }
    await expect(row.getByTestId('aeps-status')).toHaveText('Success', { timeout: 3_000 });
  }).toPass({ timeout: 40_000 });
  await expect(row.getByRole('button', { name: 'Check now' })).toHaveCount(0);
  const one = await request.get(`/api/aeps/transactions/${made.id}`, { headers });
  expect(((await one.json()) as { data: AepsTransactionData }).data.status).toBe('processed');
  expect(errors).toEqual([]);
});
