import { expect as baseExpect, test } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import { acceptTermsBeforehand, AdminLayout, signInAs, watchConsole } from './admin.helpers.js';

// Issue 14, Contact requests: a visitor leaves a call-back request on the public site; an admin
// finds it among the open ones, refuses an empty note, and marks it handled with a note.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ permissions: ['geolocation'], geolocation: { latitude: 12.9716, longitude: 77.5946 } });

test('a visitor asks for a call-back and an admin marks it handled with a note', async ({
  page,
  context,
  baseURL,
}, info) => {
  const errors = watchConsole(page);
  await acceptTermsBeforehand(context, baseURL);
  // The box allows a few requests per address an hour: each run sends from an address of its own.
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${octet()}.${octet()}` });
  const name = `Call me ${info.project.name} ${Date.now()}`;

  await page.goto('/contact-us');
  const box = page.getByRole('region', { name: 'Request a call-back' });
  await box.getByLabel('Your name').fill(name);
  await box.getByLabel('Mobile number').fill('9876501234');
  await box.getByLabel('What can we help with?').fill('I want AEPS at my shop.');
  await box.getByRole('button', { name: 'Call me back' }).click();
  await expect(box.getByRole('status')).toContainText('Thank you! We will call you back soon.');

  await signInAs(page, E2E_ADMIN);
  await new AdminLayout(page).open('Contact Requests');
  await expect(page).toHaveURL(/\/admin\/contact-us$/);
  await expect(page.getByRole('heading', { name: 'Contact Requests' })).toBeVisible();
  const openButton = page.getByRole('button', { name: `Open request of ${name}` });
  await expect(openButton).toBeVisible();
  await expect(openButton).toHaveText('Mark handled');
  await page.screenshot({ path: info.outputPath(`contact-requests-${info.project.name}.png`) });

  await openButton.click();
  const dialog = page.getByRole('dialog', { name: `Call-back for ${name}` });
  await expect(dialog).toContainText('I want AEPS at my shop.');
  await dialog.getByRole('button', { name: 'Mark handled' }).click();
  await expect(dialog).toContainText('Please write a note of the call.');
  await dialog.getByLabel('Note of the call').fill('Called back; sent the AEPS onboarding form.');
  await page.screenshot({ path: info.outputPath(`contact-request-note-${info.project.name}.png`) });
  await dialog.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText('Marked as handled.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(openButton).toHaveCount(0);

  await page.locator('.contact-requests__filter').getByText('Handled', { exact: true }).click();
  await expect(openButton).toHaveText('View');
  await openButton.click();
  await expect(dialog).toContainText('Called back; sent the AEPS onboarding form.');
  await expect(dialog).toContainText('Handled by');
  await page.screenshot({
    path: info.outputPath(`contact-request-handled-${info.project.name}.png`),
  });
  expect(errors).toEqual([]);
});
