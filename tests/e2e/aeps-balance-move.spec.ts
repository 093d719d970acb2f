import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AepsBalanceMessages } from '@khata/domain';
import { Ledger } from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { currentTestRun, databasePrefix } from '../support/run.mjs';
import {
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  nameInRun,
  signInAs,
  tokenOf,
  watchConsole,
  type TestUser,
} from './admin.helpers.js';

// Issue 26: a shop moves its AEPS balance to its main wallet on AEPS Settlement; the page's
// figures and the top bar's "AEPS ₹…" change at once, and the API agrees.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

const shot = (page: Page, name: string, project: string) =>
  page.screenshot({ path: `/tmp/aeps-balance-${name}-${project}.png`, fullPage: true });

/**
 * Puts money in the user's AEPS balance the way the integration tests do (a credit from the
 * funding account, straight on the ledger of the portal's own database): the AEPS counter that
 * fills it for real is another screen's.
 */
async function fundAeps(user: TestUser, paise: number): Promise<void> {
  const run = currentTestRun();
  const client = new pg.Client({
    connectionString: `${run.postgresUrl}/${databasePrefix(run.runId)}_e2e`,
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('SELECT id FROM users WHERE mobile = $1', [
      user.mobile,
    ]);
    const ledger = new Ledger(client);
    await ledger.append({
      type: 'wallet.credited',
      stream: `test-funding:${randomUUID()}`,
      legs: [
        { accountId: await ledger.systemAccount('system:funding'), amount: -paise },
        { accountId: await ledger.userAccount(rows[0]!.id, 'aeps'), amount: paise },
      ],
    });
  } finally {
    await client.end();
  }
}

async function balancesOf(request: APIRequestContext, user: TestUser) {
  const answer = await request.post('/api/user/checkBalance', {
    headers: { Authorization: `Bearer ${await tokenOf(request, user)}` },
    data: {},
  });
  const body = (await answer.json()) as { balance: number; aepsBalance: number };
  return { wallet: body.balance, aeps: body.aepsBalance };
}

test('a shop moves part of its AEPS balance to the main wallet; both balances change on screen', async ({
  page,
  request,
}, info) => {
  const errors = watchConsole(page, [/status of 422/]);
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: nameInRun('Kavita Rao', info),
    rupees: '100',
  });
  await fundAeps(retailer, 500_00);
  await signInAs(page, retailer);
  const layout = new AdminLayout(page);
  await layout.open('AEPS Settlement');
  await expect(page.getByRole('heading', { level: 1, name: 'AEPS Settlement' })).toBeVisible();

  const card = page.getByTestId('aeps-balance-card');
  await expect(card.getByTestId('aeps-balance')).toHaveText('₹500.00');
  await expect(card.getByTestId('aeps-wallet-balance')).toHaveText('₹100.00');
  await expect(page.getByTestId('topbar-aeps')).toHaveText('₹500.00');
  await expect(layout.balance()).toHaveText('₹100.00');
  await shot(page, 'before', info.project.name);

  // More than the AEPS balance: the API's refusal, in the dialog, and nothing moves.
  await card.getByRole('button', { name: 'Move to wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move AEPS balance to wallet' });
  await dialog.getByLabel('Amount (₹)').fill('600');
  await dialog.getByLabel('PIN').fill(retailer.pin);
  await dialog.getByRole('button', { name: 'Move to wallet' }).click();
  await expect(dialog).toContainText(AepsBalanceMessages.insufficient);
  expect(await balancesOf(request, retailer)).toEqual({ wallet: 100, aeps: 500 });
  await shot(page, 'refused', info.project.name);

  await dialog.getByLabel('Amount (₹)').fill('120.50');
  await dialog.getByRole('button', { name: 'Move to wallet' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('aeps-balance')).toHaveText('₹379.50');
  await expect(card.getByTestId('aeps-wallet-balance')).toHaveText('₹220.50');
  await expect(page.getByTestId('topbar-aeps')).toHaveText('₹379.50');
  await expect(layout.balance()).toHaveText('₹220.50');
  expect(await balancesOf(request, retailer)).toEqual({ wallet: 220.5, aeps: 379.5 });
  await shot(page, 'after', info.project.name);
  expect(errors).toEqual([]);
});

test('at 360 px a large AEPS balance joins the top bar without overlapping the welcome @phone-only', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const retailer = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Venkatalakshmi Subramanian',
    rupees: '98765.43',
  });
  await fundAeps(retailer, 12_34_567_89);
  await signInAs(page, retailer);
  await expect(page.getByTestId('topbar-aeps')).toHaveText('₹12,34,567.89');
  const welcome = (await page.locator('.admin-topbar__welcome').boundingBox())!;
  const money = (await page.locator('.admin-topbar__money').boundingBox())!;
  expect(welcome.x + welcome.width).toBeLessThanOrEqual(money.x);
  expect(money.x + money.width).toBeLessThanOrEqual(360);
  const pageWidth = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );
  expect(pageWidth).toBeLessThanOrEqual(360);
  await page.screenshot({
    path: '/tmp/aeps-balance-topbar-360.png',
    clip: { x: 0, y: 0, width: 360, height: 120 },
  });
});
