import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';

/**
 * The four public tools against the cases worked by hand in libs/domain/src/tools/*.spec.ts,
 * on a desktop and on a phone (the config's two projects).
 */

/** The page is no wider than the screen: nothing scrolls sideways on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  // A string, so the test's TypeScript needs no DOM types.
  const overflow = await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBe(0);
}

/** The value beside a label in a description list (<dt>label</dt><dd>value</dd>). */
const figure = (scope: Locator, label: string) =>
  scope
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** The data cells of a table row whose header starts with the label. */
const rowCells = (scope: Locator | Page, label: string) =>
  scope.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');

/** EMI, principal, interest and balance of the schedule's first or last instalment. */
const instalment = (schedule: Locator, which: 'first' | 'last') => {
  const rows = schedule.getByRole('row');
  // Row 0 is the header.
  return (which === 'first' ? rows.nth(1) : rows.last()).getByRole('cell');
};

test.describe('the loan calculator', () => {
  test('works out ₹1,00,000 at 10% for 12 months to the paisa, ending at a balance of 0', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/tools/loan-calculator');
    await page.getByLabel('Loan amount').fill('100000');
    await page.getByLabel('Interest rate (a year)').fill('10');
    await page.getByLabel('Tenure', { exact: true }).fill('12');
    await page.getByText('Months', { exact: true }).click();

    const summary = page.getByRole('region', { name: 'Your EMI' });
    await expect(summary.locator('.tool-result__headline')).toHaveText('₹8,791.59 a month');
    await expect(figure(summary, 'Total interest')).toHaveText('₹5,499.05');
    await expect(figure(summary, 'Total payment')).toHaveText('₹1,05,499.05');

    const schedule = page.getByRole('region', { name: 'Repayment schedule' });
    await expect(schedule.getByRole('row')).toHaveCount(13);
    await expect(instalment(schedule, 'first')).toHaveText([
      '₹8,791.59',
      '₹7,958.26',
      '₹833.33',
      '₹92,041.74',
    ]);
    await expect(instalment(schedule, 'last')).toHaveText([
      '₹8,791.56',
      '₹8,718.90',
      '₹72.66',
      '₹0.00',
    ]);
    await expect(page.getByRole('img', { name: /each of 12 months/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
  });

  test('splits an interest-free loan evenly, the last month taking the odd paise', async ({
    page,
  }) => {
    await page.goto('/tools/loan-calculator');
    await page.getByLabel('Loan amount').fill('100000');
    await page.getByLabel('Interest rate (a year)').fill('0');
    await page.getByLabel('Tenure', { exact: true }).fill('1');
    const summary = page.getByRole('region', { name: 'Your EMI' });
    await expect(summary.locator('.tool-result__headline')).toHaveText('₹8,333.33 a month');
    await expect(figure(summary, 'Total interest')).toHaveText('₹0.00');
    const schedule = page.getByRole('region', { name: 'Repayment schedule' });
    await expect(instalment(schedule, 'last')).toHaveText([
      '₹8,333.37',
      '₹8,333.37',
      '₹0.00',
      '₹0.00',
    ]);
  });

  test('says what is wrong with an input and shows no EMI until it is right', async ({ page }) => {
    await page.goto('/tools/loan-calculator');
    await page.getByLabel('Interest rate (a year)').fill('60');
    await expect(
      page.getByText('Please enter a rate from 0 to 50, with at most 2 decimals, e.g. 10.5.'),
    ).toBeVisible();
    await expect(
      page.getByText('Enter the loan amount, rate and tenure to see your EMI.'),
    ).toBeVisible();
  });
});

test.describe('the tax calculator', () => {
  test('opens on FY 2026-27 and says its rules are carried over from FY 2025-26', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/tools/tax-calculator');
    await expect(page.getByText('Assessment year 2027-28')).toBeVisible();
    await expect(
      page.getByText('Rules as for FY 2025-26; check against the Finance Act.'),
    ).toBeVisible();
    await page.getByLabel('Salary for the year').fill('1575000');
    await expect(rowCells(page, 'Total tax payable')).toHaveText(['₹1,09,200.00', '₹2,80,800.00']);
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
  });

  test('compares both regimes for FY 2025-26 as worked by hand', async ({ page }) => {
    await page.goto('/tools/tax-calculator');
    await page.getByText('FY 2025-26', { exact: true }).click();
    await expect(page.getByText('Assessment year 2026-27')).toBeVisible();
    await expect(page.getByText('check against the Finance Act')).toHaveCount(0);

    const salary = page.getByLabel('Salary for the year');
    // ₹15,75,000: new regime taxable ₹15,00,000 → ₹1,05,000 + 4% cess; old ₹15,25,000.
    await salary.fill('1575000');
    await expect(rowCells(page, 'Taxable income')).toHaveText(['₹15,00,000.00', '₹15,25,000.00']);
    await expect(rowCells(page, 'Tax on slabs')).toHaveText(['₹1,05,000.00', '₹2,70,000.00']);
    await expect(rowCells(page, 'Total tax payable')).toHaveText(['₹1,09,200.00', '₹2,80,800.00']);
    await expect(page.getByText('The new regime saves you ₹1,71,600.00.')).toBeVisible();

    // ₹12,75,000: new regime taxable ₹12,00,000, all rebated under 87A.
    await salary.fill('1275000');
    await expect(rowCells(page, 'Rebate under section 87A')).toHaveText(['− ₹60,000.00', '₹0.00']);
    await expect(rowCells(page, 'Total tax payable')).toHaveText(['₹0.00', '₹1,87,200.00']);

    // ₹10,00,000 with 80C ₹1,50,000 and 80D ₹25,000: old regime taxable ₹7,75,000 → ₹70,200.
    await salary.fill('1000000');
    await page.getByLabel('Section 80C').fill('150000');
    await page.getByLabel('Section 80D').fill('25000');
    await expect(rowCells(page, 'Taxable income')).toHaveText(['₹9,25,000.00', '₹7,75,000.00']);
    await expect(rowCells(page, 'Total tax payable')).toHaveText(['₹0.00', '₹70,200.00']);
  });
});

test.describe('the currency converter', () => {
  test('converts both ways at the rate an admin has just set, and says the rates are not live', async ({
    page,
    request,
  }) => {
    const login = await request.post('/api/auth/login', {
      data: { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password },
    });
    expect(login.status()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const set = await request.post('/api/admin/currency-rates', {
      data: { currency: 'USD', inrPerUnit: '83.123456' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(set.status()).toBe(200);

    const errors = watchConsole(page);
    await page.goto('/tools/currency-converter');
    await expect(
      page.getByText("No live feed is connected: these rates are set by Khata's admins."),
    ).toBeVisible();
    await expect(page.getByText(/^Rates as of \d{1,2} \w{3} \d{4}/)).toBeVisible();

    const result = page.getByRole('region', { name: 'Converted amount' });
    // $100 × ₹83.123456 = ₹8,312.3456 → ₹8,312.35.
    await page.getByLabel('Amount in USD').fill('100');
    await expect(result.locator('.tool-result__headline')).toHaveText('₹8,312.35');
    await expect(result).toContainText('1 USD = ₹83.123456');

    // ₹10,000 ÷ 83.123456 = $120.3030… → $120.30.
    await page.getByRole('button', { name: 'Swap direction' }).click();
    await page.getByLabel('Amount in INR').fill('10000');
    await expect(result.locator('.tool-result__headline')).toHaveText('$120.30');

    await expect(rowCells(page, 'USD')).toHaveText(['₹83.123456', /\d{4}/]);
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
  });
});

test.describe('the geo map', () => {
  const MAPS_SEARCH = 'https://www.google.com/maps/search/?api=1&query=';

  test('shows the device location with 6 decimals and opens it on the map in a new tab', async ({
    page,
    context,
  }) => {
    const errors = watchConsole(page);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 28.61393912, longitude: 77.20902155 });
    await page.goto('/tools/geo-map');
    await page.getByRole('button', { name: 'Find my location' }).click();

    const card = page.getByRole('region', { name: 'Your location' });
    await expect(figure(card, 'Latitude')).toHaveText('28.613939');
    await expect(figure(card, 'Longitude')).toHaveText('77.209022');
    const maps = page.getByRole('link', { name: 'Open in maps' });
    await expect(maps).toHaveAttribute('href', `${MAPS_SEARCH}28.613939,77.209022`);
    await expect(maps).toHaveAttribute('target', '_blank');
    await expect(maps).toHaveAttribute('rel', 'noopener noreferrer');
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
  });

  test("shows the browser's message when location is denied, and the spec's alert on Open in maps", async ({
    page,
    context,
  }) => {
    await context.clearPermissions();
    await page.goto('/tools/geo-map');
    await page.getByRole('button', { name: 'Find my location' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be found' })).toContainText(
      /denied/i,
    );
    await page.getByRole('button', { name: 'Open in maps' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Location coordinates are not available.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open in maps' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });

  test("treats the string 'null' in a link as a missing coordinate", async ({ page }) => {
    await page.goto('/tools/geo-map?lat=null&long=77.209022');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Location coordinates are not available.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open in maps' })).toHaveCount(0);

    await page.goto('/tools/geo-map?lat=19.07609&long=72.877426');
    await expect(page.getByRole('link', { name: 'Open in maps' })).toHaveAttribute(
      'href',
      `${MAPS_SEARCH}19.076090,72.877426`,
    );
  });
});
