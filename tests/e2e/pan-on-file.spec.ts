import { expect as baseExpect, test } from '@playwright/test';
import pg from 'pg';
import { currentTestRun, databasePrefix } from '../support/run.mjs';
import {
  acceptTermsBeforehand,
  expectFocusedResult,
  givenUser,
  openFilters,
  signInAs,
  watchConsole,
  nameInRun,
} from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';

// Issue 23: a distributor approved before KYC existed has no PAN on file, so TDS on its
// commission is withheld at 20%. The screens say so ("Not checked", "No PAN on file"), and the
// dashboard asks for a PAN; the admin's All Users shows the same.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });
const expect = baseExpect.configure({ timeout: 20_000 });

/** The portal's own database (as sandbox-sms.ts reads it): the KYC migration's grandfathering. */
async function grandfather(mobile: string) {
  const run = currentTestRun();
  const client = new pg.Client({
    connectionString: `${run.postgresUrl}/${databasePrefix(run.runId)}_e2e`,
  });
  await client.connect();
  try {
    await client.query(`UPDATE users SET kyc_state = 'approved' WHERE mobile = $1`, [mobile]);
  } finally {
    await client.end();
  }
}

test('an upline approved with no PAN on file is told so and adds one from the dashboard', async ({
  page,
  request,
  context,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page, [/status of 400/]);
  await acceptTermsBeforehand(context, baseURL);
  const name = nameInRun('Kiran Joshi', info);
  const distributor = await givenUser(request, { role: 'distributor', name, kyc: 'none' });
  await grandfather(distributor.mobile);

  await signInAs(page, distributor);
  const task = page.getByTestId('pan-task');
  await expect(task).toContainText('Add your PAN');
  await page.screenshot({
    path: info.outputPath(`pan-task-${info.project.name}.png`),
    fullPage: true,
  });
  await task.getByLabel('PAN').fill('ABCD1234F');
  await task.getByRole('button', { name: 'Save PAN' }).click();
  await expect(task).toContainText('Please enter a valid PAN');

  // My Profit says the same while no PAN is on file.
  await page.goto('/admin/myProfit');
  await expect(page.getByTestId('pan-task')).toContainText('No PAN on file');
  await page.screenshot({
    path: info.outputPath(`my-profit-no-pan-${info.project.name}.png`),
    fullPage: true,
  });

  await page.goto('/admin/dashboard');
  await page.getByTestId('pan-task').getByLabel('PAN').fill('abcpj4821k');
  // By the keyboard: Enter saves it; the task gives way to its answer, which holds the focus.
  await page.getByTestId('pan-task').getByLabel('PAN').press('Enter');
  await expectFocusedResult(page, 'Your PAN is on file.');
  await page.screenshot({
    path: info.outputPath(`pan-saved-${info.project.name}.png`),
    fullPage: true,
  });
  await expect(page.getByTestId('pan-task')).toHaveCount(0);
  expect(errors).toEqual([]);

  // The admin's All Users: approved with nothing checked, PAN now on file.
  await context.clearCookies();
  await acceptTermsBeforehand(context, baseURL);
  await signInAs(page, E2E_ADMIN);
  await page.goto('/admin/allUsers');
  await openFilters(page);
  await page.locator('#users-search').fill(name);
  await page.locator('#users-search').press('Enter');
  // A table on a desktop, cards on a phone: the search leaves this one user either way.
  const users = page.getByRole('region', { name: 'Users', exact: true });
  await expect(users.getByTestId('kyc-tags')).toHaveCount(1);
  await expect(users.getByTestId('kyc-tags')).toHaveText('Not checked');
  await expect(users.getByTestId('no-pan')).toHaveCount(0);
  await page.screenshot({
    path: info.outputPath(`all-users-kyc-${info.project.name}.png`),
    fullPage: true,
  });
});
