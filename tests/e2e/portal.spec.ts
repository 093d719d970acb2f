import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';

/** Fails the test on any console error: a blank page often shows only there. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the portal answers its health check on the same origin as the console', async ({
  request,
}) => {
  const answer = await request.get('/api/health');
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({
    status: 'ok',
    postgres: { status: 'up' },
    redis: { status: 'up' },
  });
});

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
