import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import {
  authForm,
  failGeolocation,
  freshMobile,
  geolocationCalls,
  LoginScreen,
  openAccountMenu,
  signInAsAdmin,
  tokenCookie,
  type InPage,
} from './signin.helpers.js';
import { signupOtpFor } from './sandbox-sms.js';

// New Delhi, with more decimals than the API keeps, so the 6-decimal rounding shows.
const NEW_DELHI = { latitude: 28.61393912, longitude: 77.20902155 };
const LOCATION_NOT_ALLOWED = 'Your location is not allowed to access this page...';

test.use({ permissions: ['geolocation'], geolocation: NEW_DELHI });

test('the sign-in screens link to one another, in English and in Hindi @any-viewport', async ({
  page,
}) => {
  // Each link follows its question, as one sentence would read ("New to Khata? Open an account").
  const hops = [
    { from: '/login', question: 'New to Khata?', link: 'Open an account', to: /\/signup$/ },
    { from: '/signup', question: 'Already have an account?', link: 'Login', to: /\/login$/ },
    {
      from: '/login',
      question: 'Are you a Khata partner?',
      link: 'Partner login',
      to: /\/partnerLogin$/,
    },
    {
      from: '/partnerLogin',
      question: 'Retailer or distributor?',
      link: 'Login here',
      to: /\/login$/,
    },
  ];
  for (const hop of hops) {
    await page.goto(hop.from);
    const line = page.locator('p', { hasText: hop.question });
    await expect(line).toHaveText(`${hop.question} ${hop.link}`);
    await line.getByRole('link', { name: hop.link, exact: true }).click();
    await expect(page).toHaveURL(hop.to);
  }

  await page.locator('.public-navbar').getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  const line = page.locator('p', { hasText: 'Khata पर नए हैं?' });
  await expect(line).toHaveText('Khata पर नए हैं? खाता खोलें');
  await line.getByRole('link', { name: 'खाता खोलें' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test.describe('login', () => {
  test('refuses an empty form, a 5-digit mobile number and a missing password with the spec words', async ({
    page,
  }) => {
    const login = new LoginScreen(page);
    await login.open();
    await login.submit().click();
    await expect(page.getByText('Please input mobile number!')).toBeVisible();
    await expect(page.getByText('Please input your password!')).toBeVisible();

    await login.mobile().fill('98123');
    await expect(page.getByText('Mobile number must be 10 digits')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows the API refusal for a wrong password', async ({ page, context }) => {
    const login = new LoginScreen(page);
    await login.open();
    await login.signIn('9000000001', 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Incorrect mobile number or password.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await tokenCookie(context)).toBeUndefined();
  });

  test('after a refusal the button is "Login" again, even on a page whose transitions never end', async ({
    page,
  }) => {
    // antd's default spinner leaves only when its shrinking transition ends; a busy page can
    // miss that end, and the invisible spinner then names the button "loading Login" (CI hung
    // on such a button). Turning the transition off makes the miss certain.
    const login = new LoginScreen(page);
    await login.open();
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    await login.signIn('9000000001', 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Incorrect mobile number or password.');
    await expect(login.submit()).toBeEnabled();
    await expect(authForm(page).locator('[aria-label="loading"]')).toHaveCount(0);
  });

  test('signs the admin in with a host-only token cookie that ends with the day', async ({
    page,
    context,
  }) => {
    const sent = page.waitForRequest('**/api/auth/login');
    await signInAsAdmin(page);
    // The sign-in call carried the stored location (API.md).
    const headers = (await sent).headers();
    expect(headers.latitude).toBe('28.613939');
    expect(headers.longitude).toBe('77.209022');

    const cookie = await tokenCookie(context);
    expect(cookie).toBeDefined();
    expect(cookie?.domain).toBe('127.0.0.1'); // no leading dot: host-only
    expect(cookie?.sameSite).toBe('Lax');
    const endOfDay = await page.evaluate(() => {
      const now = new Date();
      return new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59).getTime();
    });
    expect(Math.abs((cookie?.expires ?? 0) * 1000 - endOfDay)).toBeLessThan(2000);

    // The account menu is the public navbar's; the admin area has its own layout.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
    await expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/admin/myAccount',
    );
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await tokenCookie(context)).toBeUndefined();
    await expect(
      (await openAccountMenu(page)).getByRole('link', { name: 'Sign Up' }),
    ).toBeVisible();
  });
});

test.describe('session', () => {
  test('a revoked session (code 2211) clears every cookie of the site and goes to /login', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await signInAsAdmin(page);
    // Off the portal while the session is revoked: the admin area's live channel (or any call
    // a page makes meanwhile) would hear it first, and this test is about the next call.
    await page.goto('about:blank');
    await context.addCookies([{ name: 'khata_terms', value: 'yes', url: baseURL }]);
    const token = (await tokenCookie(context))?.value;
    const revoked = await request.post('/api/auth/logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoked.ok()).toBe(true);

    // Home is not behind the location gate; its navbar asks for the user data.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    expect(await context.cookies()).toEqual([]);
  });

  test('an error with another code leaves the user signed in', async ({ page, context }) => {
    await signInAsAdmin(page);
    await page.route('**/api/user/userData', (route) =>
      route.fulfill({
        status: 403,
        json: { success: false, message: 'You are not allowed to do this.', code: 4003 },
      }),
    );
    const refused = page.waitForResponse('**/api/user/userData');
    await page.goto('/');
    expect((await refused).status()).toBe(403);
    await expect(page).toHaveURL(/\/$/);
    expect(await tokenCookie(context)).toBeDefined();
    await expect(
      (await openAccountMenu(page)).getByRole('button', { name: 'Logout' }),
    ).toBeVisible();
  });
});

test.describe('location gate', () => {
  test(
    'stores a granted position as 6-decimal strings',
    { tag: '@any-viewport' },
    async ({ page }) => {
      await new LoginScreen(page).open();
      const stored = await page.evaluate(() =>
        (globalThis as unknown as InPage).localStorage.getItem('deviceLocation'),
      );
      expect(JSON.parse(stored ?? 'null')).toEqual({
        latitude: '28.613939',
        longitude: '77.209022',
      });
    },
  );

  test('a denied permission shows the location error page at once, without retrying', async ({
    page,
  }) => {
    // The page's clock is Playwright's: the 3.5 s that would show a retry pass at once.
    await page.clock.install();
    await failGeolocation(page, 1, 'User denied Geolocation');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: LOCATION_NOT_ALLOWED })).toBeVisible();
    await expect(page.getByTestId('location-error')).toHaveText('User denied Geolocation');
    await expect(authForm(page)).toHaveCount(0);
    await page.clock.runFor(3500);
    expect(await geolocationCalls(page)).toHaveLength(1);
  });

  test('an unavailable position is retried 3 times, 3 seconds apart, then blocks', async ({
    page,
  }) => {
    // The page's clock is Playwright's: each 3-second wait is run through at once, and the
    // calls' times (Date.now in the page) are the page's fake ones, so the spacing still shows.
    await page.clock.install();
    await failGeolocation(page, 2, 'Position unavailable');
    await page.goto('/signup');
    await expect(page.getByText('Still trying: attempt 2 of 4')).toBeVisible();
    await page.clock.runFor(3000);
    await expect(page.getByText('Still trying: attempt 3 of 4')).toBeVisible();
    await page.clock.runFor(3000);
    await expect(page.getByText('Still trying: attempt 4 of 4')).toBeVisible();
    await page.clock.runFor(3000);
    await expect(page.getByRole('heading', { name: LOCATION_NOT_ALLOWED })).toBeVisible();
    const calls = await geolocationCalls(page);
    expect(calls).toHaveLength(4);
    for (let index = 1; index < calls.length; index += 1) {
      expect(calls[index] - calls[index - 1]).toBeGreaterThanOrEqual(2900);
    }
    await page.clock.runFor(3500);
    expect(await geolocationCalls(page)).toHaveLength(4);
  });

  test('a browser without geolocation gets the spec message', async ({ page }) => {
    await page.addInitScript(() => {
      const navigator = (globalThis as unknown as InPage).navigator;
      delete (Object.getPrototypeOf(navigator) as { geolocation?: unknown }).geolocation;
    });
    await page.goto('/login');
    await expect(page.getByTestId('location-error')).toHaveText(
      'Geolocation is not supported by this browser.',
    );
  });

  test('public pages are not gated', async ({ page }) => {
    await failGeolocation(page, 1, 'User denied Geolocation');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(LOCATION_NOT_ALLOWED)).toHaveCount(0);
  });
});

test('going offline covers the page and coming back returns to it unchanged', async ({
  page,
  context,
}) => {
  const login = new LoginScreen(page);
  await login.open();
  await login.mobile().fill('98123');
  await context.setOffline(true);
  await expect(page.getByRole('alertdialog', { name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  await expect(login.mobile()).toHaveValue('98123');
});

test.describe('signup', () => {
  test('refuses a PIN with letters and confirmations that differ', async ({ page }) => {
    await page.goto('/signup');
    const form = authForm(page);
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Please input name!')).toBeVisible();
    await expect(page.getByText('Please input your PIN!')).toBeVisible();

    await form.getByLabel('Transaction PIN').fill('12ab');
    await expect(page.getByText('PIN should contain only numbers')).toBeVisible();
    await form.getByLabel('Transaction PIN').fill('12');
    await expect(page.getByText('PIN must be 4 to 10 digits.')).toBeVisible();
    await form.getByLabel('Transaction PIN').fill('4826');
    await form.getByLabel('Confirm PIN').fill('4827');
    await expect(page.getByText('The two PINs do not match.')).toBeVisible();
  });

  test('opens an account, then its owner can login', async ({ page }) => {
    const mobile = freshMobile();
    await page.goto('/register');
    const form = authForm(page);
    await form.getByLabel('Your name').fill('Sunita Verma');
    await form.getByLabel('Mobile number').fill(mobile);
    // The mobile is proven first: the OTP comes by SMS (the sandbox keeps it).
    await form.getByRole('button', { name: 'Send OTP' }).click();
    await expect(form.getByText(`An OTP has been sent to +91 ${mobile}.`)).toBeVisible();
    await form.getByLabel('OTP', { exact: true }).fill(await signupOtpFor(mobile));
    await form.getByLabel('Email').fill('sunita@example.in');
    await form.getByLabel('Shop name').fill('Verma General Store');
    await form.getByLabel('Password', { exact: true }).fill('counter-2468');
    await form.getByLabel('Confirm password').fill('counter-2468');
    await form.getByLabel('Transaction PIN').fill('4826');
    await form.getByLabel('Confirm PIN').fill('4826');
    await form.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByText('Account created. Please login to continue.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to login' }).click();
    await new LoginScreen(page).signIn(mobile, 'counter-2468');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe('link-token sign-in', () => {
  test('a bad token shows the API message and a way to login', async ({ page }) => {
    await page.goto('/loginIntoDistributor/not-a-real-token');
    await expect(page.getByText('This sign-in link is invalid or has expired.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test(
    "an admin's link signs the user in",
    { tag: '@any-viewport' },
    async ({ page, context, request }) => {
      const mobile = freshMobile();
      expect((await request.post('/api/auth/signupOtp', { data: { mobile } })).status()).toBe(200);
      const signedUp = await request.post('/api/auth/signup', {
        data: {
          name: 'Imran Qureshi',
          mobile,
          password: 'counter-1357',
          pin: '1357',
          otp: await signupOtpFor(mobile),
        },
      });
      expect(signedUp.status()).toBe(201);
      const admin = await request.post('/api/auth/login', {
        data: { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password },
      });
      const { token } = (await admin.json()) as { token: string };
      const link = await request.post('/api/admin/loginLink', {
        data: { mobile },
        headers: { Authorization: `Bearer ${token}` },
      });
      const { path } = (await link.json()) as { path: string };
      expect(path).toMatch(/^\/loginIntoUser\//);

      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      expect(await tokenCookie(context)).toBeDefined();
    },
  );
});
