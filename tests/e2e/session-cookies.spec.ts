import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import { LoginScreen, signInAsAdmin, tokenCookie } from './signin.helpers.js';

// Issue 31, item 6: where the session lives in the browser, and what /login says after an idle
// session ended.

const NEW_DELHI = { latitude: 28.61393912, longitude: 77.20902155 };
test.use({ permissions: ['geolocation'], geolocation: NEW_DELHI });

const PORTAL = 'https://portal.khata.test';

/**
 * Serves the portal as `portal.khata.test`, a host on a parent domain, from the test server,
 * and names `khata.test` as the cookie domain the way a deployment's index.html does.
 */
async function servePortalOnParentDomain(page: Page, baseURL: string) {
  await page.route(/^https:\/\/portal\.khata\.test\//, async (route) => {
    const url = route.request().url().replace(PORTAL, baseURL);
    const response = await route.fetch({ url });
    if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) {
      return route.fulfill({ response });
    }
    const html = (await response.text()).replace(
      '<head>',
      '<head><meta name="khata-cookie-domain" content="khata.test">',
    );
    return route.fulfill({ response, body: html });
  });
}

test('keeps the session token on the portal host, and the terms flag on the parent domain', async ({
  page,
  context,
  baseURL,
}) => {
  await servePortalOnParentDomain(page, baseURL!);
  const login = new LoginScreen(page);
  await login.open(`${PORTAL}/login`);
  await login.signIn(E2E_ADMIN.mobile, E2E_ADMIN.password);
  await expect(page).toHaveURL(`${PORTAL}/admin/dashboard`);
  await page
    .getByRole('dialog', { name: 'Terms and conditions' })
    .getByRole('button', { name: 'Accept' })
    .click();

  const cookies = await context.cookies(PORTAL);
  const where = (name: string) => cookies.find((cookie) => cookie.name === name)?.domain;
  expect({ token: where('khata_token'), terms: where('khata_terms') }).toEqual({
    // No leading dot: host-only, so no other site on khata.test is sent or shown the token.
    token: 'portal.khata.test',
    terms: '.khata.test',
  });
  // Signed in for real: the dashboard's calls carry the host-only token.
  await page.reload();
  await expect(page).toHaveURL(`${PORTAL}/admin/dashboard`);
  // The page's own calls (the socket's polling) may still be in the proxy: let them go.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('says on /login after how many minutes without activity the session ended', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.route('**/api/user/userData', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        code: 2211,
        reason: 'idle',
        idleMinutes: 30,
        message: 'You were signed out after 30 minutes without activity. Please sign in again.',
      }),
    }),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(
    'You were signed out after 30 minutes without activity. Please sign in again.',
  );
});

test("says an admin's session ended after its 8 hours, not at midnight", async ({
  page,
  context,
}) => {
  const now = Date.now();
  await page.clock.install({ time: now });
  await signInAsAdmin(page);
  const token = decodeURIComponent((await tokenCookie(context))!.value);
  const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    exp: number;
  };
  await page.clock.fastForward(exp * 1000 - now + 1000);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Your session ended after 8 hours. Please sign in again.',
  );
});
