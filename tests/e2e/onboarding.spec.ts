import { expect as baseExpect, test, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { E2E_ADMIN } from './playwright.config.js';
import {
  acceptTermsBeforehand,
  AdminLayout,
  adminToken,
  givenUser,
  watchConsole,
} from './admin.helpers.js';
import { lastSmsTo, temporaryPasswordFor } from './sandbox-sms.js';
import { freshMobile, LoginScreen } from './signin.helpers.js';

// Issue 12: onboarding down the network. Each new user signs in with the temporary password
// the sandbox SMS carried, sets their own password and PIN, and only then sees the admin area.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 28.6139, longitude: 77.209 } });
// Four sign-ins and four forms on a shared machine: waits are longer than the default.
const expect = baseExpect.configure({ timeout: 15_000 });

const OWN_PASSWORD = 'own-pass-2468';
const OWN_PIN = '5791';

/** The onboarding form (/admin/register-user and its two other paths). */
class OnboardingScreen {
  constructor(private readonly page: Page) {}

  form = () => this.page.locator('form#onboard-user');

  async open(path = '/admin/register-user') {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { name: 'Onboard a user' })).toBeVisible();
  }

  async roleChoices(): Promise<string[]> {
    await this.form().getByLabel('Role').click();
    const options = this.page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options.first()).toBeVisible();
    const labels = await options.allInnerTexts();
    await this.page.keyboard.press('Escape');
    return labels;
  }

  async onboard(user: { name: string; mobile: string; role: string; shop: string }) {
    await this.form().getByLabel('Name', { exact: true }).fill(user.name);
    await this.form().getByLabel('Mobile number').fill(user.mobile);
    await this.form().getByLabel('Shop name').fill(user.shop);
    await this.form().getByLabel('Role').click();
    await this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${user.role}$`) })
      .click();
    await this.form().getByRole('button', { name: 'Send temporary password' }).click();
  }
}

/** Signs in through the login screen; a shared, loaded machine can take a while. */
async function signInAs(page: Page, user: { mobile: string; password: string }) {
  const login = new LoginScreen(page);
  if (!/\/login$/.test(page.url())) await page.goto('/login');
  await expect(login.mobile()).toBeVisible();
  await login.signIn(user.mobile, user.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
}

/** Signs in with the SMS's temporary password and sets the user's own password and PIN. */
async function firstSignIn(page: Page, mobile: string, shot?: string) {
  await signInAs(page, { mobile, password: await temporaryPasswordFor(mobile) });
  await expect(page.getByRole('heading', { name: 'Set your password and PIN' })).toBeVisible();
  // Nothing of the admin area until it is done.
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);
  if (shot) await page.screenshot({ path: shot, fullPage: true });
  expect(await sidewaysScroll(page)).toBe(false);
  await page.getByLabel('New password', { exact: true }).fill(OWN_PASSWORD);
  await page.getByLabel('Confirm new password').fill(OWN_PASSWORD);
  await page.getByLabel('New transaction PIN', { exact: true }).fill(OWN_PIN);
  await page.getByLabel('Confirm new PIN').fill(OWN_PIN);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByTestId('topbar-balance')).toBeVisible();
}

/** Whether the page scrolls sideways (it must not, on a phone or a desktop). */
function sidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = (
      globalThis as unknown as {
        document: { documentElement: { scrollWidth: number; clientWidth: number } };
      }
    ).document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });
}

async function logout(page: Page) {
  await new AdminLayout(page).logout().click();
  await expect(page).toHaveURL(/\/login$/);
}

test('an admin onboards a super distributor, who onboards a distributor, who onboards a retailer', async ({
  page,
  context,
  baseURL,
}, info) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page, [/status of 409/, /status of 403/]);
  await acceptTermsBeforehand(context, baseURL);
  const shots = (name: string) =>
    resolve(import.meta.dirname, `../.artifacts/onboarding-${name}-${info.project.name}.png`);
  const sd = {
    name: 'Meera Shah',
    mobile: freshMobile(),
    role: 'Super Distributor',
    shop: 'Shah Traders',
  };
  const distributor = {
    name: 'Arjun Mehta',
    mobile: freshMobile(),
    role: 'Distributor',
    shop: 'Mehta Agency',
  };
  const retailer = {
    name: 'Kiran Patil',
    mobile: freshMobile(),
    role: 'Retailer',
    shop: 'Patil Kirana',
  };
  const screen = new OnboardingScreen(page);

  // The admin: every role is offered; the upline field is the admin's alone.
  await signInAs(page, E2E_ADMIN);
  await screen.open('/admin/directOnBoard');
  expect(await screen.roleChoices()).toContain('Admin');
  await expect(screen.form().getByLabel("Upline's mobile")).toBeVisible();
  await screen.onboard(sd);
  await expect(page.getByTestId('onboarding-success')).toContainText(
    'A temporary password has been sent to their mobile by SMS.',
  );
  await page.screenshot({ path: shots('form'), fullPage: true });
  expect(await sidewaysScroll(page)).toBe(false);
  await logout(page);

  // The super distributor: distributor tiers and retailers only, no upline field.
  await firstSignIn(page, sd.mobile, shots('set-credentials'));
  await expect(new AdminLayout(page).welcome()).toHaveText('Super Distributor');
  await screen.open();
  expect(await screen.roleChoices()).toEqual([
    'Co-Distributor',
    'Distributor',
    'Counter staff',
    'Retailer',
    'Basic user',
  ]);
  await expect(screen.form().getByLabel("Upline's mobile")).toHaveCount(0);
  await screen.onboard(distributor);
  await expect(page.getByTestId('onboarding-success')).toBeVisible();
  await logout(page);

  // The distributor: retailers only; a number already taken is refused in words.
  await firstSignIn(page, distributor.mobile);
  await screen.open('/admin/register');
  expect(await screen.roleChoices()).toEqual(['Counter staff', 'Retailer', 'Basic user']);
  await screen.onboard({ ...retailer, mobile: sd.mobile });
  await expect(page.getByTestId('onboarding-error')).toHaveText(
    'A user with this mobile number already exists.',
  );
  await screen.form().getByLabel('Mobile number').fill(retailer.mobile);
  await screen.form().getByRole('button', { name: 'Send temporary password' }).click();
  await expect(page.getByTestId('onboarding-success')).toBeVisible();
  await logout(page);

  // The retailer signs in and sets its credentials; the new password works next time.
  await firstSignIn(page, retailer.mobile);
  await logout(page);
  await signInAs(page, { mobile: retailer.mobile, password: OWN_PASSWORD });
  await expect(page.getByTestId('topbar-balance')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a retailer changes its mobile with an OTP to the new number, then signs in with it', async ({
  page,
  context,
  baseURL,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await acceptTermsBeforehand(context, baseURL);
  const retailer = await givenUser(request, { role: 'user', name: 'Farah Khan' });
  await signInAs(page, retailer);
  await page.goto('/admin/changeMobile');
  await expect(page.getByRole('heading', { name: 'Change mobile' })).toBeVisible();
  const form = page.locator('form#change-mobile');
  const newMobile = freshMobile();
  await form.getByLabel('New mobile number').fill(newMobile);
  await form.getByRole('button', { name: 'Send OTP' }).click();
  await expect(form.getByText(`An OTP has been sent to +91 ${newMobile}.`)).toBeVisible();
  const otp = /^(\d{6}) is your Khata OTP/.exec((await lastSmsTo(newMobile)) ?? '')?.[1];
  await form.getByLabel('OTP', { exact: true }).fill(otp!);
  await form.getByLabel('Your PIN').fill(retailer.pin);
  await page.screenshot({
    path: resolve(import.meta.dirname, `../.artifacts/change-mobile-${info.project.name}.png`),
    fullPage: true,
  });
  expect(await sidewaysScroll(page)).toBe(false);
  await form.getByRole('button', { name: 'Change mobile' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInAs(page, { mobile: newMobile, password: retailer.password });
  expect(errors).toEqual([]);
});

test('after an admin resets a PIN, the forced screen asks for the temporary PIN from the SMS first', async ({
  page,
  request,
  context,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page, [/status of 403/, /status of 422/]);
  await acceptTermsBeforehand(context, baseURL);
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const retailer = { mobile: freshMobile(), password: OWN_PASSWORD };
  const created = await request.post('/api/admin/register-user', {
    headers: admin,
    data: {
      ...retailer,
      pin: '2468',
      name: 'Sita Verma',
      shopName: 'Sita Store',
      role: 'khataEmployee2',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user } = (await created.json()) as { user: { id: string } };
  const reset = await request.post('/api/admin/resetCredentials', {
    headers: { ...admin, pin: E2E_ADMIN.pin },
    data: { userId: user.id, what: 'pin', reason: 'Forgot the PIN at the counter.' },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  const temporaryPin = /temporary PIN is (\d{6})\./.exec(
    (await lastSmsTo(retailer.mobile)) ?? '',
  )![1]!;

  // The user's own password signs in, but only to the PIN screen.
  await signInAs(page, retailer);
  await expect(page.getByRole('heading', { name: 'Set your PIN' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);
  const temporaryField = page.getByLabel('Temporary PIN (from the SMS)');
  await expect(temporaryField).toBeVisible();
  await page.screenshot({
    path: resolve(import.meta.dirname, `../.artifacts/reset-pin-${info.project.name}.png`),
    fullPage: true,
  });
  expect(await sidewaysScroll(page)).toBe(false);

  // Knowing the password is not enough: a wrong temporary PIN is refused and counted.
  const wrong = temporaryPin === '000000' ? '000001' : '000000';
  await temporaryField.fill(wrong);
  await page.getByLabel('New transaction PIN', { exact: true }).fill(OWN_PIN);
  await page.getByLabel('Confirm new PIN').fill(OWN_PIN);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByTestId('set-credentials-error')).toHaveText(
    'Incorrect PIN. 4 tries left.',
  );
  await expect(page.getByTestId('topbar-balance')).toHaveCount(0);

  await temporaryField.fill(temporaryPin);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByTestId('topbar-balance')).toBeVisible();
  expect(errors).toEqual([]);
});
