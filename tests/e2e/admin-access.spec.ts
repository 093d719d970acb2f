import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  openFilters,
  signInAs,
  watchConsole,
} from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';
import { freshMobile } from './signin.helpers.js';

// Issue 23 (items 10, 11, 12 and the smaller ones): an admin funds a partner from User details
// alone, a lost answer retried credits once; every wallet-action label names its input; a
// distributor finds onboarding in its menu and on All Users and onboards a retailer; role and
// service names are the domain's; a 403 tells each role whom to ask.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

/** Phone shots at 390 px wide, desktop at the project's size, into /tmp for a look. */
async function shoot(page: Page, name: string) {
  const project = test.info().project.name;
  if (project === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  else await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `/tmp/access-${name}-${project}.png`, fullPage: true });
}

/** Opens one user's details from All Users by mobile number. */
async function openUser(page: Page, mobile: string, name: string) {
  await new AdminLayout(page).open('All Users');
  await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
  await openFilters(page);
  const search = page.locator('#users-search');
  await search.fill(mobile);
  await search.press('Enter');
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  await page
    .getByRole('region', { name: 'Users', exact: true })
    .getByRole('link', { name })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The Wallet row of User details' Balances card. */
const wallet = (page: Page): Locator =>
  page
    .getByTestId('user-balances')
    .locator('.ant-descriptions-row, tr')
    .filter({ hasText: 'Wallet' })
    .first();

test('an admin credits a partner’s wallet from User details, once though the click is retried', async ({
  page,
  request,
}) => {
  test.slow();
  // The lost answer is the browser's own network error, on purpose.
  const errors = watchConsole(page, [/ERR_FAILED/, /Failed to load resource/]);
  const partner = await givenUser(request, {
    role: 'partner',
    name: `Acme Payroll ${test.info().project.name}`,
    kyc: 'none',
  });
  await signInAs(page, E2E_ADMIN);
  await openUser(page, partner.mobile, partner.name);
  await expect(wallet(page)).toContainText('₹0.00');

  const actions = page.getByRole('region', { name: 'Wallet actions' });
  await actions.getByRole('button', { name: 'Credit wallet' }).click();
  const dialog = page.getByRole('dialog', { name: `Credit the wallet · ${partner.name}` });
  // Every label names its input: found by its visible words.
  await dialog.getByLabel('Amount (₹)', { exact: true }).fill('7500');
  await dialog.getByLabel('Reason', { exact: true }).fill('Partner float for December');
  await dialog.getByLabel('PIN', { exact: true }).fill(E2E_ADMIN.pin);
  await shoot(page, 'credit-dialog');

  // The first answer is lost on the way back (the credit has committed at the server); the
  // admin clicks Confirm again: the same Idempotency-Key, so the API answers the first credit.
  const keys: string[] = [];
  let lost = false;
  await page.route('**/api/admin/creditWallet', async (route) => {
    keys.push((await route.request().allHeaders())['idempotency-key'] ?? '');
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('failed');
  });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Wallet credited.')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);

  // The partner's balance moved, once: on User details and in the partner's own balance call.
  await expect(wallet(page)).toContainText('₹7,500.00');
  await shoot(page, 'credited-partner');
  const login = await request.post('/api/auth/partner-login', {
    data: { mobile: partner.mobile, password: partner.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const balance = await request.post('/api/user/checkBalance', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await balance.json()) as { balance: number }).balance).toBe(7500);
  expect(errors).toEqual([]);
});

test('every wallet-action dialog on User details ties its labels to its inputs', async ({
  page,
  request,
}) => {
  test.slow();
  const retailer = await givenUser(request, { role: 'khataEmployee2', name: 'Sunita Verma' });
  await signInAs(page, E2E_ADMIN);
  await openUser(page, retailer.mobile, retailer.name);
  const actions = page.getByRole('region', { name: 'Wallet actions' });
  const dialogs: [string, RegExp, string][] = [
    ['Place lien', /Place a lien/, 'Amount (₹)'],
    ['Hold security deposit', /Hold a security deposit/, 'Amount (₹)'],
    ['Set overdraft limit', /Set the overdraft limit/, 'Limit (₹)'],
    ['Credit wallet', /Credit the wallet/, 'Amount (₹)'],
    ['Debit wallet', /Debit the wallet/, 'Amount (₹)'],
  ];
  for (const [button, title, amount] of dialogs) {
    await actions.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: title });
    for (const label of [amount, 'Reason', 'PIN']) {
      const input = dialog.getByLabel(label, { exact: true });
      await expect(input, `${button}: ${label}`).toBeEditable();
      await expect(input).toHaveAccessibleName(label);
      // A click on the words puts the cursor in the field.
      await dialog.locator('label', { hasText: new RegExp(`^${escape(label)}$`) }).click();
      await expect(input).toBeFocused();
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a distributor onboards a retailer from the console alone, and sees it named Retailer', async ({
  page,
  request,
}) => {
  test.slow();
  const errors = watchConsole(page, [/status of 403/]);
  const distributor = await givenUser(request, {
    role: 'distributor',
    name: 'Arjun Mehta',
    kyc: 'none',
    rupees: '2000',
  });
  await signInAs(page, distributor);
  const layout = new AdminLayout(page);
  expect(await layout.menuLabels()).toContain('Add User');

  // All Users has the way in too.
  await layout.open('All Users');
  await page.getByRole('main').getByRole('link', { name: 'Add user', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/register-user$/);
  await expect(page.getByRole('heading', { name: 'Onboard a user' })).toBeVisible();
  const form = page.locator('form#onboard-user');
  await form.getByLabel('Role').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  // One name a role, from libs/domain: no "Employee 1", no "Retailer" for a plain user.
  expect(await options.allInnerTexts()).toEqual(['Counter staff', 'Retailer', 'Basic user']);
  await options.filter({ hasText: /^Retailer$/ }).click();
  await expect(form).toContainText('AEPS settlement');
  const retailer = { name: 'Kiran Patil', mobile: freshMobile() };
  await form.getByLabel('Name', { exact: true }).fill(retailer.name);
  await form.getByLabel('Mobile number').fill(retailer.mobile);
  await form.getByLabel('Shop name').fill('Patil Kirana');
  await shoot(page, 'onboarding-distributor');
  await form.getByRole('button', { name: 'Send temporary password' }).click();
  await expect(page.getByTestId('onboarding-success')).toContainText(retailer.mobile);

  // The new retailer is in the distributor's network, named Retailer.
  await layout.open('All Users');
  const users = page.getByRole('region', { name: 'Users', exact: true });
  const row = users.locator('tr, li').filter({ hasText: retailer.name }).first();
  await expect(row).toContainText('Retailer');
  await shoot(page, 'all-users-distributor');

  // Merchant List names the services, not their keys.
  await layout.open('Merchant List');
  const merchants = page.getByRole('region', { name: 'Merchants', exact: true });
  const merchant = merchants.locator('tr, li').filter({ hasText: retailer.name }).first();
  await expect(merchant).toContainText('Wallet transfer');
  await expect(merchant.getByText('wallet', { exact: true })).toHaveCount(0);
  await shoot(page, 'merchants-distributor');

  // The distributor funds the new retailer from its User details, with its PIN: both move.
  await layout.open('All Users');
  await page
    .getByRole('region', { name: 'Users', exact: true })
    .getByRole('link', { name: retailer.name })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: retailer.name })).toBeVisible();
  await expect(page.getByTestId('user-balances')).toContainText('₹0.00');
  await page.getByRole('button', { name: 'Send money' }).click();
  const send = page.getByRole('dialog', { name: `Send money to ${retailer.name}` });
  await send.getByLabel('Amount (₹)', { exact: true }).fill('500');
  await send.getByLabel('Remarks (optional)', { exact: true }).fill('Opening float');
  await send.getByLabel('PIN', { exact: true }).fill(distributor.pin);
  await shoot(page, 'send-to-downline');
  await send.getByRole('button', { name: 'Send money' }).click();
  await expect(page.getByText('Money sent successfully.')).toBeVisible();
  await expect(wallet(page)).toContainText('₹500.00');
  await expect(layout.balance()).toHaveText('₹1,500.00');

  // A screen not theirs tells a distributor whom to ask: its super distributor or an admin.
  await page.goto('/admin/postNotice');
  await expect(page.getByRole('heading', { level: 1, name: 'Not available to you' })).toBeVisible();
  await expect(page.getByText('Ask your super distributor or a Khata admin')).toBeVisible();
  await expect(page.locator('.admin-status').getByText(/Ask your distributor/)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a 403 tells an admin it is a matter of role, and a retailer to ask its distributor', async ({
  page,
  request,
}) => {
  await signInAs(page, E2E_ADMIN);
  await page.goto('/admin/walletTransactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Not available to you' })).toBeVisible();
  await expect(page.getByText(/matter of role and permissions/)).toBeVisible();
  await expect(page.locator('.admin-status').getByText(/distributor/i)).toHaveCount(0);
  await shoot(page, 'forbidden-admin');

  const retailer = await givenUser(request, { role: 'khataEmployee2', name: 'Meena Kumari' });
  await page.context().clearCookies();
  await acceptTermsBeforehand(page.context(), test.info().project.use.baseURL);
  await signInAs(page, retailer);
  await page.goto('/admin/allUsers');
  await expect(page.getByText('Ask your distributor or Khata support')).toBeVisible();
});
