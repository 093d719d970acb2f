import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  acceptTermsBeforehand,
  expectFocusedResult,
  givenUser,
  nameInRun,
  watchConsole,
} from './admin.helpers.js';
import { LoginScreen } from './signin.helpers.js';

// Issue 27, BBPS complaints: a retailer (who holds the bbps service) registers a BBPS service
// complaint from Customer Support, finds it in My Complaints with the BBPS tag, its BBPS id,
// status and deadline, and asks Bharat BillPay for its status.
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ permissions: ['geolocation'], geolocation: { latitude: 28.4595, longitude: 77.0266 } });

async function signInAs(page: Page, user: { mobile: string; password: string }) {
  const login = new LoginScreen(page);
  await page.goto('/login');
  await expect(login.mobile()).toBeVisible();
  await login.signIn(user.mobile, user.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('a retailer registers a BBPS service complaint and checks its status in My Complaints', async ({
  page,
  context,
  baseURL,
  request,
}, info) => {
  const errors = watchConsole(page);
  await acceptTermsBeforehand(context, baseURL);
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: nameInRun('BBPS Complainer', info),
  });
  await signInAs(page, retailer);
  await page.goto('/admin/raiseTicket');
  const form = page.getByTestId('bbps-service-complaint');
  await expect(form).toBeVisible();

  // The form refuses in the domain's words before anything is sent.
  await form.getByRole('button', { name: 'Register BBPS complaint' }).click();
  await expect(
    form.getByText('Please choose one of the BBPS service complaint reasons.'),
  ).toBeVisible();

  await form.getByLabel('Reason').click();
  await page.locator('.ant-select-item-option[title="Agent overcharging"]').click();
  await form.getByLabel('Describe the problem').fill('Asked for ₹20 over the bill amount.');
  await form.getByRole('button', { name: 'Register BBPS complaint' }).click();

  await expect(page).toHaveURL(/\/admin\/my-complaints\?id=/);
  const drawer = page.getByRole('dialog');
  // The answer opens with the complaint, holding the focus (issue 30), its BBPS id the one shown.
  const said = await expectFocusedResult(
    drawer,
    /^Your complaint is registered with Bharat BillPay \(complaint id CC01\d{11}\)\.$/,
  );
  const facts = drawer.getByTestId('bbps-complaint');
  await expect(facts).toContainText(/CC01\d{11}/);
  const bbpsId = /CC01\d{11}/.exec(await said.innerText())![0];
  await expect(facts).toContainText(bbpsId);
  await expect(facts.getByTestId('bbps-status')).toHaveText('Logged');
  await expect(facts).toContainText('Due by');
  await facts.getByRole('button', { name: /^Check BBPS status/ }).click();
  await expect(facts.getByTestId('bbps-status')).toHaveText('Assigned');
  await page.screenshot({
    path: info.outputPath(`bbps-complaint-${info.project.name}.png`),
    fullPage: true,
  });
  await drawer.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByTestId('bbps-tag').first()).toBeVisible();
  await expect(page.getByTestId('bbps-facts').first().getByTestId('bbps-status')).toHaveText(
    'Assigned',
  );
  expect(errors).toEqual([]);
});
