import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import {
  acceptTermsBeforehand,
  adminToken,
  AdminLayout,
  givenUser,
  paidUtr,
  requestPayout,
  signInAs,
  tokenOf,
  nameInRun,
} from './admin.helpers.js';

// Issue 23, items 13 and 14: rejected AEPS accounts, the approval queue's name check, and an
// admin's status check of a paid payout.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 18.5204, longitude: 73.8567 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

const shot = (page: Page, name: string, project: string) =>
  page.screenshot({ path: `/tmp/aeps-${name}-${project}.png`, fullPage: true });

const newAccount = () => `6${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}9`;

test('a rejected AEPS account shows its reason, holds no place and can be deleted; the queue flags another name', async ({
  page: adminPage,
  browser,
  baseURL,
  request,
}, info) => {
  let page = adminPage;
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: nameInRun('Meena Pillai', info),
  });
  const headers = { Authorization: `Bearer ${await tokenOf(request, retailer)}` };
  const add = async (name: string) => {
    const created = await request.post('/api/user/createAepsBeneficiary', {
      headers,
      data: {
        AccountNo: newAccount(),
        IfscCode: 'SBIN0001234',
        name,
        bankName: 'State Bank of India',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { data: { beneficiaryId: string } }).data.beneficiaryId;
  };
  const own = await add(retailer.name);
  const other = await add('Prakash Shetty');

  // The admin's queue flags the account in another name, and decides with the PIN.
  await signInAs(page, { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password });
  await new AdminLayout(page).open('AEPS Approvals');
  await expect(page.getByRole('heading', { level: 1, name: 'AEPS Approvals' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Reject Prakash Shetty of ${retailer.name}` }),
  ).toBeVisible();
  await expect(page.getByTestId('aeps-holder-differs')).toContainText(
    `Holder Prakash Shetty; retailer ${retailer.name}`,
  );
  await shot(page, 'approvals-flag', info.project.name);
  await page.getByRole('button', { name: `Reject Prakash Shetty of ${retailer.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject this AEPS account?' });
  await expect(dialog).toContainText(
    `The holder's name (Prakash Shetty) is not the retailer's (${retailer.name}).`,
  );
  await dialog.getByLabel('PIN').fill(E2E_ADMIN.pin);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toContainText('Please give the reason for rejecting this AEPS account.');
  await dialog
    .getByLabel('Reason (required; the retailer reads it)')
    .fill('Account is not in your name.');
  await shot(page, 'approvals-reject', info.project.name);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  const left = await request.post('/api/admin/getAepsBeneficiaries', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { status: 'rejected' },
  });
  expect(((await left.json()) as { data: { _id: string }[] }).data.map((a) => a._id)).toContain(
    other,
  );
  expect(own).toBeTruthy();

  // The retailer sees why, may add another (1 of 2 places taken), and deletes the rejected one.
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    isMobile: info.project.name === 'phone',
    hasTouch: info.project.name === 'phone',
    permissions: ['geolocation'],
    geolocation: { latitude: 18.5204, longitude: 73.8567 },
  });
  await acceptTermsBeforehand(context, baseURL);
  page = await context.newPage();
  await signInAs(page, retailer);
  await new AdminLayout(page).open('AEPS Settlement');
  await expect(page.getByText('1 account is awaiting approval by Khata.')).toBeVisible();
  const rejected = page.getByTestId('aeps-waiting').filter({ hasText: 'Rejected' });
  await expect(rejected).toContainText('Prakash Shetty');
  await expect(rejected.getByTestId('aeps-rejection-reason')).toContainText(
    'Reason: Account is not in your name.',
  );
  await expect(page.getByRole('button', { name: 'Add Beneficiary' })).toBeVisible();
  await shot(page, 'settlement-rejected', info.project.name);
  await rejected.getByRole('button', { name: 'Delete Prakash Shetty' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('aeps-waiting').filter({ hasText: 'Rejected' })).toHaveCount(0);
  await expect(page.getByTestId('aeps-waiting')).toHaveCount(1);
  await context.close();
});

test('an admin checks the status of a paid payout in the Payment Tracker and finds its late return', async ({
  page,
  request,
}, info) => {
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: nameInRun('Ritu Sharma', info),
    rupees: '3000',
  });
  const { id, headers } = await requestPayout(request, retailer, {
    rupees: '500',
    name: 'Late Return',
    ending: '002',
  });
  await paidUtr(request, headers, id);
  const record = await request.post('/api/user/transaction', { headers, data: { id } });
  const orderID = ((await record.json()) as { transactionRecord: { payload: { orderID: string } } })
    .transactionRecord.payload.orderID;

  await signInAs(page, { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password });
  await page.goto(`/admin/payment-tracker?q=${orderID}`);
  const status = page.getByRole('button', { name: 'Check status' });
  await expect(status).toBeVisible();
  await expect(page.locator('main')).toContainText('Processed');
  // The sandbox returns an 002 payout 3 s after paying it (playwright.config.ts); the sweep's
  // first look is an hour away, so only this check can find it now.
  await expect(async () => {
    await status.click();
    await expect(page.getByText('The payout is reversed.')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('article', { name: 'Customer copy' })).toContainText(/reversed/i);
  await expect(status).toHaveCount(0);
  await shot(page, 'tracker-checked', info.project.name);

  // Payment Operations lists no paid payout; its order id is asked about from there too.
  await new AdminLayout(page).open('Payment Operations');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Operations' })).toBeVisible();
  const checkPaid = page.getByRole('searchbox', { name: 'Check a paid payout: order id or UTR' });
  await checkPaid.fill(orderID);
  // Enter asks, as the box's own button does (other rows may have a Check status of their own).
  await checkPaid.press('Enter');
  await expect(page.getByText(`${orderID}: The payout is reversed.`)).toBeVisible();
  await shot(page, 'operations-check-paid', info.project.name);

  // The retailer's own record says it came back.
  const after = await request.post('/api/user/transaction', { headers, data: { id } });
  expect(
    ((await after.json()) as { transactionRecord: { status: string } }).transactionRecord,
  ).toMatchObject({ status: 'reversed' });
});
