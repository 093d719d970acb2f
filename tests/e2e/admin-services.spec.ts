import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import { acceptTermsBeforehand, AdminLayout, givenUser, watchConsole } from './admin.helpers.js';
import { LoginScreen } from './signin.helpers.js';

// New Delhi: the admin area sits behind the location gate.
test.use({ permissions: ['geolocation'], geolocation: { latitude: 28.6139, longitude: 77.209 } });

const COUNTER = 'khataEmployee1';

/**
 * signInAs with room to breathe: this file signs two browsers in, one after the other, and on
 * a loaded machine the location gate alone has taken more than the 5 s a helper waits.
 */
async function signIn(page: Page, user: { mobile: string; password: string }) {
  const login = new LoginScreen(page);
  await page.goto('/login');
  await expect(login.mobile()).toBeVisible({ timeout: 30_000 });
  await login.signIn(user.mobile, user.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
}

const overflow = (page: Page) =>
  page.evaluate(() => {
    const window = globalThis as unknown as {
      innerWidth: number;
      document: { documentElement: { scrollWidth: number } };
    };
    return { scrollWidth: window.document.documentElement.scrollWidth, width: window.innerWidth };
  });

test.describe('services', () => {
  test('an admin switches off a retailer’s wallet service and the retailer’s open page loses Wallet Transfer at once', async ({
    browser,
    page,
    context,
    request,
    baseURL,
  }, info) => {
    // Two browsers signed in one after the other.
    test.slow();
    const errors = watchConsole(page);
    const retailer = await givenUser(request, { role: COUNTER, name: 'Farhan Qureshi' });
    await acceptTermsBeforehand(context, baseURL);
    await signIn(page, retailer);
    const retailerLayout = new AdminLayout(page);
    await retailerLayout.open('Wallet Transfer');
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet Transfer' })).toBeVisible();
    const retailerMenu = await retailerLayout.menu();
    const walletItem = retailerMenu.getByRole('link', { name: 'Wallet Transfer', exact: true });
    await expect(walletItem).toBeVisible();

    // The admin, in a browser of its own.
    const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } = info.project.use;
    const adminContext = await browser.newContext({
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      userAgent,
      deviceScaleFactor,
      permissions: ['geolocation'],
      geolocation: { latitude: 28.6139, longitude: 77.209 },
    });
    await acceptTermsBeforehand(adminContext, baseURL);
    const adminPage = await adminContext.newPage();
    const adminErrors = watchConsole(adminPage);
    await signIn(adminPage, E2E_ADMIN);
    await new AdminLayout(adminPage).open('Update Services');
    await expect(
      adminPage.getByRole('heading', { level: 1, name: 'Update Services' }),
    ).toBeVisible();
    await adminPage.getByRole('searchbox', { name: "User's mobile number" }).fill(retailer.mobile);
    await adminPage.getByRole('button', { name: 'Find' }).click();
    const card = adminPage.getByTestId('user-services');
    await expect(card).toContainText('Farhan Qureshi');
    const wallet = card.getByRole('switch', { name: 'Wallet transfer' });
    await expect(wallet).toBeChecked();
    await expect(card.getByRole('switch', { name: 'Bank payout' })).toBeChecked();
    // Staff is for employees: a counter (employee 1) is offered it, switched off.
    await expect(card.getByRole('switch', { name: 'Staff (whole network)' })).not.toBeChecked();
    await adminPage.screenshot({
      path: info.outputPath(`update-services-${info.project.name}.png`),
      fullPage: true,
    });
    const before = await overflow(adminPage);
    expect(before.scrollWidth).toBeLessThanOrEqual(before.width);

    await wallet.click();
    await expect(card.getByText('Changed for this user')).toBeVisible();
    await card.getByRole('button', { name: 'Save changes' }).click();
    await expect(card.getByText('Please give a reason for the change.')).toBeVisible();
    await card.getByRole('textbox', { name: 'Reason' }).fill('Shop closed for audit');
    await card.getByRole('button', { name: 'Save changes' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Confirm with your PIN' });
    await expect(dialog).toContainText('Switch off Wallet transfer for Farhan Qureshi.');
    await dialog.getByLabel('PIN').fill(E2E_ADMIN.pin);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(adminPage.getByText('Services updated.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(wallet).not.toBeChecked();

    // The retailer did nothing: the socket event redraws the menu and closes the screen.
    await expect(walletItem).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Not available to you' }),
    ).toBeVisible();
    await page.screenshot({
      path: info.outputPath(`retailer-after-revoke-${info.project.name}.png`),
      fullPage: true,
    });
    await adminContext.close();
    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });

  test('Service Management lists every service with its status and role defaults', async ({
    page,
    context,
    baseURL,
  }, info) => {
    const errors = watchConsole(page);
    await acceptTermsBeforehand(context, baseURL);
    await signIn(page, E2E_ADMIN);
    await new AdminLayout(page).open('Service Management');
    await expect(page.getByRole('heading', { level: 1, name: 'Service Management' })).toBeVisible();
    const catalogue = page.getByTestId('service-catalogue');
    for (const label of ['Wallet transfer', 'Bank payout', 'AEPS settlement', 'Payment gateway'])
      await expect(catalogue.getByText(label, { exact: true })).toBeVisible();
    // The payment gateway; DMT is live since issue 25, BBPS since issue 27.
    await expect(catalogue.getByText('Coming later')).toHaveCount(1);
    await page.screenshot({
      path: info.outputPath(`service-management-${info.project.name}.png`),
      fullPage: true,
    });
    const size = await overflow(page);
    expect(size.scrollWidth).toBeLessThanOrEqual(size.width);
    expect(errors).toEqual([]);
  });
});
