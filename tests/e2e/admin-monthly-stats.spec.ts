import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test } from '@playwright/test';
import { indiaMonth, previousMonth } from '@khata/domain';
import {
  AdminLayout,
  acceptTermsBeforehand,
  givenUser,
  signInAs,
  watchConsole,
} from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';

// Monthly stats and the day book (issue 14). An admin opens Monthly Stats from the sidebar,
// sees this month's figures and chart (not closable yet), picks an ended month, sees every
// reconciliation line green, closes it, and finds the close in Logs. Each viewport closes a
// month of its own (desktop last month, phone the one before: the run's database is shared and
// a month closes once); those months have no activity on a fresh database, so they reconcile.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });
test.use({ permissions: ['geolocation'], geolocation: { latitude: 18.5204, longitude: 73.8567 } });

const SHOTS = 'tests/.artifacts/monthly-stats';

/** CIE76 colour difference of two CSS `rgb(r, g, b)` colours (about 2.3 is just noticeable). */
function deltaE(one: string, other: string): number {
  const lab = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    const xyz = [
      (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
      0.2126 * r + 0.7152 * g + 0.0722 * b,
      (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    ].map((t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116)) as [number, number, number];
    return [116 * xyz[1] - 16, 500 * (xyz[0] - xyz[1]), 200 * (xyz[1] - xyz[2])];
  };
  const [a, b] = [lab(one), lab(other)];
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

test('an admin closes a reconciled month and reads the close in Logs', async ({
  page,
  context,
  baseURL,
}, info) => {
  const errors = watchConsole(page);
  await acceptTermsBeforehand(context, baseURL);
  await signInAs(page, E2E_ADMIN);

  await new AdminLayout(page).open('Monthly Stats');
  await expect(page).toHaveURL(/\/admin\/monthlyStats$/);
  await expect(page.getByRole('heading', { name: 'Monthly Stats', level: 1 })).toBeVisible();
  // This month: the seeded network's money, the chart (recharts, loaded now), not closable.
  await expect(page.getByTestId('daily-volume-chart').locator('svg').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close the month' })).toBeDisabled();
  await expect(page.getByText('This month has not ended in India yet')).toBeVisible();
  // One unit on the axis, named once in Indian notation (no tick says K, L or Cr: the days
  // below are plain numbers too); series in colours told apart (issue 23).
  const chart = page.getByTestId('daily-volume-chart');
  await expect(chart.locator('.monthly-stats__axis-unit')).toHaveText(
    /^₹( in (thousand|lakh|crore))?$/,
  );
  const ticks = await chart.locator('.recharts-cartesian-axis-tick-value').allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  for (const tick of ticks) expect(tick).toMatch(/^[\d.,]+$/);
  const fills = await chart
    .locator('.recharts-legend-item path, .recharts-legend-item .recharts-surface *[fill]')
    .evaluateAll((nodes) => [
      ...new Set(
        nodes.map(
          (node) =>
            (
              globalThis as unknown as { getComputedStyle(e: unknown): { fill: string } }
            ).getComputedStyle(node).fill,
        ),
      ),
    ]);
  expect(fills.length).toBeGreaterThan(0);
  for (const [index, one] of fills.entries()) {
    for (const other of fills.slice(index + 1)) expect(deltaE(one, other)).toBeGreaterThan(25);
  }
  await page.screenshot({ path: `${SHOTS}/current-${info.project.name}.png`, fullPage: true });

  const current = indiaMonth(new Date());
  const month =
    info.project.name === 'phone' ? previousMonth(previousMonth(current)) : previousMonth(current);
  await page.getByRole('combobox', { name: 'Month' }).click();
  const label = new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await page.locator('.ant-select-item-option', { hasText: label }).click();
  await expect(page).toHaveURL(new RegExp(`month=${month}`));
  for (const key of ['eventsBalance', 'float', 'readModel', 'taxes']) {
    const line = page.getByTestId(`reconciliation-${key}`);
    await expect(line).toHaveAttribute('data-ok', 'true');
    await expect(line.getByText('Green')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Close the month' }).click();
  // The close asks for the PIN like every money action (issue 23).
  const dialog = page.getByRole('dialog', { name: `Close ${month}?` });
  await dialog.getByLabel('PIN').fill(E2E_ADMIN.pin);
  await dialog.getByRole('button', { name: 'Close the month' }).click();
  await expect(page.getByTestId('month-closed')).toContainText('Closed on');
  await expect(page.getByText(`${month} is closed.`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/closed-${info.project.name}.png`, fullPage: true });

  await page.goto('/admin/logs?action=month.close');
  await expect(page.getByRole('heading', { name: 'Logs', level: 1 })).toBeVisible();
  await expect(page.getByText('Closed a month').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText(new RegExp(month)).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/logs-${info.project.name}.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test('a retailer prints its day book: credit and transfer by service, a day back, a bad day', async ({
  page,
  context,
  baseURL,
  request,
}, info) => {
  const errors = watchConsole(page, [/status of 400/]);
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Kavita Daybook',
    rupees: '2500',
    kyc: 'none',
  });
  const payee = await givenUser(request, {
    role: 'khataEmployee1',
    name: 'Ravi Payee',
    kyc: 'none',
  });
  const login = await request.post('/api/auth/login', {
    data: { mobile: retailer.mobile, password: retailer.password },
  });
  const { token } = (await login.json()) as { token: string };
  const sent = await request.post('/api/user/sendMoneyToWallet', {
    headers: {
      Authorization: `Bearer ${token}`,
      pin: retailer.pin,
      'Idempotency-Key': randomUUID(),
    },
    data: { mobile: payee.mobile, amount: 400.5, remark: 'stock', name: payee.name },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  await acceptTermsBeforehand(context, baseURL);
  await signInAs(page, retailer);
  await page.goto('/admin/myAccount');
  await page.getByRole('link', { name: 'Today’s day book' }).click();
  await expect(page).toHaveURL(/\/admin\/myAccount\/0$/);
  await expect(page.getByRole('heading', { name: 'Day Book', level: 1 })).toBeVisible();
  await expect(page.getByTestId('day-book-opening')).toHaveText('₹0.00');
  await expect(page.getByTestId('day-book-closing')).toHaveText('₹2,099.50');
  const totals = page.getByRole('table').first();
  await expect(totals.getByRole('row', { name: /Wallet credit.*₹2,500\.00/ })).toBeVisible();
  await expect(totals.getByRole('row', { name: /Wallet transfer.*₹400\.50/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/day-book-${info.project.name}.png`, fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.screenshot({
    path: `${SHOTS}/day-book-print-${info.project.name}.png`,
    fullPage: true,
  });
  await page.emulateMedia({ media: 'screen' });

  // Yesterday: nothing moved (the user is new); it closed where today opens.
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page).toHaveURL(/\/admin\/myAccount\/1$/);
  await expect(page.getByText('No movements on this day')).toBeVisible();
  await expect(page.getByTestId('day-book-closing')).toHaveText('₹0.00');

  await page.goto('/admin/myAccount/400');
  await expect(
    page.getByText('Days ago must be a whole number from 0 (today) to 365.'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/day-book-bad-${info.project.name}.png`, fullPage: true });
  expect(errors).toEqual([]);
});
