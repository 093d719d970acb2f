import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { BbpsCatalogueMessages, RUPEE } from '@khata/domain';
import {
  acceptTermsBeforehand,
  givenUser,
  nameInRun,
  PIN,
  signInAs,
  watchConsole,
} from './admin.helpers.js';
import { RETAILER, shopHeaders, walletOf } from './aeps.helpers.js';
import { shot } from './dmt.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';

// Issue 27: paying bills through Bharat BillPay at the counter (/admin/dhbvn-bill,
// /admin/CCBillsPayment, /admin/newBBPS), against the sandbox BBPS provider, whose outcome is
// chosen by the last two digits of the biller's first parameter (docs/api.md). Money is read
// back through the API, never from the screen's toasts.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 28.4595, longitude: 77.0266 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

/** Rupees (a JSON number with at most 2 decimals) as paise, exactly. */
const paise = (rupees: number) => Math.round(rupees * RUPEE);

/** A DHBVN account number of 10 characters whose last two digits choose the sandbox outcome. */
function dhbvnAccount(ending: string): string {
  return `${String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8)}${ending}`;
}

/** A funded retailer (the bbps service by default), signed in. */
async function givenShop(page: Page, request: APIRequestContext, name: string) {
  const user = await givenUser(request, { role: RETAILER, name, rupees: '20000' });
  const headers = await shopHeaders(request, user);
  await signInAs(page, user);
  return { user, headers };
}

interface PaymentData {
  id: string;
  status: string;
  amount: number;
  ccf: number;
  total: number;
  commission: number | null;
  bbpsReference: string | null;
}

interface LedgerLine {
  recordId: string | null;
  credit: number | null;
  debit: number | null;
  held: boolean;
}

/**
 * What one payment did to the shop's wallet, from its ledger lines (`POST /api/user/ledger`):
 * what was taken, and what came back to it (the commission, net of TDS).
 */
async function walletLinesOf(
  request: APIRequestContext,
  headers: Record<string, string>,
  recordId: string,
): Promise<{ debit: number; credit: number }> {
  const answer = await request.post('/api/user/ledger', { headers, data: { pageSize: 100 } });
  expect(answer.status(), await answer.text()).toBe(200);
  const lines = ((await answer.json()) as { data: LedgerLine[] }).data.filter(
    (line) => line.recordId === recordId && !line.held,
  );
  return {
    debit: lines.reduce((sum, line) => sum + paise(line.debit ?? 0), 0),
    credit: lines.reduce((sum, line) => sum + paise(line.credit ?? 0), 0),
  };
}

/** A mobile number of the customer's, fresh for each test (one live payment per bill). */
const freshMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** `GET /api/bbps/payments/:id` as the shop. */
async function paymentOf(
  request: APIRequestContext,
  headers: Record<string, string>,
  id: string,
): Promise<PaymentData> {
  const answer = await request.get(`/api/bbps/payments/${id}`, { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: PaymentData }).data;
}

/** Confirms the payment with the PIN and waits for the API's answer to it. */
async function payWithPin(page: Page): Promise<PaymentData> {
  await page.getByRole('button', { name: 'Pay bill' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the bill payment' });
  await dialog.getByLabel('PIN').fill(PIN);
  const answered = page.waitForResponse(
    (response: Response) =>
      response.url().endsWith('/api/bbps/payments') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Pay' }).click();
  const response = await answered;
  expect(response.status(), await response.text()).toBeLessThan(300);
  // The key travelled with the payment.
  expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  return ((await response.json()) as { data: PaymentData }).data;
}

test('a retailer on a phone pays a DHBVN bill fetched from the sandbox, prints the BBPS receipt, the wallet pays amount and CCF, and a complaint reaches the admin @phone-only', async ({
  page,
  request,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.addInitScript('window.printed = 0; window.print = () => { window.printed += 1; };');
  const { headers } = await givenShop(page, request, nameInRun('Haryana Kirana', info));
  const before = paise(await walletOf(request, headers));

  await page.goto('/admin/dhbvn-bill');
  await expect(page.getByRole('heading', { level: 1, name: 'DHBVN Bill' })).toBeVisible();
  await expect(page.getByText('Dakshin Haryana Bijli Vitran Nigam', { exact: true })).toBeVisible();
  await page.getByLabel('Account Number').fill(dhbvnAccount('42'));
  const mobile = freshMobile();
  await page.getByLabel('Mobile Number', { exact: true }).fill(mobile);
  // The biller's mobile fills the customer's, which BBPS asks of every payment.
  await expect(page.getByLabel('Customer’s mobile')).toHaveValue(mobile);
  await page.getByLabel('Your shop’s PIN code').fill('122001');
  await page.getByRole('button', { name: 'Fetch bill' }).click();

  const bill = page.getByRole('region', { name: 'Fetched bill' });
  await expect(bill).toBeVisible();
  await expect(bill.getByText('Customer name')).toBeVisible();
  await expect(bill.getByText('Due date')).toBeVisible();
  const billText = (await page.getByTestId('bbps-bill-amount').textContent()) ?? '';
  const billRupees = billText.replace(/[₹,]/g, '');
  // Prefilled with the bill's amount, and the quote's fee and total under it.
  await expect(page.getByLabel('Amount (₹)')).toHaveValue(Number(billRupees).toFixed(2));
  await expect(page.getByTestId('bbps-total')).toBeVisible();
  await shot(page, info, 'bbps-01-dhbvn-bill');

  const answered = await payWithPin(page);
  const result = page.getByRole('region', { name: 'Payment result' });
  // The answer takes the focus (issue 30).
  await expect(result).toBeFocused();
  await expect(result.getByTestId('bbps-result-status')).toHaveText('Success');
  const payment = await paymentOf(request, headers, answered.id);
  expect(payment.status).toBe('processed');
  expect(payment.bbpsReference).toBeTruthy();
  await expect(result.getByTestId('bbps-reference')).toHaveText(payment.bbpsReference!);
  expect(paise(payment.amount)).toBe(paise(Number(billRupees)));
  expect(paise(payment.total)).toBe(paise(payment.amount) + paise(payment.ccf));
  await shot(page, info, 'bbps-02-dhbvn-paid');

  // The wallet paid the bill and its fee, less only the shop's commission (net of TDS), and its
  // ledger lines for this payment say the same.
  const moved = before - paise(await walletOf(request, headers));
  const commission = paise(payment.commission ?? 0);
  expect(commission).toBeGreaterThan(0);
  expect(moved).toBeLessThan(paise(payment.total));
  expect(moved).toBeGreaterThanOrEqual(paise(payment.total) - commission);
  const lines = await walletLinesOf(request, headers, payment.id);
  expect(lines.debit - lines.credit).toBe(moved);

  await result.getByRole('button', { name: 'Receipt' }).click();
  const receipt = page.getByRole('dialog', { name: 'BBPS receipt' });
  const customerCopy = receipt.getByRole('article', { name: 'Customer copy' });
  await expect(customerCopy.getByTestId('bbps-mark')).toHaveText('Bharat BillPay');
  await expect(customerCopy.getByText(payment.bbpsReference!)).toBeVisible();
  await expect(customerCopy.getByText('Customer convenience fee (CCF)')).toBeVisible();
  await expect(customerCopy.getByText('Dakshin Haryana Bijli Vitran Nigam')).toBeVisible();
  await expect(customerCopy.getByTestId('receipt-verify')).toBeVisible();
  await shot(page, info, 'bbps-03-receipt');

  await receipt.getByRole('button', { name: 'Print' }).click();
  await expect.poll(() => page.evaluate('window.printed')).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('.receipt-print-copy');
  await expect(printed.getByText(payment.bbpsReference!)).toBeVisible();
  await expect(printed.getByText('Customer convenience fee (CCF)')).toBeVisible();
  await shot(page, info, 'bbps-04-receipt-print');
  await page.emulateMedia({ media: 'screen' });

  // The customer says DHBVN still shows the bill unpaid: a BBPS complaint from the receipt,
  // registered with Bharat BillPay and followed in My Complaints.
  await receipt.getByRole('button', { name: 'Raise complaint' }).click();
  const complaint = page.getByRole('dialog', { name: 'Raise a BBPS complaint' });
  await expect(complaint.getByText(payment.bbpsReference!)).toBeVisible();
  await complaint.getByLabel('Disposition').click();
  await page
    .locator('.ant-select-item-option[title="Transaction Successful, account not updated"]')
    .click();
  await complaint.getByLabel('Describe the problem').fill('DHBVN still shows the bill as unpaid.');
  await complaint.getByRole('button', { name: 'Register complaint' }).click();
  await expect(page).toHaveURL(/\/admin\/my-complaints\?id=/);
  const facts = page.getByRole('dialog').getByTestId('bbps-complaint');
  await expect(facts).toContainText(/CC01\d{11}/);
  await expect(facts.getByTestId('bbps-status')).toHaveText('Logged');
  const complaintId = /CC01\d{11}/.exec((await facts.textContent()) ?? '')![0];
  await shot(page, info, 'bbps-05-complaint');
  expect(errors).toEqual([]);

  // The admin sees it in Help & Support, tagged BBPS, with Bharat BillPay's complaint id.
  const adminContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  await acceptTermsBeforehand(adminContext, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, E2E_ADMIN);
  await admin.goto('/admin/complaints');
  const row = admin.getByText(complaintId).first();
  await expect(row).toBeVisible();
  await expect(admin.getByTestId('bbps-tag').first()).toBeVisible();
  await shot(admin, info, 'bbps-06-admin-complaints');
  await adminContext.close();
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('pays a credit card bill fetched from the bank, above the bill, with the bank’s CCF @any-viewport', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    const { headers } = await givenShop(page, request, nameInRun('Card Counter', info));
    const before = paise(await walletOf(request, headers));

    // The hub lists the catalogue's categories with their billers, and leads to the card screen.
    await page.goto('/admin/utilityService');
    const hub = page.getByRole('list', { name: 'Bill categories' });
    await expect(hub.getByRole('link', { name: /^Credit Card \d+ billers$/ })).toBeVisible();
    expect(await hub.getByRole('listitem').count()).toBeGreaterThanOrEqual(15);
    await expect(hub.getByRole('link', { name: /^Electricity/ })).toHaveAttribute(
      'href',
      '/admin/newBBPS?category=electricity',
    );
    await shot(page, info, 'bbps-00-hub');
    await page.getByRole('link', { name: 'Credit card bill', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Credit Card Bill' })).toBeVisible();
    const bank = page.getByLabel('Card’s bank');
    await bank.click();
    await bank.fill('SBI');
    await page.locator('.ant-select-item-option').filter({ hasText: 'SBI Card' }).first().click();
    await page.getByLabel('Last 4 digits of Credit Card Number').fill('4242');
    await page.getByLabel('Registered Mobile Number').fill(freshMobile());
    await page.getByLabel('Your shop’s PIN code').fill('560001');
    await page.getByRole('button', { name: 'Fetch bill' }).click();
    await expect(page.getByRole('region', { name: 'Fetched bill' })).toBeVisible();

    // Above ₹5,000 this bank charges 0.5%: the quote says ₹30 on ₹6,000.
    await page.getByLabel('Amount (₹)').fill('6000');
    await expect(page.getByTestId('bbps-ccf')).toHaveText('₹30.00');
    await expect(page.getByTestId('bbps-total')).toHaveText('₹6,030.00');
    await shot(page, info, 'bbps-05-credit-card');

    const answered = await payWithPin(page);
    const result = page.getByRole('region', { name: 'Payment result' });
    await expect(result.getByTestId('bbps-result-status')).toHaveText('Success');
    const payment = await paymentOf(request, headers, answered.id);
    expect(paise(payment.amount)).toBe(6_000 * RUPEE);
    expect(paise(payment.ccf)).toBe(30 * RUPEE);
    // The card number is never shown whole: the last four only.
    await expect(result.getByText('XXXX 4242')).toBeVisible();
    // No commission on a card bill: the wallet paid exactly the bill and the bank's fee.
    expect(payment.commission).toBeNull();
    const moved = before - paise(await walletOf(request, headers));
    expect(moved).toBe(6_030 * RUPEE);
    const lines = await walletLinesOf(request, headers, payment.id);
    expect(lines.debit - lines.credit).toBe(moved);
    await shot(page, info, 'bbps-06-credit-card-paid');
    expect(errors).toEqual([]);
  });
});

test('refuses a bad DHBVN account number in the form, before any call', async ({
  page,
  request,
}, info) => {
  const errors = watchConsole(page);
  await givenShop(page, request, nameInRun('Typo Stores', info));
  const calls: string[] = [];
  page.on('request', (sent) => {
    if (/\/api\/bbps\/(bills|payments|quote)/.test(sent.url())) calls.push(sent.url());
  });
  await page.goto('/admin/dhbvn-bill');
  await expect(page.getByText('Dakshin Haryana Bijli Vitran Nigam', { exact: true })).toBeVisible();
  // 8 characters, and one not alphanumeric: DHBVN takes 9 to 12 letters and digits.
  await page.getByLabel('Account Number').fill('1234-567');
  await page.getByLabel('Mobile Number', { exact: true }).fill('9876543210');
  await page.getByLabel('Your shop’s PIN code').fill('122001');
  await page.getByRole('button', { name: 'Fetch bill' }).click();
  await expect(page.getByText(BbpsCatalogueMessages.paramInvalid('Account Number'))).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fetched bill' })).toBeHidden();
  await shot(page, info, 'bbps-07-bad-account');
  expect(calls).toEqual([]);
  expect(errors).toEqual([]);
});

test.describe('on a desktop, when Bharat BillPay does not pay', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('says a refused payment failed with the biller’s reason and the money released; a pending one held, with Check again @any-viewport', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    const { headers } = await givenShop(page, request, nameInRun('Refused Stores', info));
    const before = paise(await walletOf(request, headers));
    await page.goto('/admin/dhbvn-bill');

    /** Fetches and pays a DHBVN bill whose account number ends in `ending`. */
    const payDhbvn = async (ending: string) => {
      await page.getByLabel('Account Number').fill(dhbvnAccount(ending));
      await page.getByLabel('Mobile Number', { exact: true }).fill(freshMobile());
      await page.getByLabel('Your shop’s PIN code').fill('122001');
      await page.getByRole('button', { name: 'Fetch bill' }).click();
      await expect(page.getByTestId('bbps-total')).toBeVisible();
      return payWithPin(page);
    };

    const refused = await payDhbvn('21');
    const result = page.getByRole('region', { name: 'Payment result' });
    await expect(result.getByTestId('bbps-result-status')).toHaveText('Failed');
    await expect(result.getByRole('alert')).toContainText('customer’s account is not active');
    await expect(result.getByRole('alert')).toContainText('released back to your wallet');
    expect((await paymentOf(request, headers, refused.id)).status).toBe('failed');
    expect(paise(await walletOf(request, headers))).toBe(before);
    await shot(page, info, 'bbps-08-failed');

    await result.getByRole('button', { name: 'Pay another bill' }).click();
    const pending = await payDhbvn('22');
    await expect(result.getByTestId('bbps-result-status')).toHaveText('Pending');
    await expect(result.getByText('The money stays held')).toBeVisible();
    // Asked again on the button: still pending (the status check settles it later).
    const asked = page.waitForResponse((response) =>
      response.url().endsWith(`/api/bbps/payments/${pending.id}`),
    );
    await result.getByRole('button', { name: 'Check again' }).click();
    expect((await asked).status()).toBe(200);
    expect(before - paise(await walletOf(request, headers))).toBe(paise(pending.total));
    await shot(page, info, 'bbps-09-pending');
    expect(errors).toEqual([]);
  });
});
