import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './admin.helpers.js';
import { HELP_VIBRATION_MS } from '@khata/domain';
import { AppPath } from '../../apps/console/src/app/paths.js';
import { E2E_ADMIN } from './playwright.config.js';

/**
 * Opens a path and waits for its h1: the first visit of a worker downloads the shell and the
 * page's chunks, which takes a while on a busy machine.
 */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
}

/** Every public content page of this feature, and the h1 it must show. */
const CONTENT_PAGES: { path: string; heading: string }[] = [
  { path: AppPath.aboutUs, heading: 'About us' },
  { path: AppPath.contactUs, heading: 'Contact us' },
  { path: AppPath.career, heading: 'Careers' },
  { path: AppPath.careers, heading: 'Careers' },
  { path: AppPath.ourServices, heading: 'Our services' },
  { path: AppPath.legalOurServices, heading: 'Our services' },
  { path: AppPath.utilityPayments, heading: 'Utility bill payments' },
  { path: AppPath.rentalAgreement, heading: 'Rental agreements' },
  { path: AppPath.rentAgreement, heading: 'Rental agreements' },
  { path: AppPath.documentServices, heading: 'Document services' },
  { path: AppPath.businessSolutions, heading: 'Business solutions' },
  { path: AppPath.blog, heading: 'Blog' },
  { path: AppPath.privacyPolicy, heading: 'Privacy policy' },
  { path: AppPath.termsAndConditions, heading: 'Terms and conditions' },
  { path: AppPath.cookiePolicy, heading: 'Cookie policy' },
  { path: AppPath.refundPolicy, heading: 'Refund policy' },
  { path: AppPath.trackAgreement, heading: 'Track your rent agreement' },
  { path: AppPath.bioMetrics, heading: 'Fingerprint devices for AEPS' },
  { path: AppPath.morphoDeviceTest, heading: 'Morpho device test' },
];

for (const { path, heading } of CONTENT_PAGES) {
  test(`${path} renders its own h1 "${heading}" and title without console errors`, async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${heading} · Khata`);
    expect(errors).toEqual([]);
  });
}

test('the terms state the business terms of spec §9 word for word', async ({ page }) => {
  await open(page, AppPath.termsAndConditions);
  const terms = page.getByRole('main');
  await expect(terms).toContainText(
    'liability is capped at Rs. 100 or the transaction cost, whichever is lower',
  );
  await expect(terms).toContainText(
    'Termination notice is 15 days by the company and 30 days by the merchant.',
  );
  await expect(terms).toContainText('Refunds of third-party transfers take 7-10 working days.');
});

/** The call-back box of the public shell. */
class CallbackBox {
  constructor(private readonly page: Page) {}

  box = () => this.page.getByRole('region', { name: 'Request a call-back' });
  name = () => this.box().getByLabel('Your name');
  mobile = () => this.box().getByLabel('Mobile number');
  message = () => this.box().getByLabel('What can we help with?');
  submit = () => this.box().getByRole('button', { name: 'Call me back' });
}

test('the call-back box refuses a 5-digit mobile, then stores the request and thanks the visitor', async ({
  page,
  request,
}, info) => {
  const errors = watchConsole(page);
  const sent: string[] = [];
  page.on('request', (call) => {
    if (call.url().endsWith('/api/public/callback-request')) sent.push(call.postData() ?? '');
  });
  const name = `E2E visitor ${info.project.name} ${Date.now()}`;
  const callback = new CallbackBox(page);

  await open(page, AppPath.aboutUs);
  await callback.name().fill(name);
  await callback.mobile().fill('98765');
  await callback.submit().click();
  await expect(callback.box()).toContainText('Mobile number must be 10 digits');
  expect(sent).toEqual([]);

  await callback.mobile().fill('9876543210');
  await callback.message().fill('Please explain AEPS settlement fees.');
  await callback.submit().click();
  await expect(callback.box().getByRole('status')).toContainText(
    'Thank you! We will call you back soon.',
  );
  expect(sent).toHaveLength(1);

  // An admin finds the request in the list the API keeps for them.
  const login = await request.post('/api/auth/login', {
    data: { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password },
  });
  const { token } = (await login.json()) as { token: string };
  const list = await request.post('/api/admin/callback-requests', {
    data: { pageSize: 100 },
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await list.json()) as { data: { name: string; message: string | null }[] };
  expect(data.find((stored) => stored.name === name)).toMatchObject({
    message: 'Please explain AEPS settlement fees.',
  });
  expect(errors).toEqual([]);
});

test('the contact page shows the call-back form once, in its body', async ({ page }) => {
  await open(page, AppPath.contactUs);
  await expect(new CallbackBox(page).box()).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('button', { name: 'Call me back' })).toBeVisible();
});

test('the help buttons vibrate the device for 1001 ms, then open WhatsApp and the dialler', async ({
  page,
  context,
}) => {
  // Records vibrations instead of buzzing, before any page script runs.
  await page.addInitScript(() => {
    const vibrations: unknown[] = [];
    const browser = globalThis as unknown as { navigator: object; vibrations: unknown[] };
    browser.vibrations = vibrations;
    Object.defineProperty(browser.navigator, 'vibrate', {
      configurable: true,
      value: (pattern: unknown) => {
        vibrations.push(pattern);
        return true;
      },
    });
  });
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  );
  const vibrations = () =>
    page.evaluate(() => (globalThis as unknown as { vibrations: unknown[] }).vibrations);
  expect(HELP_VIBRATION_MS).toBe(1001);

  await open(page, AppPath.aboutUs);
  const help = page.getByRole('navigation', { name: 'Get help' });
  const whatsapp = help.getByRole('link', { name: /WhatsApp/ });
  const call = help.getByRole('link', { name: /Call Khata support/ });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\d{12}$/);
  await expect(call).toHaveAttribute('href', /^tel:\+\d{12}$/);

  const popup = page.waitForEvent('popup');
  await whatsapp.click();
  expect(new URL((await popup).url()).hostname).toBe('wa.me');
  expect(await vibrations()).toEqual([HELP_VIBRATION_MS]);

  // The dialler is outside the browser: the tap must still vibrate first.
  await call.click();
  expect(await vibrations()).toEqual([HELP_VIBRATION_MS, HELP_VIBRATION_MS]);
});

test('scrolled to the end, the help buttons leave the last line of the page visible', async ({
  page,
}) => {
  await open(page, AppPath.aboutUs);
  await expect(new CallbackBox(page).box()).toBeVisible();
  // Instantly: the site scrolls smoothly, and a line still gliding up past the buttons is
  // already "in the viewport" (this test failed that way on busy machines).
  await page.evaluate(() => {
    const browser = globalThis as unknown as {
      scrollTo(options: { top: number; behavior: 'instant' }): void;
      document: { body: { scrollHeight: number } };
    };
    browser.scrollTo({ top: browser.document.body.scrollHeight, behavior: 'instant' });
  });
  const lastLine = page.getByText(/All rights reserved/);
  await expect(lastLine).toBeInViewport({ ratio: 1 });
  const line = (await lastLine.boundingBox())!;
  const buttons = (await page.getByRole('navigation', { name: 'Get help' }).boundingBox())!;
  const overlaps =
    line.x < buttons.x + buttons.width &&
    buttons.x < line.x + line.width &&
    line.y < buttons.y + buttons.height &&
    buttons.y < line.y + line.height;
  expect(overlaps).toBe(false);
});

// The footer's /tools/* pages are another feature's; they are visited but not judged here.
const TOOL_PATHS = /^\/tools\//;

test(
  'every footer link leads to a page with an h1 other than "Page not found" (tools skipped)',
  { tag: '@any-viewport' },
  async ({ page }) => {
    // Desktop only: the footer (PublicFooter) has the same links at every width, and the routes
    // they reach are the same, so the phone walk repeated the desktop one link for link (about
    // 20 s). The phone's footer layout is checked above ("scrolled to the end"), and every
    // content page it links to is opened on the phone by the h1 tests at the top.
    test.setTimeout(90_000);
    await open(page, AppPath.home);
    const footer = page.getByRole('contentinfo');
    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(10);

    // Followed the way a visitor does, by clicking in the footer of the page they are on.
    const reached: Record<string, string | null> = {};
    for (const href of hrefs.filter((path) => !TOOL_PATHS.test(path))) {
      await footer.locator(`a[href="${href}"]`).click();
      await expect(page).toHaveURL(href);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible({ timeout: 20_000 });
      reached[href] = await heading.textContent();
    }
    const notFound = Object.entries(reached).filter(([, heading]) => heading === 'Page not found');
    expect(notFound).toEqual([]);
  },
);
