import { expect as baseExpect, test } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import {
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  signInAs,
  watchConsole,
} from './admin.helpers.js';

// Issue 14, Map Generator: a user with a last known location opens the maps search in a new
// tab; one without says "Location coordinates are not available." (spec §5, §7).
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ permissions: ['geolocation'], geolocation: { latitude: 12.9716, longitude: 77.5946 } });

test('the map generator opens a located user on the map and alerts for one without coordinates', async ({
  page,
  context,
  baseURL,
  request,
}, info) => {
  const errors = watchConsole(page);
  await acceptTermsBeforehand(context, baseURL);
  const tag = `${info.project.name} ${Date.now()}`;
  const located = await givenUser(request, { role: 'khataEmployee2', name: `Mapped ${tag}` });
  const nowhere = await givenUser(request, { role: 'khataEmployee2', name: `Unmapped ${tag}` });
  const login = await request.post('/api/auth/login', {
    data: { mobile: located.mobile, password: located.password },
    headers: { latitude: '28.613900', longitude: '77.209000' },
  });
  expect(login.ok()).toBe(true);

  await signInAs(page, E2E_ADMIN);
  await new AdminLayout(page).open('Map Generator');
  await expect(page).toHaveURL(/\/admin\/mapGenerator$/);
  await expect(page.getByRole('heading', { name: 'Map Generator' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(tag);
  await search.press('Enter');

  const mapLink = page.getByRole('link', { name: `Open map for ${located.name}` });
  await expect(mapLink).toHaveAttribute(
    'href',
    'https://www.google.com/maps/search/?api=1&query=28.613900,77.209000',
  );
  await expect(mapLink).toHaveAttribute('target', '_blank');
  await expect(page.getByText('28.613900, 77.209000')).toBeVisible();
  await page.screenshot({ path: info.outputPath(`map-generator-${info.project.name}.png`) });

  await page.getByRole('button', { name: `Open map for ${nowhere.name}` }).click();
  const alert = page
    .getByRole('dialog')
    .filter({ hasText: 'Location coordinates are not available.' });
  await expect(alert).toBeVisible();
  await page.screenshot({ path: info.outputPath(`map-generator-alert-${info.project.name}.png`) });
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  expect(errors).toEqual([]);
});
