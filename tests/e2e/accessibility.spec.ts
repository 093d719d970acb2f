import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AppPath } from '../../apps/console/src/app/paths.js';

// Issue 30: axe-core over the public pages and the sign-in screens, on phone and desktop (both
// projects). WCAG 2.1 A and AA rules; a serious or critical finding fails the test, with the
// rule, the elements and axe's own summary in the message.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 28.6139, longitude: 77.209 } });

const PAGES: { path: string; ready: string }[] = [
  { path: AppPath.home, ready: 'h1' },
  { path: AppPath.login, ready: 'form.auth-form' },
  { path: AppPath.signup, ready: 'form.auth-form' },
  { path: AppPath.partnerLogin, ready: 'form.auth-form' },
  { path: AppPath.aboutUs, ready: 'h1' },
  { path: AppPath.contactUs, ready: 'h1' },
  { path: AppPath.loanCalculator, ready: 'h1' },
];

for (const { path, ready } of PAGES) {
  test(`${path} has no serious or critical axe finding`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const grave = violations
      .filter((found) => found.impact === 'serious' || found.impact === 'critical')
      .map((found) => ({
        rule: found.id,
        impact: found.impact,
        help: found.help,
        where: found.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
      }));
    expect(grave).toEqual([]);
  });
}
