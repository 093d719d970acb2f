import { expect, type BrowserContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';

// Page objects and browser stand-ins for signin.spec.ts.

/** The login screen as a user sees it. */
export class LoginScreen {
  constructor(private readonly page: Page) {}

  // Scoped to the form: the public shell has a call-back box with its own mobile field.
  form = () => authForm(this.page);
  mobile = () => this.form().getByLabel('Mobile number');
  password = () => this.form().getByLabel('Password', { exact: true });
  submit = () => this.form().getByRole('button', { name: 'Login', exact: true });

  async open(path = '/login') {
    await this.page.goto(path);
    await expect(this.mobile()).toBeVisible();
  }

  async signIn(mobile: string, password: string) {
    await this.mobile().fill(mobile);
    await this.password().fill(password);
    await this.submit().click();
  }
}

export const authForm = (page: Page) => page.locator('form.auth-form');

export async function signInAsAdmin(page: Page) {
  const login = new LoginScreen(page);
  await login.open();
  await login.signIn(E2E_ADMIN.mobile, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

export async function tokenCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'khata_token');
}

/** The navbar's account menu: in the bar on a desktop, in the drawer on a phone. */
export async function openAccountMenu(page: Page) {
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  if (await menuButton.isVisible()) {
    await menuButton.click();
    return page.locator('.public-drawer__actions');
  }
  return page.locator('.public-navbar__actions');
}

/**
 * The page's globals these tests touch. The tests' tsconfig has no DOM library, and code
 * passed to page.evaluate runs in the browser, so it names what it uses here.
 */
export interface InPage {
  navigator: object;
  localStorage: { getItem(key: string): string | null };
  geolocationCalls?: number[];
}

/** A stand-in for navigator.geolocation that always fails with one error code. */
export async function failGeolocation(page: Page, code: number, message: string) {
  await page.addInitScript(
    ({ code, message }) => {
      const page = globalThis as unknown as InPage;
      const calls: number[] = [];
      page.geolocationCalls = calls;
      const geolocation = {
        getCurrentPosition(_found: unknown, failed: (error: unknown) => void) {
          calls.push(Date.now());
          setTimeout(() => failed({ code, message }), 10);
        },
        watchPosition: () => 1,
        clearWatch: () => undefined,
      };
      Object.defineProperty(Object.getPrototypeOf(page.navigator), 'geolocation', {
        configurable: true,
        get: () => geolocation,
      });
    },
    { code, message },
  );
}

export const geolocationCalls = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as InPage).geolocationCalls ?? []);

/** A mobile number nobody else in this run uses. */
export const freshMobile = () => `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
