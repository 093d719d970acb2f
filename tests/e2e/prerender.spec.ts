import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './admin.helpers.js';

// Issue 30: the public pages a visitor without a session opens first are prerendered when the
// console is built, so they paint before the script runs; the script then hydrates that markup
// (the same elements, no second drawing), or draws the page itself in Hindi.

/** What the tests read of the page (the tests' tsconfig has no DOM library). */
interface InPage {
  document: { querySelector(selector: string): unknown };
  prerendered?: unknown;
}
const PAGES = ['/', '/login', '/signup', '/partnerLogin'];

/** Holds back every script until `release()`, so a test sees what the document alone paints. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 28.613939, longitude: 77.209023 });
});

for (const path of PAGES) {
  test(`${path} paints from the document and hydrates the same elements`, async ({
    page,
  }, info) => {
    const shot = (moment: string) =>
      page.screenshot({
        path: `/tmp/prerender-${path.slice(1) || 'home'}-${moment}-${info.project.name}.png`,
      });
    const errors = watchConsole(page);
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });

    // No script has run: what shows is the document's own markup.
    const lead = page.locator('.public-shell__callback .callback-box__lead');
    await expect(lead).toContainText('our support team will call you');
    await expect(page.locator('.public-navbar')).toContainText('Partner login');
    // In the brand's colours, which the script would set (the document carries them itself).
    await expect(page.locator('.public-navbar__inner .brand-mark__logo')).toHaveCSS(
      'background-color',
      'rgb(11, 107, 88)',
    );
    // The call-back form cannot be sent by the browser itself (its fields would go in the address).
    const send = page.locator('.public-shell__callback button[type="submit"]');
    await expect(send).toBeDisabled();
    await page.evaluate(() => {
      const here = globalThis as unknown as InPage;
      here.prerendered = here.document.querySelector('.callback-box__lead');
    });

    await shot('before-script');

    release();
    await expect(send).toBeEnabled();
    // Hydrated, not drawn again: the element painted before the script is the one React kept.
    expect(
      await page.evaluate(() => {
        const here = globalThis as unknown as InPage;
        return here.document.querySelector('.callback-box__lead') === here.prerendered;
      }),
    ).toBe(true);
    if (path !== '/') {
      // The location gate opens and the form is the page's own, in the hydrated tree.
      await expect(page.locator('form.auth-form')).toBeVisible();
    }
    await shot('hydrated');
    expect(errors).toEqual([]);
  });
}

test('a browser in Hindi gets the prerendered page drawn again in Hindi, without errors', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.addInitScript(() => {
    (
      globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
    ).localStorage.setItem('khata.language', 'hi');
  });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.locator('.public-navbar').getByTestId('language-switch')).toHaveText('English');
  await expect(page.locator('form.auth-form')).toBeVisible();
  await expect(page.locator('.public-shell__callback button[type="submit"]')).toBeEnabled();
  expect(errors).toEqual([]);
});

test('a request with a session gets index.html, not the signed-out page', async ({
  page,
  baseURL,
}) => {
  const signedOut = await page.request.get('/');
  expect(await signedOut.text()).toContain('data-prerendered="/"');
  await page.context().addCookies([{ name: 'khata_token', value: 'x', url: baseURL! }]);
  const signedIn = await page.request.get('/');
  expect(await signedIn.text()).toContain('<div id="root"></div>');
});
