import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import { freshMobile, LoginScreen } from './signin.helpers.js';

// Page objects and API shortcuts for the admin-area tests (admin*.spec.ts).

export const PASSWORD = 'counter-2468';
export const PIN = '4826';

export interface TestUser {
  mobile: string;
  name: string;
  password: string;
  pin: string;
}

/** The admin's bearer token, for setting up data through the API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/auth/login', {
    data: { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

/**
 * A user of its own for one test, made by the admin (register-user), with a funded wallet
 * when `rupees` is given (creditWallet, through the ledger). Tests run in parallel on one
 * database, so none of them shares a wallet.
 */
export async function givenUser(
  request: APIRequestContext,
  options: { role: string; name: string; rupees?: string },
): Promise<TestUser> {
  const token = await adminToken(request);
  const user = { mobile: freshMobile(), name: options.name, password: PASSWORD, pin: PIN };
  const created = await request.post('/api/admin/register-user', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...user, role: options.role, shopName: `${options.name} Store` },
  });
  expect(created.status(), await created.text()).toBe(201);
  if (options.rupees) {
    const credited = await request.post('/api/admin/creditWallet', {
      headers: {
        Authorization: `Bearer ${token}`,
        pin: E2E_ADMIN.pin,
        'Idempotency-Key': randomUUID(),
      },
      data: { mobile: user.mobile, amount: options.rupees, remark: 'e2e opening balance' },
    });
    expect(credited.status(), await credited.text()).toBe(200);
  }
  return user;
}

/** Skips the terms popup for tests about something else: the flag says "yes". */
export async function acceptTermsBeforehand(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'khata_terms', value: 'yes', url: baseURL }]);
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signInAs(page: Page, user: { mobile: string; password: string }) {
  const login = new LoginScreen(page);
  await login.open();
  await login.signIn(user.mobile, user.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** The admin layout as a user sees it. */
export class AdminLayout {
  constructor(private readonly page: Page) {}

  balance = () => this.page.getByTestId('topbar-balance');
  welcome = () => this.page.getByTestId('welcome-name');
  refresh = () => this.page.getByRole('button', { name: 'Refresh balance' });
  logout = () => this.page.getByRole('banner').getByRole('button', { name: 'Logout' });
  termsDialog = () => this.page.getByRole('dialog', { name: 'Terms and conditions' });
  menuButton = () => this.page.getByRole('button', { name: 'Open menu' });

  /** The sidebar on a desktop, the drawer's menu on a phone (opened first). */
  async menu() {
    const sidebar = this.page
      .getByRole('complementary')
      .getByRole('navigation', { name: 'Admin menu' });
    // Wait for the layout to settle on one of the two; isVisible() alone does not wait.
    await expect(this.menuButton().or(sidebar).first()).toBeVisible();
    if (await this.menuButton().isVisible()) {
      await this.menuButton().click();
      return this.page.getByRole('dialog').getByRole('navigation', { name: 'Admin menu' });
    }
    return sidebar;
  }

  async menuLabels(): Promise<string[]> {
    const menu = await this.menu();
    await expect(menu.getByRole('link').first()).toBeVisible();
    return menu.getByRole('link').allInnerTexts();
  }

  async open(label: string) {
    const menu = await this.menu();
    await menu.getByRole('link', { name: label, exact: true }).click();
  }
}

/**
 * Any error the page logs: a broken screen often shows only there. `expected` lists what a
 * test provokes on purpose (the browser logs every 4xx answer as an error).
 */
export function watchConsole(page: Page, expected: RegExp[] = []): string[] {
  const errors: string[] = [];
  const record = (text: string) => {
    if (!expected.some((pattern) => pattern.test(text))) errors.push(text);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') record(message.text());
  });
  page.on('pageerror', (error) => record(error.message));
  return errors;
}
