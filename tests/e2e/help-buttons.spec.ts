import { expect, test, type Locator, type Page } from '@playwright/test';
import { acceptTermsBeforehand, givenUser, signInAs } from './admin.helpers.js';

// The floating WhatsApp and call buttons on phones: never over a form field, never over the
// last line of the page (issue 10, sections 6 and 7).

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const helpButtons = (page: Page) => page.getByRole('navigation', { name: 'Get help' });

/**
 * For every field of the page: scrolled so that it sits at the bottom edge of the screen (the
 * worst place, where a browser puts a field it brings into view), the help buttons, when they
 * show, share no pixel with it. Answers how many fields were checked.
 */
async function expectNoFieldUnderTheButtons(page: Page, fields: Locator): Promise<number> {
  const count = await fields.count();
  for (let index = 0; index < count; index += 1) {
    const field = fields.nth(index);
    if (!(await field.isVisible())) continue;
    await field.evaluate((element) =>
      (element as unknown as { scrollIntoView(options: object): void }).scrollIntoView({
        block: 'end',
      }),
    );
    const label =
      (await field.evaluate((element) => (element as unknown as { id: string }).id)) || `#${index}`;
    // The page scrolls smoothly: wait until it has stopped, then give the buttons' fade time.
    await untilScrollSettles(page);
    await expect(async () => {
      const buttons = helpButtons(page);
      if ((await buttons.count()) === 0 || !(await buttons.isVisible())) return;
      const fieldBox = (await field.boundingBox())!;
      for (const button of await buttons.getByRole('link').all()) {
        expect(intersects(fieldBox, (await button.boundingBox())!), `field ${label}`).toBe(false);
      }
    }).toPass({ timeout: 3_000 });
  }
  return count;
}

/** Waits until the page has not scrolled for three checks in a row. */
async function untilScrollSettles(page: Page) {
  const scrollY = () => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
  let last = await scrollY();
  let still = 0;
  while (still < 3) {
    await page.waitForTimeout(50);
    const now = await scrollY();
    still = now === last ? still + 1 : 0;
    last = now;
  }
}

/** Scrolls to the very end, again until the page stops growing. */
async function scrollToTheEnd(page: Page) {
  await expect(async () => {
    const atEnd = await page.evaluate(() => {
      const page = globalThis as unknown as {
        scrollTo(x: number, y: number): void;
        scrollY: number;
        innerHeight: number;
        document: { documentElement: { scrollHeight: number } };
      };
      page.scrollTo(0, page.document.documentElement.scrollHeight);
      return (
        Math.ceil(page.scrollY + page.innerHeight) >= page.document.documentElement.scrollHeight
      );
    });
    expect(atEnd).toBe(true);
  }).toPass();
}

const FIELDS = 'input:not([type="hidden"]), textarea, .ant-select';

for (const viewport of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test.describe(`on a ${viewport.width}×${viewport.height} phone`, () => {
    test.use({
      viewport,
      isMobile: true,
      hasTouch: true,
      permissions: ['geolocation'],
      geolocation: { latitude: 12.9716, longitude: 77.5946 },
    });

    test(
      'signup: no field lies under the help buttons, and the last line shows at the end',
      { tag: '@phone-only' },
      async ({ page }, info) => {
        await page.goto('/signup');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open a Khata account', {
          timeout: 20_000,
        });
        await expect(page.getByRole('region', { name: 'Request a call-back' })).toBeVisible();
        // On the first screen a field may already sit where the buttons float, so they may start
        // aside (hidden): here they need only be on the page; the checks below say when they show.
        await expect(
          page.getByRole('navigation', { name: 'Get help', includeHidden: true }),
        ).toBeAttached();
        const checked = await expectNoFieldUnderTheButtons(page, page.locator(FIELDS));
        expect(checked).toBeGreaterThan(5);

        await scrollToTheEnd(page);
        const lastLine = page.getByText(/All rights reserved/);
        await expect(lastLine).toBeInViewport({ ratio: 1 });
        await expect(helpButtons(page)).toBeVisible();
        const line = (await lastLine.boundingBox())!;
        for (const button of await helpButtons(page).getByRole('link').all()) {
          expect(intersects(line, (await button.boundingBox())!)).toBe(false);
        }
        await page.screenshot({ path: info.outputPath(`signup-end-${viewport.width}.png`) });
      },
    );

    test(
      'Bank Payout: no field lies under any floating button',
      { tag: '@phone-only' },
      async ({ page, context, baseURL, request }) => {
        await acceptTermsBeforehand(context, baseURL);
        const retailer = await givenUser(request, { role: 'khataEmployee2', name: 'Usha Rao' });
        await signInAs(page, retailer);
        await page.goto('/admin/dmt');
        await page.getByRole('button', { name: 'Add beneficiary' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add beneficiary' });
        await expect(dialog.getByLabel('IFSC')).toBeVisible();
        const checked = await expectNoFieldUnderTheButtons(page, page.locator(FIELDS));
        expect(checked).toBeGreaterThan(3);
      },
    );
  });
}
