import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  openFilters,
  signInAs,
  watchConsole,
} from './admin.helpers.js';

// Issue 31 item 4: four eyes. An admin's credit above the threshold (₹1,00,000) moves nothing:
// it waits in Approvals, where the admin who asked cannot approve it and a second admin can.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

/** Phone shots at 390 px wide, desktop at 1366, into /tmp for a look. */
async function shoot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: `/tmp/four-eyes-${name}-${project}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const { documentElement } = (
      globalThis as unknown as {
        document: { documentElement: { scrollWidth: number; clientWidth: number } };
      }
    ).document;
    return documentElement.scrollWidth - documentElement.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
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

const wallet = (page: Page): Locator =>
  page
    .getByTestId('user-balances')
    .locator('.ant-descriptions-row, tr')
    .filter({ hasText: 'Wallet' })
    .first();

/** The queue's row, or phone card, of one request. */
const requestOf = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Approval requests' })
    .locator('tr, .report-card')
    .filter({ hasText: name })
    .first();

test('a credit above the threshold waits in Approvals until a second admin approves it with their PIN', async ({
  page,
  browser,
  baseURL,
  request,
}, info) => {
  test.slow();
  const tag = `${info.project.name} ${Date.now() % 100000}`;
  const asha = await givenUser(request, { role: 'admin', name: `Asha Admin ${tag}` });
  const bala = await givenUser(request, { role: 'admin', name: `Bala Admin ${tag}` });
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: `Ravi Stores ${tag}`,
  });
  const errors = watchConsole(page);

  // Asha credits ₹1,50,000 from User details: it goes for a second admin's approval.
  await signInAs(page, asha);
  await openUser(page, retailer.mobile, retailer.name);
  await expect(wallet(page)).toContainText('₹0.00');
  await page
    .getByRole('region', { name: 'Wallet actions' })
    .getByRole('button', { name: 'Credit wallet' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Credit the wallet · ${retailer.name}` });
  await dialog.getByLabel('Amount (₹)', { exact: true }).fill('150000');
  await dialog.getByLabel('Reason', { exact: true }).fill('Opening float for the new branch');
  await dialog.getByLabel('PIN', { exact: true }).fill(asha.pin);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText("Sent for a second admin's approval.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(wallet(page)).toContainText('₹0.00');

  // Her queue shows it as hers: no Approve button for her.
  const layout = new AdminLayout(page);
  await layout.open('Approvals');
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  const hers = requestOf(page, retailer.name);
  await expect(hers).toContainText('₹1,50,000.00');
  await expect(hers).toContainText('Yours: a second admin approves it.');
  await expect(hers.getByRole('button', { name: /^Approve / })).toHaveCount(0);
  await noSidewaysScroll(page);
  await shoot(page, 'requester');

  // Bala, in a browser of his own, approves it with his PIN.
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    permissions: ['geolocation'],
    geolocation: { latitude: 19.076, longitude: 72.8777 },
  });
  await acceptTermsBeforehand(context, baseURL);
  const second = await context.newPage();
  const secondErrors = watchConsole(second);
  await signInAs(second, bala);
  await new AdminLayout(second).open('Approvals');
  const waiting = requestOf(second, retailer.name);
  await expect(waiting).toContainText(asha.name);
  await expect(waiting).toContainText('Opening float for the new branch');
  await noSidewaysScroll(second);
  await shoot(second, 'queue');
  await waiting.getByRole('button', { name: /^Approve / }).click();
  const confirm = second.getByRole('dialog', { name: 'Approve and move the money?' });
  await expect(confirm).toContainText('₹1,50,000.00');
  await confirm.getByLabel('PIN').fill(bala.pin);
  await shoot(second, 'confirm');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(second.getByText('Approved; the money has moved.')).toBeVisible();
  await expect(requestOf(second, retailer.name)).toHaveCount(0);

  // Decided: approved by Bala, with the credit's order id.
  await second.getByText('Decided', { exact: true }).click();
  const decided = requestOf(second, retailer.name);
  await expect(decided).toContainText('Approved');
  await expect(decided).toContainText(bala.name);
  await expect(decided).toContainText(/KH\d{10}/);
  await noSidewaysScroll(second);
  await shoot(second, 'decided');

  // The money moved once (read afresh: Asha's page still holds what it read before).
  await openUser(page, retailer.mobile, retailer.name);
  await page.reload();
  await expect(wallet(page)).toContainText('₹1,50,000.00');
  await shoot(page, 'credited');
  await context.close();
  expect(errors).toEqual([]);
  expect(secondErrors).toEqual([]);
});
