import { expect, test, type Browser } from '@playwright/test';
import {
  acceptTermsBeforehand,
  AdminLayout,
  expectFocusedResult,
  givenUser,
  PASSWORD,
  signInAs,
} from './admin.helpers.js';

// Changing one's password from the Control Panel (issue 31 item 14): the current password,
// the new one twice, 12 characters at least; the other devices are signed out and told why.

const NEW_PASSWORD = 'my-counter-2468-new';
const BENGALURU = { latitude: 12.9716, longitude: 77.5946 };

test.use({ permissions: ['geolocation'], geolocation: BENGALURU });

/** Another device signed in as the user: a browser context of its own. */
async function otherDevice(
  browser: Browser,
  baseURL: string | undefined,
  user: { mobile: string; password: string },
) {
  const context = await browser.newContext({
    baseURL,
    permissions: ['geolocation'],
    geolocation: BENGALURU,
  });
  await acceptTermsBeforehand(context, baseURL);
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

test('changes the password from the Control Panel and signs the other devices out', async ({
  page,
  browser,
  baseURL,
  request,
}, info) => {
  const user = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Meera Pillai',
    kyc: 'none',
  });
  const other = await otherDevice(browser, baseURL, user);
  await expect(new AdminLayout(other).balance()).toBeVisible();

  await acceptTermsBeforehand(page.context(), baseURL);
  await signInAs(page, user);
  await page.goto('/admin/adminAccount');
  const card = page.locator('.ant-card').filter({ hasText: 'Change password' });
  await card.getByLabel('Current password').fill(PASSWORD);
  await card.getByLabel('New password', { exact: true }).fill('too-short-1');
  await card.getByLabel('New password again').fill('too-short-1');
  await card.getByLabel('New password again').press('Enter');
  await expect(card.getByTestId('change-password-error')).toHaveText(
    'Password must have at least 12 characters.',
  );
  // Issue 30: the refusal, like the answer, takes the focus.
  await expectFocusedResult(card, 'Password must have at least 12 characters.');

  await card.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await card.getByLabel('New password again').fill(`${NEW_PASSWORD}x`);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByTestId('change-password-error')).toHaveText(
    'The two new passwords do not match.',
  );
  await card.getByLabel('New password again').fill(NEW_PASSWORD);
  // By the keyboard: Enter in the last field sends it; the answer is in the card, focused.
  await card.getByLabel('New password again').press('Enter');
  await expectFocusedResult(card, 'Password changed. You were signed out of 1 other session.');
  await expect(card.getByLabel('Current password')).toHaveValue('');
  await page.screenshot({
    path: info.outputPath(`control-panel-password-${info.project.name}.png`),
    fullPage: true,
  });

  // The other device hears it live and lands on /login; this one stays.
  await expect(other).toHaveURL(/\/login$/, { timeout: 10_000 });
  await expect(other.getByRole('alert')).toContainText('You were signed out from another device');
  await expect(page).toHaveURL(/\/admin\/adminAccount$/);
  const signIn = (password: string) =>
    request.post('/api/auth/login', { data: { mobile: user.mobile, password } });
  expect((await signIn(PASSWORD)).status()).toBe(401);
  expect((await signIn(NEW_PASSWORD)).status()).toBe(200);
  await other.context().close();
});
