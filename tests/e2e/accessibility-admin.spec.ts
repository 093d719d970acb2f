import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/**
 * antd fades colours in (buttons, links: 0.2–0.3 s); axe reads a colour where it is, so a screen
 * just opened would be judged halfway. The screens are judged as they rest.
 */
const NO_MOTION =
  '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** axe-core's own build, put into the page once per role (axeViolations). */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** What the checks read of axe's answer (axe-core's types would bring the DOM's into the tests). */
interface Violation {
  id: string;
  impact?: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

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

/** A screen still drawing: a spinner, a skeleton, or a button waiting on its request. */
const BUSY = '.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading';

/**
 * Waits until the screen has drawn its data: its heading, and nothing busy on two looks a
 * quarter of a second apart (a screen's second request can start after its first has ended).
 */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.admin-page__title, main h1').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(async () => {
    await expect(page.locator(BUSY)).toHaveCount(0, { timeout: 0 });
    await page.waitForTimeout(250);
    await expect(page.locator(BUSY)).toHaveCount(0, { timeout: 0 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Opens a screen: the first by its address (and axe-core into the page), each after it by its
 * menu link, as a user goes, so the console is not loaded again for every screen.
 */
async function open(page: Page, path: string, first: boolean): Promise<void> {
  if (first) {
    await page.goto(path);
    await page.addStyleTag({ content: NO_MOTION });
    await page.evaluate(AXE_SOURCE);
  } else {
    const menu = await new AdminLayout(page).menu();
    await menu.locator(`a[href="${path}"]`).click();
    await expect(page).toHaveURL(path);
    // The pointer stays where the link was: off the screen, so no card is judged hovered.
    await page.mouse.move(0, 0);
  }
  await settled(page);
}

/**
 * axe-core's WCAG A and AA rules over the page, or over one part of it. axe runs in the page
 * itself (axe.run): `@axe-core/playwright`'s AxeBuilder injects axe again on every call and
 * finishes each run in a blank page of its own, about 1.5 s a screen, which made this file 8
 * of the browser tier's minutes.
 */
function axeViolations(page: Page, scope: string | null): Promise<Violation[]> {
  return page.evaluate(
    async ({ tags, scope }) => {
      interface Axe {
        run(...args: unknown[]): Promise<{ violations: Violation[] }>;
      }
      const { axe } = globalThis as unknown as { axe: Axe };
      const options = {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      };
      const result = scope
        ? await axe.run({ include: [[scope]] }, options)
        : await axe.run(options);
      return result.violations;
    },
    { tags: WCAG_AA, scope },
  );
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
    for (const [at, path] of paths.entries()) {
      await open(page, path, at === 0);
      if (process.env.KHATA_AXE_SURVEY) console.log(`checking ${path}`);
      // The first screen whole (the top bar and the menu are the same on every screen after).
      for (const found of await axeViolations(page, at === 0 ? null : '#admin-main')) {
        if (found.impact !== 'serious' && found.impact !== 'critical') continue;
        const where = found.nodes.slice(0, 5).map((node) => node.target.join(' '));
        const why = found.nodes[0]?.failureSummary?.replace(/\s+/g, ' ');
        findings.push(
          `${path}: ${found.id} (${found.impact}) ×${found.nodes.length}: ${where.join(' | ')} (${why})`,
        );
        if (process.env.KHATA_AXE_SURVEY) console.log(findings.at(-1));
      }
    }
    expect(findings, `checked ${paths.length} screens`).toEqual([]);
  });
}
