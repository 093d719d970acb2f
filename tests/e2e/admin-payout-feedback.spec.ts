import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  acceptTermsBeforehand,
  givenUser,
  PIN,
  signInAs,
  watchConsole,
  tokenOf,
} from './admin.helpers.js';

// What a retailer is told about a payout and an account check, and the payout screen on a
// phone (issue 10, sections 6 and 7).

test.use({ permissions: ['geolocation'], geolocation: { latitude: 12.9716, longitude: 77.5946 } });

const RETAILER = 'khataEmployee2';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

/** A sandbox account number with the given last three digits (README, "To try a payout"). */
const accountEndingIn = (ending: string) =>
  `5${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}${ending}`;

/** Saves a bank beneficiary through the API, as the add dialog would. */
async function givenBeneficiary(
  request: APIRequestContext,
  token: string,
  beneficiary: { name: string; account: string; bankName?: string },
) {
  const created = await request.post('/api/user/createBeneficiary', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      bankName: beneficiary.bankName ?? 'State Bank of India',
      IfscCode: 'SBIN0001234',
      AccountNo: beneficiary.account,
      name: beneficiary.name,
      status: 'pending',
      type: 'payout',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** The text of an antd toast (`message.*`). */
const TOAST = '.ant-message-notice-title';

/** Every text antd's toasts show from now on, in order, even those gone by the time we look. */
async function recordToasts(page: Page) {
  await page.addInitScript((selector) => {
    const page = globalThis as unknown as {
      toasts: string[];
      MutationObserver: new (callback: () => void) => {
        observe(target: unknown, options: object): void;
      };
      document: {
        querySelectorAll(selector: string): { textContent: string | null }[];
      };
    };
    page.toasts = [];
    const seen = () => {
      for (const notice of page.document.querySelectorAll(selector)) {
        const text = notice.textContent ?? '';
        if (text && page.toasts.at(-1) !== text) page.toasts.push(text);
      }
    };
    new page.MutationObserver(seen).observe(page.document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  }, TOAST);
  return () => page.evaluate(() => (globalThis as unknown as { toasts: string[] }).toasts);
}

test('a payout the bank refuses is never announced as paid: "Payout queued", then "Payment Failed"', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const toasts = await recordToasts(page);
  const retailer = await givenUser(request, {
    role: RETAILER,
    name: 'Dinesh Kale',
    rupees: '5000',
  });
  // Ending 001: the sandbox bank takes the transfer, then fails it (account closed).
  const account = accountEndingIn('001');
  await givenBeneficiary(request, await tokenOf(request, retailer), {
    name: 'Closed Account Holder',
    account,
  });
  await signInAs(page, retailer);
  await page.goto('/admin/dmt');

  await page
    .getByTestId('beneficiary')
    .filter({ hasText: account })
    .getByRole('button', { name: 'Pay' })
    .click();
  const form = page.locator('form#payout-form');
  await form.getByLabel('Amount (₹)').fill('700');
  await form.getByRole('button', { name: 'Pay' }).click();
  const pinDialog = page.getByRole('dialog', { name: 'Confirm with your PIN' });
  await pinDialog.getByLabel('PIN').fill(PIN);
  const answered = page.waitForResponse('**/api/payment/bankTransfer');
  await pinDialog.getByRole('button', { name: 'Confirm and pay' }).click();
  expect((await answered).status()).toBe(200);

  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-status')).toHaveText('failed', { timeout: 20_000 });
  const failure = page.locator(TOAST).filter({ hasText: 'Payment Failed' });
  await expect(failure).toHaveText(
    'Payment Failed: Beneficiary account is closed. The money is back in your wallet.',
  );

  const said = await toasts();
  expect(said.filter((text) => /successful/i.test(text))).toEqual([]);
  // What came before the failure can only be the payout on its way (the failure can beat the
  // HTTP answer over the socket, and then nothing came before it).
  const before = said.slice(
    0,
    said.findIndex((text) => text.startsWith('Payment Failed')),
  );
  for (const text of before) expect(text).toMatch(/^Payout (queued|processing): ₹700\.00 to /);
  expect(errors).toEqual([]);
});

test('a failed account check says "Verification failed:" once, then the bank\'s reason', async ({
  page,
  request,
}) => {
  const toasts = await recordToasts(page);
  const retailer = await givenUser(request, { role: RETAILER, name: 'Rekha Pawar' });
  await signInAs(page, retailer);
  await page.goto('/admin/dmt');
  await page.getByRole('button', { name: 'Add beneficiary' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add beneficiary' });
  await dialog.getByLabel('IFSC').fill('SBIN0001234');
  // Ending 000: the sandbox bank finds no account.
  await dialog.getByLabel('Account number').fill(accountEndingIn('000'));
  await dialog.getByRole('button', { name: 'Verify account' }).click();

  await expect(page.locator(TOAST).filter({ hasText: 'Verification failed' })).toHaveText(
    'Verification failed: No account found with these details.',
  );
  expect(
    (await toasts()).filter((text) => /Verification failed.*Verification failed/.test(text)),
  ).toEqual([]);
});

test.describe('Bank Payout on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test(
    'nothing is off-screen and the beneficiaries read as stacked rows, not one word per line',
    { tag: '@phone-only' },
    async ({ page, request }, info) => {
      const retailer = await givenUser(request, { role: RETAILER, name: 'Yashwant Deshmukh' });
      const token = await tokenOf(request, retailer);
      const account = accountEndingIn('123');
      await givenBeneficiary(request, token, {
        name: 'Venkatanarasimha Subrahmanyam Chakravarthy',
        account,
        bankName: 'Andhra Pradesh Grameena Vikas Bank',
      });
      await givenBeneficiary(request, token, {
        name: 'Asha Verma',
        account: accountEndingIn('456'),
      });
      await signInAs(page, retailer);
      await page.goto('/admin/dmt');
      const row = page.getByTestId('beneficiary').filter({ hasText: account });
      await expect(row).toBeVisible();

      const overflow = () =>
        page.evaluate(() => {
          const page = globalThis as unknown as {
            innerWidth: number;
            document: { documentElement: { scrollWidth: number } };
          };
          return { scrollWidth: page.document.documentElement.scrollWidth, width: page.innerWidth };
        });
      const listed = await overflow();
      await page.screenshot({ path: info.outputPath('bank-payout-360.png'), fullPage: true });
      expect(listed.scrollWidth).toBeLessThanOrEqual(listed.width);

      // Each of name, bank, account and IFSC gets a cell at least this wide (a word per line
      // was ~70 px), and the account number and IFSC are never broken.
      const cells = {
        name: row.getByTestId('beneficiary-name'),
        bank: row.getByTestId('beneficiary-bank'),
        account: row.getByTestId('beneficiary-account'),
        ifsc: row.getByTestId('beneficiary-ifsc'),
      };
      for (const [field, cell] of Object.entries(cells)) {
        const box = (await cell.boundingBox())!;
        expect(box.width, `${field} cell width`).toBeGreaterThanOrEqual(180);
        expect(box.x + box.width, `${field} cell right edge`).toBeLessThanOrEqual(listed.width);
      }
      for (const cell of [cells.account, cells.ifsc]) {
        const height = await cell.evaluate((element) => {
          const { lineHeight } = (
            globalThis as unknown as {
              getComputedStyle(element: unknown): { lineHeight: string };
            }
          ).getComputedStyle(element);
          return (
            (element as unknown as { clientHeight: number }).clientHeight / parseFloat(lineHeight)
          );
        });
        expect(height, 'lines of an account number or IFSC').toBeLessThan(1.5);
      }

      // The payout form beside the list fits too.
      await row.getByRole('button', { name: 'Pay' }).click();
      await expect(page.locator('form#payout-form')).toBeVisible();
      const paying = await overflow();
      expect(paying.scrollWidth).toBeLessThanOrEqual(paying.width);
      await page.screenshot({ path: info.outputPath('bank-payout-form-360.png'), fullPage: true });
    },
  );
});
