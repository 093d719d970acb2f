import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test } from '@playwright/test';
import {
  openFilters,
  acceptTermsBeforehand,
  givenUser,
  signInAs,
  watchConsole,
} from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';

// Logs (issue 14): an admin registers a user (an audited admin action), opens Logs, finds the
// entry by action and target mobile, and sees who did it, from which IP. Phone and desktop.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 60_000 });
test.use({ permissions: ['geolocation'], geolocation: { latitude: 18.5204, longitude: 73.8567 } });

const SHOTS = 'tests/.artifacts/logs';

test('an admin finds its own audited action in Logs by action and target, with the IP', async ({
  page,
  context,
  baseURL,
  request,
}, info) => {
  const name = `Meera Logtest ${randomUUID().slice(0, 6)}`;
  const user = await givenUser(request, { role: 'user', name, kyc: 'none' });
  const errors = watchConsole(page);
  await acceptTermsBeforehand(context, baseURL);
  await signInAs(page, E2E_ADMIN);

  await page.goto('/admin/logs');
  await expect(page.getByRole('heading', { name: 'Logs', level: 1 })).toBeVisible();
  const filters = page.getByRole('form', { name: 'Filter logs' });
  await openFilters(page);
  await filters.getByLabel('Action').click();
  await page.keyboard.type('Registered a user');
  await page.locator('.ant-select-item-option', { hasText: 'Registered a user' }).click();
  await filters.getByLabel('Target user').fill(user.mobile);
  await filters.getByLabel('Target user').press('Enter');
  await expect(page).toHaveURL(new RegExp(`target=${user.mobile}`));
  await expect(page).toHaveURL(/action=user.register/);

  const entry = page.getByText(name).first();
  await expect(entry).toBeVisible();
  await expect(page.getByText('1 entry')).toBeVisible();
  await expect(
    page.getByText('Registered a user', { exact: true }).filter({ visible: true }).last(),
  ).toBeVisible();
  await expect(page.getByText(E2E_ADMIN.mobile).first()).toBeVisible();
  // The request came from this machine: an IPv4 or IPv6 loopback address.
  await expect(page.getByText(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/logs-${info.project.name}.png`, fullPage: true });

  // A range over the limit is refused with the API's words.
  await filters.getByLabel('From', { exact: true }).fill('2025-01-01');
  await filters.getByLabel('To', { exact: true }).fill('2025-12-31');
  await expect(page.getByText('Please choose at most 92 days.')).toBeVisible();
  expect(errors.filter((line) => !/status of 400/.test(line))).toEqual([]);
});
