import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  acceptTermsBeforehand,
  AdminLayout,
  expectFocusedResult,
  givenUser,
  PIN,
  signInAs,
} from './admin.helpers.js';

// A device logged out from another one learns why on /login (issue 10, section 6).

const RETAILER = 'khataEmployee2';
const WHY = 'You were signed out from another device';

/** A device of its own: a browser context with its own cookies, signed in as the user. */
async function device(
  browser: Browser,
  baseURL: string | undefined,
  user: { mobile: string; password: string },
  { live = true }: { live?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    permissions: ['geolocation'],
    geolocation: { latitude: 12.9716, longitude: 77.5946 },
  });
  await acceptTermsBeforehand(context, baseURL);
  const page = await context.newPage();
  // Without live updates the device can only learn it from its next call (401, code 2211).
  if (!live) await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
  await signInAs(page, user);
  return page;
}

/** On the control panel of `here`, logs out the other sign-in of the two listed. */
async function logOutTheOtherDevice(here: Page) {
  await here.goto('/admin/adminAccount');
  const other = here.getByTestId('login-entry').filter({ hasNotText: 'This device' });
  await expect(here.getByTestId('login-entry')).toHaveCount(2);
  await other.getByRole('button', { name: 'Log out', exact: true }).click();
  // The answer is in the card with the focus (issue 30); the tests check the other device's end.
  await expectFocusedResult(here, 'Logged out of that device.');
}

test('the device logged out from the control panel of another lands on /login and is told why', async ({
  browser,
  baseURL,
  request,
}) => {
  const user = await givenUser(request, { role: RETAILER, name: 'Anand Kulkarni', kyc: 'none' });
  const phone = await device(browser, baseURL, user);
  await expect(new AdminLayout(phone).balance()).toBeVisible();
  const laptop = await device(browser, baseURL, user);

  await logOutTheOtherDevice(laptop);
  // The phone hears `session.revoked` over its live channel: no click needed.
  await expect(phone).toHaveURL(/\/login$/, { timeout: 10_000 });
  await expect(phone.getByRole('alert')).toContainText(WHY);
  // The laptop stays signed in.
  await expect(laptop).toHaveURL(/\/admin\/adminAccount$/);
  await Promise.all([phone.context().close(), laptop.context().close()]);
});

test('without live updates the next call says it (2211 with its reason); logging out oneself says nothing of the kind', async ({
  browser,
  baseURL,
  request,
}) => {
  const user = await givenUser(request, { role: RETAILER, name: 'Meera Joshi', kyc: 'none' });
  const phone = await device(browser, baseURL, user, { live: false });
  const layout = new AdminLayout(phone);
  await expect(layout.balance()).toBeVisible();
  const laptop = await device(browser, baseURL, user);

  await logOutTheOtherDevice(laptop);
  const refused = phone.waitForResponse(
    (answer) => answer.url().includes('/api/') && answer.status() === 401,
  );
  await layout.refresh().click();
  expect(await (await refused).json()).toMatchObject({
    code: 2211,
    reason: 'signed-out-elsewhere',
  });
  await expect(phone).toHaveURL(/\/login$/);
  await expect(phone.getByRole('alert')).toContainText(WHY);

  // The laptop logs out of every session itself: it knew, so /login has nothing to explain.
  await laptop.getByRole('button', { name: 'Log out all sessions' }).click();
  const dialog = laptop.getByRole('dialog', { name: 'Log out of all sessions' });
  await dialog.getByLabel('PIN').fill(PIN);
  await dialog.getByRole('button', { name: 'Log out all' }).click();
  await expect(laptop).toHaveURL(/\/login$/);
  await expect(laptop.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(laptop.getByText(WHY)).toHaveCount(0);
  await Promise.all([phone.context().close(), laptop.context().close()]);
});
