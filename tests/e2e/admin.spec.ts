import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import {
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  signInAs,
  watchConsole,
} from './admin.helpers.js';
import { tokenCookie } from './signin.helpers.js';

// New Delhi: the admin area sits behind the location gate.
test.use({ permissions: ['geolocation'], geolocation: { latitude: 28.6139, longitude: 77.209 } });

const RETAILER = 'khataEmployee2';
const COUNTER = 'khataEmployee1';

test.describe('admin layout', () => {
  test('signing in shows the terms, then the dashboard with the real balance', async ({
    page,
    context,
    request,
  }, info) => {
    const errors = watchConsole(page);
    const retailer = await givenUser(request, {
      role: RETAILER,
      name: 'Kavita Rao',
      rupees: '2500.50',
    });
    await signInAs(page, retailer);
    const layout = new AdminLayout(page);

    // Spec §4: no flag yet, so the popup asks first; accepting keeps "yes" for a day.
    await expect(layout.termsDialog()).toBeVisible();
    await layout.termsDialog().getByRole('button', { name: 'Accept' }).click();
    await expect(layout.termsDialog()).toBeHidden();
    const terms = (await context.cookies()).find((cookie) => cookie.name === 'khata_terms');
    expect(terms?.value).toBe('yes');
    expect(Math.abs((terms?.expires ?? 0) * 1000 - Date.now() - 86_400_000)).toBeLessThan(60_000);

    // Spec §6: the first name, the wallet from the user balance call, lien and security.
    await expect(layout.welcome()).toHaveText('Kavita');
    await expect(layout.balance()).toHaveText('₹2,500.50');
    await expect(page.getByTestId('topbar-lien')).toHaveText('₹0.00');
    await expect(page.getByTestId('topbar-security')).toHaveText('₹0.00');
    await expect(page.getByTestId('balance-wallet')).toContainText('₹2,500.50');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.screenshot({
      path: info.outputPath(`dashboard-${info.project.name}.png`),
      fullPage: true,
    });
    expect(errors).toEqual([]);
  });

  test('at 360 px a long first name and a large balance share the top bar without overlapping', async ({
    page,
    context,
    request,
    baseURL,
  }, info) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const retailer = await givenUser(request, {
      role: RETAILER,
      name: 'Venkatalakshmi Subramanian',
      rupees: '98765.43',
    });
    await acceptTermsBeforehand(context, baseURL);
    await signInAs(page, retailer);
    const layout = new AdminLayout(page);
    await expect(layout.balance()).toHaveText('₹98,765.43');
    const welcome = (await page.locator('.admin-topbar__welcome').boundingBox())!;
    const money = (await page.locator('.admin-topbar__money').boundingBox())!;
    // Side by side on one row: the welcome ends before the money starts, both on screen.
    expect(welcome.x + welcome.width).toBeLessThanOrEqual(money.x);
    expect(money.x + money.width).toBeLessThanOrEqual(360);
    const pageWidth = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
          .document.documentElement.scrollWidth,
    );
    expect(pageWidth).toBeLessThanOrEqual(360);
    await page.screenshot({
      path: info.outputPath('topbar-360.png'),
      clip: { x: 0, y: 0, width: 360, height: 120 },
    });
  });

  test('declining the terms logs this session out and goes to /login', async ({
    page,
    context,
    request,
  }) => {
    const counter = await givenUser(request, { role: COUNTER, name: 'Farhan Ali' });
    await signInAs(page, counter);
    const token = (await tokenCookie(context))?.value;
    const layout = new AdminLayout(page);
    // The console leaves for /login first and tells the API after (useLogout): the server's
    // end of the session is read once that call has been answered, not as soon as /login shows.
    const loggedOut = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/logout'),
    );
    await layout.termsDialog().getByRole('button', { name: 'Decline' }).click();

    await expect(page).toHaveURL(/\/login$/);
    expect((await loggedOut).ok()).toBe(true);
    expect(await tokenCookie(context)).toBeUndefined();
    const terms = (await context.cookies()).find((cookie) => cookie.name === 'khata_terms');
    expect(terms?.value).toBe('no');
    // The session itself ended on the server, not only in this browser.
    const after = await request.post('/api/user/userData', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await after.json()).code).toBe(2211);
  });

  test('the admin is welcomed as Admin, with the admin balance and the admin menu', async ({
    page,
    context,
    baseURL,
  }) => {
    await acceptTermsBeforehand(context, baseURL);
    const balanceCall = page.waitForRequest('**/api/admin/checkBalance');
    await signInAs(page, { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password });
    await balanceCall;
    const layout = new AdminLayout(page);
    await expect(layout.welcome()).toHaveText('Admin');
    await expect(layout.balance()).toHaveText(/^₹[\d,]+\.\d\d$/);

    const labels = await layout.menuLabels();
    expect(labels).toEqual([
      'Dashboard',
      'Payment Tracker (PG)',
      // Issue 13: the fund requests' approval queue (docs/decisions.md).
      'Payment Approval',
      'All Users',
      'Network',
      'Merchant List',
      'KYC Approvals',
      'AEPS Approvals',
      // Issue 31: four eyes on admin money (docs/decisions.md).
      'Approvals',
      'Post Notice',
      'Direct Onboard',
      'Create Partner',
      'Help & Support',
      'Database',
      'Logs',
      'Profile',
      'Transaction Report',
      'Ledger Report',
      'Map Generator',
      // Issue 12's two services screens (not in spec §6's table; docs/decisions.md).
      'Service Management',
      'Update Services',
      'Overdraft',
      // Issue 13's commission screens.
      'Tax Rates',
      'My Profit',
      'Contact Requests',
      // Issue 14: the month's figures, reconciliation and close.
      'Monthly Stats',
      // Issue 14: payouts that need an admin (ours; docs/decisions.md).
      'Payment Operations',
      // Issue 25: remitters looked up, and every DMT and PPI transfer read (docs/decisions.md).
      'Remitters',
      'Money Transfer',
      'PPI Money Transfer',
      // Issue 26: every AEPS transaction read (the counter itself is a shop's).
      'AEPS Report',
      // Issue 27: every bill payment read (paying bills is a shop's).
      'Bill Payment Report',
      // Issue 28: every rent agreement read (drafting one is a shop's).
      'Rent Agreements',
    ]);
  });

  test('an employee sees the employee menu and none of the admin items', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    await acceptTermsBeforehand(context, baseURL);
    const counter = await givenUser(request, { role: COUNTER, name: 'Meena Joshi' });
    await signInAs(page, counter);
    const layout = new AdminLayout(page);
    expect(await layout.menuLabels()).toEqual([
      'Dashboard',
      'Payment Tracker (PG)',
      'Wallet Transfer',
      'Control Panel',
      'Customer Support',
      // Issue 14: the complaints the employee raised.
      'My Complaints',
      // Not in spec §6's table for employee 1: whoever can pay finds their receipts (issue 10).
      'Transaction Report',
    ]);

    // A typed address of an admin screen is refused inside the layout.
    await page.goto('/admin/allUsers');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Not available to you' }),
    ).toBeVisible();
    await page.goto('/admin/ledger');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Not available to you' }),
    ).toBeVisible();
  });

  test('the sidebar is a drawer on a phone and stays open on a desktop', async ({
    page,
    context,
    baseURL,
    request,
  }, info) => {
    await acceptTermsBeforehand(context, baseURL);
    const retailer = await givenUser(request, { role: RETAILER, name: 'Harish Nair' });
    await signInAs(page, retailer);
    const layout = new AdminLayout(page);
    const sidebar = page.getByRole('complementary').getByRole('navigation', { name: 'Admin menu' });
    if (info.project.name === 'phone') {
      await expect(sidebar).toBeHidden();
      await layout.open('Control Panel');
      await expect(page).toHaveURL(/\/admin\/adminAccount$/);
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    } else {
      await expect(sidebar).toBeVisible();
      await expect(layout.menuButton()).toBeHidden();
      await layout.open('Control Panel');
      await expect(page).toHaveURL(/\/admin\/adminAccount$/);
      await expect(sidebar.getByRole('link', { name: 'Control Panel' })).toHaveClass(/active/);
    }
    await page.screenshot({
      path: info.outputPath(`control-panel-${info.project.name}.png`),
      fullPage: true,
    });
  });

  test(
    'signed out, the admin area sends the user to /login',
    { tag: '@any-viewport' },
    async ({ page }) => {
      await page.goto('/admin/dashboard');
      await expect(page).toHaveURL(/\/login$/);
    },
  );

  test(
    'logout in the top bar ends the session',
    { tag: '@any-viewport' },
    async ({ page, context, baseURL, request }) => {
      await acceptTermsBeforehand(context, baseURL);
      const counter = await givenUser(request, { role: COUNTER, name: 'Ritu Sen' });
      await signInAs(page, counter);
      await new AdminLayout(page).logout().click();
      await expect(page).toHaveURL(/\/login$/);
      expect(await tokenCookie(context)).toBeUndefined();
    },
  );
});

test('the public first load carries no admin-area code', async ({ page }) => {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const scripts = await Promise.all(bodies);
  expect(scripts.length).toBeGreaterThan(0);
  // Class names only the admin area's own modules use.
  const adminMarkers = [
    'admin-topbar',
    'admin-sidebar',
    'admin-page__title',
    'wallet-transfer__holder',
    'receipt-print-copy',
  ];
  for (const marker of adminMarkers) {
    expect(
      scripts.filter((script) => script.includes(marker)),
      marker,
    ).toEqual([]);
  }
});
