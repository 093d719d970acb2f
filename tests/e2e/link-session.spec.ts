import { expect, test } from '@playwright/test';
import { Messages } from '@khata/domain';
import { acceptTermsBeforehand, adminToken, givenUser, PIN } from './admin.helpers.js';

// Issue 31, item 3: an admin or upline in a user's account through a sign-in link is refused
// the account's credentials and money; the console shows why and stays signed in.

test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: 19.076, longitude: 72.8777 },
});

test('a sign-in link session is told why it cannot change the PIN, and stays signed in', async ({
  page,
  context,
  request,
  baseURL,
}, info) => {
  const user = await givenUser(request, { role: 'khataEmployee2', name: 'Farah Sheikh' });
  const link = await request.post('/api/admin/loginLink', {
    data: { mobile: user.mobile },
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  const { path } = (await link.json()) as { path: string };
  await acceptTermsBeforehand(context, baseURL);
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto('/admin/adminAccount');
  const pinCard = page.locator('.ant-card').filter({ hasText: 'Change PIN' });
  await pinCard.getByLabel('Old PIN').fill(PIN);
  await pinCard.getByLabel('New PIN').fill('5791');
  await pinCard.getByRole('button', { name: 'Change PIN' }).click();
  await expect(page.getByTestId('change-pin-error')).toHaveText(Messages.linkSessionRefused);
  await expect(page).toHaveURL(/\/admin\/adminAccount$/);
  await page.screenshot({
    path: info.outputPath(`link-session-pin-${info.project.name}.png`),
    fullPage: true,
  });
});
