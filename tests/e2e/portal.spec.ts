import { expect, test } from '@playwright/test';
import { watchConsole } from './admin.helpers.js';

test('the home page renders its heading and the public shell without errors', async ({
  page,
}, info) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Privacy');
  await page.screenshot({ path: info.outputPath(`home-${info.project.name}.png`), fullPage: true });
  expect(errors).toEqual([]);
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
  expect(errors).toEqual([]);
});

test('the home page draws no antd component, and a link to an antd page still gets its theme', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // antd's CSS-in-JS writes its styles as <style> elements and its components carry `ant-`
  // classes: on the home page there must be neither (docs/performance.md, first load).
  expect(await page.locator('[class*="ant-"]').count()).toBe(0);
  expect(await page.locator('style[data-css-hash], style[data-rc-order]').count()).toBe(0);

  // The first antd page loads antd with Khata's theme: text in Khata's ink, not antd's black.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Loan calculator' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loan EMI calculator');
  await expect(page.locator('.ant-app')).toHaveCount(1);
  await expect(page.locator('.ant-app')).toHaveCSS('color', 'rgba(20, 33, 29, 0.88)');
  expect(errors).toEqual([]);
});

test(
  'on a phone the menu opens as a dialog, closes on Escape and gives the focus back',
  { tag: '@phone-only' },
  async ({ page }) => {
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    // A tap on the dimmed page beside it closes it too.
    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(20, 400);
    await expect(menu).toBeHidden();

    // A link in the menu navigates and closes it.
    await menuButton.click();
    await menu.getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
  },
);
