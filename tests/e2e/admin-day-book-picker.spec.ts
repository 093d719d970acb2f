import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  acceptTermsBeforehand,
  adminToken,
  givenUser,
  signInAs,
  watchConsole,
  type TestUser,
} from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';

// Issue 14: the Day Book's own user picker. A distributor picks a retailer of its downline
// (searched on the server, debounced), the choice is kept in the address across a reload; a
// user outside its downline is neither offered nor shown (the API answers 404). An admin
// picks anyone.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });
test.use({ permissions: ['geolocation'], geolocation: { latitude: 18.5204, longitude: 73.8567 } });

const SHOTS = 'tests/.artifacts/screens';

async function idOf(request: APIRequestContext, mobile: string): Promise<string> {
  const answer = await request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { search: mobile, page: 1, pageSize: 10 },
  });
  const { data } = (await answer.json()) as { data: { id: string; mobile: string }[] };
  return data.find((user) => user.mobile === mobile)!.id;
}

/** Types the mobile into the Day Book's user search and chooses the match. */
async function pickUser(page: Page, user: TestUser) {
  const option = page.locator('.ant-select-item-option').filter({ hasText: user.mobile });
  await expect(async () => {
    await page.locator('#day-book-user').fill(user.mobile);
    await expect(option).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(option).toContainText(`${user.name} · ${user.mobile}`);
  await option.click();
}

test('a distributor picks a downline retailer’s day book, never one outside it', async ({
  page,
  context,
  baseURL,
  request,
}, info) => {
  const errors = watchConsole(page, [/404/]);
  const tag = info.project.name === 'desktop' ? 'Desk' : 'Phone';
  const distributor = await givenUser(request, { role: 'distributor', name: `Dinesh ${tag}` });
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: `Rekha ${tag}`,
    rupees: '1500',
    parentMobile: distributor.mobile,
  });
  const outsider = await givenUser(request, {
    role: 'khataEmployee2',
    name: `Omkar ${tag}`,
    rupees: '700',
  });

  await acceptTermsBeforehand(context, baseURL);
  await signInAs(page, distributor);
  await page.goto('/admin/myAccount/0');
  await expect(page.getByRole('heading', { name: 'Day Book', level: 1 })).toBeVisible();
  await pickUser(page, retailer);
  await expect(page).toHaveURL(/\/admin\/myAccount\/0\?userId=[0-9a-f-]{36}$/);
  await expect(page.getByText(`${retailer.name} (${retailer.mobile})`)).toBeVisible();
  await expect(page.getByTestId('day-book-closing')).toHaveText('₹1,500.00');
  // A reload (or a print) keeps the choice: it is in the address.
  await page.reload();
  await expect(page.getByTestId('day-book-closing')).toHaveText('₹1,500.00');
  await expect(page.getByText(`${retailer.name} (${retailer.mobile})`)).toBeVisible();
  await page.screenshot({
    path: `${SHOTS}/day-book-picker-${info.project.name}.png`,
    fullPage: true,
  });

  // Outside the downline: not offered, and typed into the address, refused.
  const searched = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/admin/users') &&
      (response.request().postData() ?? '').includes(outsider.mobile),
  );
  await page.locator('#day-book-user').click();
  await page.locator('#day-book-user').fill(outsider.mobile);
  const found = (await (await searched).json()) as { data: unknown[] };
  expect(found.data).toEqual([]);
  await expect(
    page.locator('.ant-select-item-option').filter({ hasText: outsider.mobile }),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto(`/admin/myAccount/0?userId=${await idOf(request, outsider.mobile)}`);
  await expect(page.getByText('User not found')).toBeVisible();
  await expect(page.getByTestId('day-book-closing')).toHaveCount(0);

  // Previous day keeps the user picked.
  await page.goto(`/admin/myAccount/0?userId=${await idOf(request, retailer.mobile)}`);
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page).toHaveURL(/\/admin\/myAccount\/1\?userId=/);
  await expect(page.getByText(`${retailer.name} (${retailer.mobile})`)).toBeVisible();
  expect(errors).toEqual([]);
});

test('an admin picks anyone’s day book', async ({ page, context, baseURL, request }, info) => {
  const errors = watchConsole(page);
  const tag = info.project.name === 'desktop' ? 'Desk' : 'Phone';
  const someone = await givenUser(request, {
    role: 'khataEmployee2',
    name: `Sunita ${tag}`,
    rupees: '820',
  });
  await acceptTermsBeforehand(context, baseURL);
  await signInAs(page, E2E_ADMIN);
  await page.goto('/admin/myAccount/0');
  await pickUser(page, someone);
  await expect(page.getByTestId('day-book-closing')).toHaveText('₹820.00');
  await page.screenshot({
    path: `${SHOTS}/day-book-picker-admin-${info.project.name}.png`,
    fullPage: true,
  });
  // Cleared: back to the admin's own day book.
  await page.locator('.day-book__picker .ant-select-clear').click({ force: true });
  await expect(page).toHaveURL(/\/admin\/myAccount\/0$/);
  expect(errors).toEqual([]);
});
