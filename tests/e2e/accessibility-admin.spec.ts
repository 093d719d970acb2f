import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { acceptTermsBeforehand, AdminLayout, givenUser, signInAs } from './admin.helpers.js';
import { menuFor } from '../../libs/domain/src/menu.js';
import { E2E_ADMIN } from './playwright.config.js';

/**
 * Issue 30 (WCAG 2.2 AA): axe-core over every screen of the signed-in area, as each role that can
 * open it (the screens each role's own menu lists), on the desktop; on a phone every screen once,
 * by the first role whose menu has it (the admin's menu holds most of them): a phone's layout is
 * the same for every role, and the run stays within the browser tier's time. A serious or critical
 * finding fails, with the screen, the rule and the elements in the message; all of a role's
 * screens are checked before the test fails, so one run lists every finding.
 */
test.use({ permissions: ['geolocation'], geolocation: { latitude: 28.6139, longitude: 77.209 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Each role of the signed-in area; the seeded admin stands for the admins. */
const ROLES: { role: string; label: string }[] = [
  { role: 'admin', label: 'admin' },
  { role: 'sdistributor', label: 'super distributor' },
  { role: 'coDistributor', label: 'co-distributor' },
  { role: 'distributor', label: 'distributor' },
  { role: 'khataEmployee2', label: 'retailer' },
  { role: 'khataEmployee1', label: 'counter staff' },
  { role: 'user', label: 'basic user' },
];

/** The admin's menu: on a phone, the other roles check only the screens not in it. */
const ADMIN_SCREENS = new Set<string>(menuFor('admin', []).map((item) => item.path));

/** The paths of the role's own menu, in its order, each once. */
async function menuPaths(page: Page): Promise<string[]> {
  const layout = new AdminLayout(page);
  const menu = await layout.menu();
  await expect(menu.getByRole('link').first()).toBeVisible();
  const hrefs = await menu
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  return [...new Set(hrefs.filter((href) => href.startsWith('/admin')))];
}

/** Waits until the screen has drawn its data: its heading, and no spinner or skeleton left. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.admin-page__title, main h1').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, {
    timeout: 20_000,
  });
}

for (const { role, label } of ROLES) {
  test(`every screen the ${label} opens has no serious or critical axe finding`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(Number(process.env.KHATA_AXE_TIMEOUT ?? 300_000));
    const user =
      role === 'admin'
        ? { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password }
        : await givenUser(request, { role, name: `Axe ${label}`, rupees: '500' });
    await signInAs(page, user);
    const menu = await menuPaths(page);
    expect(menu.length).toBeGreaterThan(0);
    const paths =
      info.project.name === 'phone' && role !== 'admin'
        ? menu.filter((path) => !ADMIN_SCREENS.has(path))
        : menu;

    const findings: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await settled(page);
      if (process.env.KHATA_AXE_SURVEY) console.log(`checking ${path}`);
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
      for (const found of violations) {
        if (found.impact !== 'serious' && found.impact !== 'critical') continue;
        const where = found.nodes.slice(0, 5).map((node) => node.target.join(' '));
        findings.push(
          `${path}: ${found.id} (${found.impact}) ×${found.nodes.length}: ${where.join(' | ')}`,
        );
        if (process.env.KHATA_AXE_SURVEY) console.log(findings.at(-1));
      }
    }
    expect(findings, `checked ${paths.length} screens`).toEqual([]);
  });
}
