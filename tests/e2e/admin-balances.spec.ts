import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  openFilters,
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  signInAs,
  watchConsole,
} from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';

// Issue 13: an admin places a lien on a retailer's wallet from User details; the retailer's
// open page shows it at once (top bar), and the retailer cannot spend it.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });

const RETAILER = 'khataEmployee2';
const COUNTER = 'khataEmployee1';
const SHOTS = 'tests/.artifacts/balances';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

/** The admin, in a browser of its own, the same size as the test's. */
async function adminDevice(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const { viewport, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    permissions: ['geolocation'],
    geolocation: { latitude: 28.6139, longitude: 77.209 },
  });
  await acceptTermsBeforehand(context, baseURL);
  const page = await context.newPage();
  await signInAs(page, E2E_ADMIN);
  return page;
}

/** Phone shots at 360 px wide, the narrowest phone we serve. */
async function shoot(page: Page, name: string) {
  const project = test.info().project.name;
  if (project === 'phone') await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: true });
}

test('an admin places a lien and the retailer cannot spend it', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.slow();
  // The refused transfer answers 422, which the browser logs.
  const errors = watchConsole(page, [/status of 422/]);
  const retailer = await givenUser(request, {
    role: RETAILER,
    name: 'Meena Kumari',
    rupees: '1000',
  });
  const payee = await givenUser(request, { role: COUNTER, name: 'Ramesh Pillai' });
  await signInAs(page, retailer);
  const layout = new AdminLayout(page);
  await expect(layout.balance()).toHaveText('₹1,000.00');
  await expect(page.getByTestId('topbar-lien')).toHaveText('₹0.00');

  // The admin finds the retailer and places a lien of ₹600 with a reason and the PIN.
  const admin = await adminDevice(browser, baseURL);
  const adminErrors = watchConsole(admin);
  await admin.goto('/admin/allUsers');
  await openFilters(admin);
  const search = admin.locator('#users-search');
  await search.fill(retailer.mobile);
  await search.press('Enter');
  const users = admin.getByRole('region', { name: 'Users', exact: true });
  await expect(admin.getByText('1 user', { exact: true })).toBeVisible();
  await users.getByRole('link', { name: 'Meena Kumari' }).click();
  await expect(admin).toHaveURL(/\/admin\/userDetails\?id=/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Meena Kumari' })).toBeVisible();
  const actions = admin.getByRole('region', { name: 'Wallet actions' });
  await actions.getByRole('button', { name: 'Place lien' }).click();
  const dialog = admin.getByRole('dialog', { name: /Place a lien/ });
  await dialog.getByLabel('Amount').fill('600');
  await dialog.getByLabel('Reason').fill('Chargeback under review');
  await dialog.getByLabel('PIN').fill(E2E_ADMIN.pin);
  await shoot(admin, 'lien-dialog');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Lien placed.')).toBeVisible();
  await expect(admin.getByTestId('holdings')).toContainText('Chargeback under review');
  await expect(admin.getByTestId('user-balances')).toContainText('₹600.00');
  await shoot(admin, 'user-details-lien');

  // The retailer's open page: the lien and the balance change live, with no reload.
  await expect(page.getByTestId('topbar-lien')).toHaveText('₹600.00');
  await expect(layout.balance()).toHaveText('₹400.00');

  // The retailer tries to send ₹500: refused, the money stays.
  await page.goto('/admin/walletTransactions');
  const form = page.locator('form#wallet-transfer');
  await form.getByLabel('Mobile number').fill(payee.mobile);
  await expect(page.getByTestId('wallet-holder')).toHaveText('Ramesh Pillai');
  await form.getByLabel('Amount (₹)').fill('500');
  await form.getByLabel('PIN', { exact: true }).fill(retailer.pin);
  await form.getByRole('button', { name: 'Send money' }).click();
  await expect(page.getByText('Insufficient balance.')).toBeVisible();
  await expect(layout.balance()).toHaveText('₹400.00');
  await expect(page.getByTestId('topbar-lien')).toHaveText('₹600.00');

  // Released: the retailer has the ₹1,000 again, live.
  await admin.getByTestId('holdings').getByRole('button', { name: 'Release' }).click();
  const release = admin.getByRole('dialog', { name: /Release the lien/ });
  await release.getByLabel('Reason').fill('Resolved');
  await release.getByLabel('PIN').fill(E2E_ADMIN.pin);
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(admin.getByText('Lien released.')).toBeVisible();
  await expect(page.getByTestId('topbar-lien')).toHaveText('₹0.00');
  await expect(layout.balance()).toHaveText('₹1,000.00');
  expect(errors).toEqual([]);
  expect(adminErrors).toEqual([]);
});

test('the overdraft screen sets a limit by mobile number, lists it, and ends it', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const retailer = await givenUser(request, { role: RETAILER, name: 'Kavita Rao' });
  const admin = await adminDevice(browser, baseURL);
  const errors = watchConsole(admin, [/status of 422/]);
  await new AdminLayout(admin).open('Overdraft');
  await expect(admin.getByRole('heading', { level: 1, name: 'Overdraft' })).toBeVisible();
  const form = admin.getByRole('form', { name: 'Set an overdraft limit' });
  await form.getByLabel('Mobile number').fill(retailer.mobile);
  await form.getByRole('button', { name: 'Set limit' }).click();
  const dialog = admin.getByRole('dialog', { name: /Set the overdraft limit · Kavita Rao/ });
  await dialog.getByLabel('Limit').fill('2500');
  await dialog.getByLabel('Reason').fill('Festival stock');
  await dialog.getByLabel('PIN').fill(E2E_ADMIN.pin);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Overdraft limit set.')).toBeVisible();
  const list = admin.getByLabel('Wallets with an overdraft limit');
  await expect(list).toContainText('Kavita Rao');
  await expect(list).toContainText('₹2,500.00');
  await shoot(admin, 'overdraft');

  await list
    .locator('tr, li, .ant-card, [role="listitem"]')
    .filter({ hasText: 'Kavita Rao' })
    .getByRole('button', { name: 'Change or end' })
    .first()
    .click();
  const end = admin.getByRole('dialog', { name: /Set the overdraft limit · Kavita Rao/ });
  await end.getByLabel('Limit').fill('0');
  await end.getByLabel('Reason').fill('Season over');
  await end.getByLabel('PIN').fill(E2E_ADMIN.pin);
  await end.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Overdraft ended.')).toBeVisible();
  await expect(list).not.toContainText('Kavita Rao');
  expect(errors).toEqual([]);
});
