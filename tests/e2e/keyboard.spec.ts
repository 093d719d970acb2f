import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  acceptTermsBeforehand,
  AdminLayout,
  adminToken,
  givenUser,
  PIN,
  savedBeneficiary,
  SHOP_PHOTO,
  signInAs,
  watchConsole,
} from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';
import { authForm } from './signin.helpers.js';

/**
 * Issue 30 (WCAG 2.2 AA, 2.1.1 Keyboard): the four journeys a shop does every day, done with the
 * keyboard alone: no click, no `fill`, only Tab, typing, Enter, Space and the arrow keys, as a
 * person without a mouse (or with a screen reader) does them. Each checks the effect (signed in,
 * the balance moved, the request is waiting), and that the result gets the focus after a submit
 * (WCAG 3.3.1 and 4.1.3: a screen reader hears it; the focus does not drop to the page).
 * `@any-viewport`: one pass on the desktop layout (the journeys are the same on a phone's).
 */
test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

/** Whether the element, or something inside it, has the focus. */
const holdsFocus = (target: Locator) =>
  target.evaluate((element) => element.contains(element.ownerDocument.activeElement), undefined, {
    timeout: 2_000,
  });

/** Presses Tab until the target holds the focus; fails when it never comes (not reachable). */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    if (await holdsFocus(target).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)} in ${max} presses`);
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/**
 * Chooses an option of antd's Select as a keyboard user does: the arrow keys open the list and
 * walk it (the active option is the one Enter picks), Enter chooses.
 */
async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.press('ArrowDown');
  const active = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  for (let presses = 0; presses < 100; presses += 1) {
    if (
      (await active.textContent({ timeout: 2_000 }).catch(() => null))?.trim().startsWith(option)
    ) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`No option "${option}" in the list`);
}

test('sign in with the keyboard alone @any-viewport', async ({ page }) => {
  await page.goto('/login');
  await typeInto(page, authForm(page).getByLabel('Mobile number'), E2E_ADMIN.mobile);
  await page.keyboard.press('Tab');
  await page.keyboard.type(E2E_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(new AdminLayout(page).welcome()).toHaveText('Admin');
});

test('a wallet transfer with the keyboard alone, from the menu to the receipt @any-viewport', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const sender = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Kiran Bose',
    rupees: '900',
  });
  const recipient = await givenUser(request, { role: 'khataEmployee1', name: 'Ravi Menon' });
  await signInAs(page, sender);
  const layout = new AdminLayout(page);
  await expect(layout.balance()).toHaveText('₹900.00');

  const menu = page.getByRole('complementary').getByRole('navigation', { name: 'Admin menu' });
  await tabTo(page, menu.getByRole('link', { name: 'Wallet Transfer', exact: true }), 120);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/walletTransactions$/);

  const form = page.locator('form#wallet-transfer');
  await typeInto(page, form.getByLabel('Mobile number'), recipient.mobile);
  await expect(page.getByTestId('wallet-holder')).toHaveText('Ravi Menon');
  await typeInto(page, form.getByLabel('Amount (₹)'), '120.50');
  await typeInto(page, form.getByLabel('PIN', { exact: true }), PIN);
  await page.keyboard.press('Enter');

  // The result has the focus, and says what happened; the money moved.
  const done = page.getByTestId('submit-result');
  await expect(done).toContainText('Sent to Ravi Menon.');
  await expect(done).toBeFocused();
  await expect(layout.balance()).toHaveText('₹779.50');
  // Its receipt opens from the keyboard too.
  await tabTo(page, done.getByRole('button', { name: 'View receipt' }));
  await page.keyboard.press('Enter');
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₹120.50');
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();
  expect(errors).toEqual([]);
});

test('a bank payout with the keyboard alone: Pay, the amount, the PIN, the receipt @any-viewport', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const payer = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Meena Pillai',
    rupees: '5000',
  });
  const { account } = await savedBeneficiary(request, payer, 'Suman Rao');
  await signInAs(page, payer);
  await page.goto('/admin/dmt');
  const layout = new AdminLayout(page);
  await expect(layout.balance()).toHaveText('₹5,000.00');

  const row = page.getByTestId('beneficiary').filter({ hasText: account });
  await tabTo(page, row.getByRole('button', { name: 'Pay' }));
  await page.keyboard.press('Enter');
  const form = page.locator('form#payout-form');
  await typeInto(page, form.getByLabel('Amount (₹)'), '1000');
  await expect(page.getByTestId('payout-fee')).toContainText('total');
  await page.keyboard.press('Enter');

  const pinDialog = page.getByRole('dialog', { name: 'Confirm with your PIN' });
  await typeInto(page, pinDialog.getByLabel('PIN'), PIN);
  await tabTo(page, pinDialog.getByRole('button', { name: 'Confirm and pay' }));
  await page.keyboard.press('Enter');

  // The receipt is the result: it opens with the focus inside it.
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₹1,000.00');
  expect(await holdsFocus(receipt)).toBe(true);
  await expect(receipt.getByTestId('receipt-status')).toHaveText('processed', { timeout: 20_000 });
  await expect(layout.balance()).not.toHaveText('₹5,000.00');
});

test('a fund request with the keyboard alone: amount, bank, reference, proof @any-viewport', async ({
  page,
  request,
}, info) => {
  const bankName = `Keyboard Bank ${Date.now() % 100000}`;
  const added = await request.post('/api/admin/companyBankAccount', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: {
      bankName,
      accountName: 'Khata Payments Pvt Ltd',
      accountNumber: `51${String(Date.now()).slice(-10)}`,
      ifsc: 'HDFC0001234',
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: `Tara ${info.project.name}`,
  });
  await signInAs(page, retailer);
  await page.goto('/admin/paymentRequest');

  await typeInto(page, page.getByLabel('Amount (₹)'), '1500');
  await typeInto(page, page.getByLabel('UTR / reference'), `KB${Date.now()}`);
  await chooseOption(page, page.getByLabel('Paid into'), bankName);
  await expect(page.locator('.ant-select').filter({ hasText: bankName })).toBeVisible();
  // The proof: the upload button opens the file chooser from the keyboard.
  const upload = page.getByRole('button', { name: /proof/i });
  await tabTo(page, upload);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(SHOP_PHOTO);
  await tabTo(page, page.getByRole('button', { name: 'Send request' }));
  await page.keyboard.press('Enter');

  const result = page.getByTestId('submit-result');
  await expect(result).toContainText('Your payment request has been sent for approval.');
  await expect(result).toBeFocused();
  const mine = page.getByRole('region', { name: 'Your payment requests' });
  await expect(mine.locator('[data-fund-state="pending"]')).toHaveCount(1);
});
