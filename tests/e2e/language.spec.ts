import { expect, test } from '@playwright/test';
import { acceptTermsBeforehand, givenUser, signInAs, tokenOf } from './admin.helpers.js';

// Issue 30: the console in Hindi and English. The language switch, the choice remembered by the
// browser, and by the user's profile so a sign-in on another browser opens in it.

/** What the tests read of the page (the tests' tsconfig has no DOM library). */
interface InPage {
  localStorage: { getItem(key: string): string | null };
}
const storedLanguage = () =>
  (globalThis as unknown as InPage).localStorage.getItem('khata.language');

test('the public site switches to Hindi and stays in it after a reload', async ({ page }) => {
  await page.goto('/');
  const navbar = page.locator('.public-navbar');
  const language = navbar.getByTestId('language-switch');
  // The switch names the other language in its own script.
  await expect(language).toHaveText('हिन्दी');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');

  await language.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(language).toHaveText('English');
  await expect(language).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(storedLanguage)).toBe('hi');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(navbar.getByTestId('language-switch')).toHaveText('English');

  // And back: English is remembered as well.
  await navbar.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await page.reload();
  await expect(navbar.getByTestId('language-switch')).toHaveText('हिन्दी');
});

test('in Hindi, the sign-in form shows the rules’ and the API’s messages in Hindi @any-viewport', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const browser = globalThis as unknown as {
      localStorage: { setItem(key: string, value: string): void };
    };
    browser.localStorage.setItem('khata.language', 'hi');
  });
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: 28.613939, longitude: 77.209023 });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  // By place, not by label: the form's own words are being translated elsewhere.
  const form = page.locator('form.auth-form');
  await form.locator('button[type="submit"]').click();
  // libs/domain's rule (Messages.mobileRequired), in Hindi.
  await expect(form).toContainText('कृपया मोबाइल नंबर डालें!');
  await form.locator('input').first().fill('9000000001');
  await form.locator('input[type="password"]').fill('not-the-password');
  await form.locator('button[type="submit"]').click();
  // The API's answer, English on the wire (LoginMessages.wrongCredentials), in Hindi.
  await expect(form).toContainText('मोबाइल नंबर या पासवर्ड ग़लत है।');
});

test('a user who chose Hindi signs in on a fresh browser and the console opens in Hindi @any-viewport', async ({
  browser,
  request,
  baseURL,
}) => {
  const user = await givenUser(request, { role: 'khataEmployee2', name: 'Kamla Devi' });
  const token = await tokenOf(request, user);
  const chosen = await request.post('/api/user/language', {
    headers: { Authorization: `Bearer ${token}` },
    data: { language: 'hi' },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);

  // A browser that never chose: it would start in English.
  const context = await browser.newContext({
    baseURL,
    locale: 'en-IN',
    geolocation: { latitude: 28.613939, longitude: 77.209023 },
    permissions: ['geolocation'],
  });
  try {
    await acceptTermsBeforehand(context, baseURL);
    const page = await context.newPage();
    await signInAs(page, user);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(page.locator('.admin-balance__label').first()).toContainText('बैलेंस');
    await expect(page.getByRole('banner').getByTestId('language-switch')).toHaveText('English');
    // The browser remembers it too, for its next public page.
    expect(await page.evaluate(storedLanguage)).toBe('hi');

    // Switching in the console saves the new choice on the profile.
    await page.getByRole('banner').getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    await expect(page.locator('.admin-balance__label').first()).toContainText('Balance');
    await expect
      .poll(async () => {
        const answer = await request.post('/api/user/userData', {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await answer.json()) as { profile: { language: string | null } }).profile.language;
      })
      .toBe('en');
  } finally {
    await context.close();
  }
});

test('a user who never chose takes the browser’s language onto the profile @any-viewport', async ({
  browser,
  request,
  baseURL,
}) => {
  const user = await givenUser(request, { role: 'khataEmployee2', name: 'Meena Kumari' });
  const context = await browser.newContext({
    baseURL,
    geolocation: { latitude: 28.613939, longitude: 77.209023 },
    permissions: ['geolocation'],
  });
  try {
    await acceptTermsBeforehand(context, baseURL);
    // This browser chose Hindi on the public site before signing in.
    await context.addInitScript(() => {
      const page = globalThis as unknown as {
        localStorage: { setItem(key: string, value: string): void };
      };
      page.localStorage.setItem('khata.language', 'hi');
    });
    const page = await context.newPage();
    await signInAs(page, user);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    const token = await tokenOf(request, user);
    await expect
      .poll(async () => {
        const answer = await request.post('/api/user/userData', {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await answer.json()) as { profile: { language: string | null } }).profile.language;
      })
      .toBe('hi');
  } finally {
    await context.close();
  }
});
