import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import {
  acceptTermsBeforehand,
  AdminLayout,
  expectFocusedResult,
  givenUser,
  watchConsole,
  nameInRun,
} from './admin.helpers.js';
import { LoginScreen } from './signin.helpers.js';

// Issue 14, Communication: an admin's notice reaches a signed-in user live and stays on the
// dashboard until dismissed; a retailer's complaint from a receipt is answered by an admin and
// the reply shows on the retailer's screen at once.
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const GEO = { latitude: 12.9716, longitude: 77.5946 };

test.use({ permissions: ['geolocation'], geolocation: GEO });

/** signInAs with this file's patience: two browsers sign in at once on a busy machine. */
async function signInAs(page: Page, user: { mobile: string; password: string }) {
  const login = new LoginScreen(page);
  await page.goto('/login');
  await expect(login.mobile()).toBeVisible();
  await login.signIn(user.mobile, user.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** A second browser of the same size, for the other person of the story. */
async function secondBrowser(browser: Browser, page: Page, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    permissions: ['geolocation'],
    geolocation: GEO,
  });
  await acceptTermsBeforehand(context, baseURL);
  return { context, page: await context.newPage() };
}

test('an admin posts a notice; a signed-in co-distributor sees it live and dismisses it', async ({
  page,
  context,
  baseURL,
  request,
  browser,
}, info) => {
  const errors = watchConsole(page);
  await acceptTermsBeforehand(context, baseURL);
  // Addressed to co-distributors, whom no other browser test signs in as: tests run in
  // parallel on one portal, and a notice to everyone would pop up in their screens too.
  const reader = await givenUser(request, {
    role: 'coDistributor',
    name: nameInRun('Notice Reader', info),
  });
  await signInAs(page, reader);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const admin = await secondBrowser(browser, page, baseURL);
  await signInAs(admin.page, E2E_ADMIN);
  await new AdminLayout(admin.page).open('Post Notice');
  await expect(admin.page).toHaveURL(/\/admin\/postNotice$/);
  const title = `Server upgrade ${info.project.name} ${Date.now()}`;
  await admin.page.getByLabel('Title').fill(title);
  // By the keyboard: Enter in the title sends the form; the refusal holds the focus (issue 30).
  await admin.page.getByLabel('Title').press('Enter');
  await expectFocusedResult(admin.page, 'Please write the notice.');
  await admin.page.getByLabel('Text').fill('Payouts pause tonight from 11 pm to 11:30 pm.');
  await admin.page.getByRole('checkbox', { name: 'Everyone' }).uncheck();
  await admin.page.getByRole('checkbox', { name: 'Co-Distributors' }).check();
  await admin.page.screenshot({
    path: info.outputPath(`post-notice-form-${info.project.name}.png`),
    fullPage: true,
  });
  await admin.page.getByLabel('Title').press('Enter');
  await expectFocusedResult(admin.page, 'Notice posted.');
  await admin.page.screenshot({
    path: info.outputPath(`post-notice-posted-${info.project.name}.png`),
    fullPage: true,
  });
  await expect(admin.page.getByLabel('Title')).toHaveValue('');
  const listed = admin.page.getByRole('button', { name: `Withdraw ${title}` });
  await expect(listed).toBeVisible();

  // Live: the reader's dashboard shows it without a reload.
  const notice = page.getByTestId('dashboard-notice').filter({ hasText: title });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Payouts pause tonight');
  await page.screenshot({
    path: info.outputPath(`dashboard-notice-${info.project.name}.png`),
    fullPage: true,
  });
  await notice.getByRole('button', { name: `Dismiss notice ${title}` }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dashboard-notice').filter({ hasText: title })).toHaveCount(0);

  // The admin sees the dismissal counted, and takes the notice down.
  await admin.page.reload();
  const row = admin.page.getByText(title).first();
  await expect(row).toBeVisible();
  await admin.page.screenshot({
    path: info.outputPath(`post-notice-list-${info.project.name}.png`),
    fullPage: true,
  });
  await admin.page.getByRole('button', { name: `Withdraw ${title}` }).click();
  await admin.page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(admin.page.getByText('Notice withdrawn.')).toBeVisible();
  await expect(admin.page.getByRole('button', { name: `Withdraw ${title}` })).toHaveCount(0);
  await admin.context.close();
  expect(errors).toEqual([]);
});

test('a retailer complains from a receipt; an admin replies; the retailer sees it live', async ({
  page,
  context,
  baseURL,
  request,
  browser,
}, info) => {
  const errors = watchConsole(page);
  await acceptTermsBeforehand(context, baseURL);
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: nameInRun('Complaining Retailer', info),
    rupees: '640',
  });
  await signInAs(page, retailer);
  await page
    .getByRole('button', { name: /^Receipt of/ })
    .first()
    .click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₹640.00');
  await receipt.getByRole('button', { name: 'Raise a complaint' }).click();

  await expect(page).toHaveURL(/\/admin\/raiseTicket\?transaction=/);
  const facts = page.getByTestId('raise-ticket-transaction');
  await expect(facts).toContainText('₹640.00');
  await page.getByLabel('What happened').fill('The credit of ₹640 came late. Please check.');
  await page.screenshot({
    path: info.outputPath(`raise-ticket-${info.project.name}.png`),
    fullPage: true,
  });
  // By the keyboard: Enter in the subject sends it. My Complaints opens it, its answer focused.
  await page.getByLabel('Subject').press('Enter');
  await expect(page).toHaveURL(/\/admin\/my-complaints\?id=/);
  const drawer = page.getByRole('dialog');
  await expectFocusedResult(drawer, 'Your complaint is registered. We will reply here.');
  await page.screenshot({
    path: info.outputPath(`complaint-raised-${info.project.name}.png`),
    fullPage: true,
  });
  await expect(drawer.getByTestId('complaint-transaction')).toContainText('₹640.00');
  await expect(drawer.getByTestId('complaint-status')).toHaveText('Open');
  const heading = await drawer.locator('.ant-drawer-title').innerText();
  const number = /C-\d{6}/.exec(heading)![0];

  const admin = await secondBrowser(browser, page, baseURL);
  await signInAs(admin.page, E2E_ADMIN);
  await new AdminLayout(admin.page).open('Help & Support');
  await expect(admin.page).toHaveURL(/\/admin\/complaints$/);
  await admin.page.getByRole('button', { name: `Open ${number}` }).click();
  const staff = admin.page.getByRole('dialog');
  await expect(staff).toContainText('The credit of ₹640 came late.');
  await staff.getByLabel('Reply or note').fill('Checked: it was credited at once. Please refresh.');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(admin.page.getByText('Reply sent.')).toBeVisible();
  await expect(staff.getByTestId('complaint-status')).toHaveText('In progress');
  await admin.page.screenshot({
    path: info.outputPath(`complaints-queue-${info.project.name}.png`),
    fullPage: true,
  });

  // Live on the retailer's open complaint, no reload.
  await expect(drawer).toContainText('Checked: it was credited at once.');
  await expect(drawer.getByTestId('complaint-status')).toHaveText('In progress');
  await expect(drawer).toContainText('Khata support');
  await page.screenshot({
    path: info.outputPath(`my-complaint-reply-${info.project.name}.png`),
    fullPage: true,
  });

  await staff.getByRole('button', { name: 'Resolve' }).click();
  await expect(drawer.getByTestId('complaint-status')).toHaveText('Resolved');
  await expect(drawer.getByRole('button', { name: 'Reopen' })).toBeVisible();

  // The lists, once the drawers are closed: the retailer's and the admins' queue.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: `Open ${number}` })).toBeVisible();
  await page.screenshot({
    path: info.outputPath(`my-complaints-${info.project.name}.png`),
    fullPage: true,
  });
  await admin.page.keyboard.press('Escape');
  await expect(staff).toBeHidden();
  await expect(admin.page.getByRole('button', { name: `Open ${number}` })).toBeVisible();
  await admin.page.screenshot({
    path: info.outputPath(`complaints-list-${info.project.name}.png`),
    fullPage: true,
  });
  await admin.context.close();
  expect(errors).toEqual([]);
});
