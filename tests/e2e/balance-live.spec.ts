import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page, type WebSocketRoute } from '@playwright/test';
import {
  acceptTermsBeforehand,
  adminToken,
  AdminLayout,
  givenUser,
  requestPayout,
  signInAs,
  tokenOf,
  type TestUser,
} from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';

// Issue 23: the overdraft is shown and warned about, the balance never goes back to an older
// figure, money arriving is told, and a session that ends at midnight says so and keeps the
// form in progress.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });

const SHOTS = '/tmp/balance';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}-${name}-${test.info().project.name}.png` });
}

async function userIdOf(page: Page, user: TestUser): Promise<string> {
  const token = await tokenOf(page.request, user);
  const answer = await page.request.post('/api/user/userData', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as { profile: { _id: string } }).profile._id;
}

async function secondDevice(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const { viewport, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    permissions: ['geolocation'],
    geolocation: { latitude: 28.6139, longitude: 77.209 },
  });
  await acceptTermsBeforehand(context, baseURL);
  return context.newPage();
}

test('shows what may be spent with the overdraft, warns before credit is spent, and the recipient is told', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const payer = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Sunita Devi',
    rupees: '1000',
  });
  const payee = await givenUser(request, { role: 'khataEmployee2', name: 'Farhan Ali' });
  const limit = await request.post('/api/admin/overdraft', {
    headers: {
      Authorization: `Bearer ${await adminToken(request)}`,
      pin: E2E_ADMIN.pin,
      'Idempotency-Key': randomUUID(),
    },
    data: { userId: await userIdOf(page, payer), limit: '2000', reason: 'trusted shop' },
  });
  expect(limit.status(), await limit.text()).toBe(200);

  // The recipient watches in a browser of their own.
  const other = await secondDevice(browser, baseURL);
  await signInAs(other, payee);
  const otherLayout = new AdminLayout(other);
  await expect(otherLayout.balance()).toHaveText('₹0.00');

  await signInAs(page, payer);
  const layout = new AdminLayout(page);
  await expect(layout.balance()).toHaveText('₹1,000.00');
  await expect(page.getByRole('banner').getByTestId('available-balance')).toHaveText(
    'Available ₹3,000.00 (including ₹2,000.00 credit)',
  );
  await shoot(page, 'topbar');

  await page.goto('/admin/walletTransactions');
  const form = page.locator('form#wallet-transfer');
  await expect(form.getByTestId('available-balance')).toHaveText(
    'Available ₹3,000.00 (including ₹2,000.00 credit)',
  );
  await form.getByLabel('Mobile number').fill(payee.mobile);
  await expect(page.getByTestId('wallet-holder')).toHaveText('Farhan Ali');
  await form.getByLabel('Amount (₹)').fill('1500');
  await form.getByLabel('PIN', { exact: true }).fill(payer.pin);
  await form.getByRole('button', { name: 'Send money' }).click();
  const warning = page.getByRole('dialog').filter({ hasText: 'This payment uses credit' });
  await expect(warning).toContainText(
    '₹500.00 of this ₹1,500.00 payment is credit from your overdraft limit',
  );
  await shoot(page, 'credit-warning');
  await warning.getByRole('button', { name: 'Use credit' }).click();
  await expect(page.getByText('Sent to Farhan Ali.')).toBeVisible();
  await expect(layout.balance()).toHaveText('-₹500.00');
  await expect(page.getByRole('banner').getByTestId('available-balance')).toHaveText(
    'Available ₹1,500.00 (including ₹1,500.00 credit)',
  );

  // The recipient is told, and their balance moved, with no reload.
  await expect(other.getByText('₹1,500.00 received from Sunita Devi.')).toBeVisible();
  await expect(otherLayout.balance()).toHaveText('₹1,500.00');
  await shoot(other, 'money-received');
  await other.context().close();
});

test('shows a released hold at once and ignores an older push that comes after it', async ({
  page,
  request,
}) => {
  test.slow();
  const user = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Lakshmi Nair',
    rupees: '1000',
  });
  // The page's socket, so the test can deliver a push of its own as the server would.
  let socket: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    ws.connectToServer();
    socket = ws;
  });
  await signInAs(page, user);
  const layout = new AdminLayout(page);
  await expect(layout.balance()).toHaveText('₹1,000.00');
  await expect.poll(() => socket !== undefined).toBe(true);
  const token = await tokenOf(request, user);
  const version = async () =>
    (
      (await (
        await request.post('/api/user/checkBalance', {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as { version: number }
    ).version;
  const before = await version();

  // A payout to a closed account: ₹121 (with the fee) held, then released when the bank refuses.
  await requestPayout(request, user, { rupees: '100', name: 'Closed Account', ending: '001' });
  // (The sandbox refuses at once, so the held figure may never be drawn: the versions say both
  // the hold and its release happened.)
  await expect.poll(version, { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 2);
  await expect(layout.balance()).toHaveText('₹1,000.00');

  // The hold's push, late: older than what the page shows, so it is dropped.
  const stale = {
    balance: 879,
    lienAmount: 0,
    securityAmount: 0,
    available: 879,
    overdraftLimit: 0,
    version: before + 1,
  };
  socket!.send(`42${JSON.stringify(['balance.updated', stale])}`);
  await page.waitForTimeout(300);
  await expect(layout.balance()).toHaveText('₹1,000.00');
  // A newer one after it is taken: pushes sent this way do reach the page, which chose.
  const newer = { ...stale, balance: 999, available: 999, version: (await version()) + 100 };
  socket!.send(`42${JSON.stringify(['balance.updated', newer])}`);
  await expect(layout.balance()).toHaveText('₹999.00');
});

test('says the session ended at midnight and keeps the wallet transfer in progress, never the PIN', async ({
  page,
  request,
}) => {
  test.slow();
  const payer = await givenUser(request, {
    role: 'khataEmployee2',
    name: 'Gita Bose',
    rupees: '500',
  });
  const payee = await givenUser(request, { role: 'khataEmployee2', name: 'Irfan Khan' });
  const now = Date.now();
  await page.clock.install({ time: now });
  await signInAs(page, payer);
  await page.goto('/admin/walletTransactions');
  const form = page.locator('form#wallet-transfer');
  await form.getByLabel('Mobile number').fill(payee.mobile);
  await expect(page.getByTestId('wallet-holder')).toHaveText('Irfan Khan');
  await form.getByLabel('Amount (₹)').fill('250');
  await form.getByLabel('Remarks').fill('rent share');
  await form.getByLabel('PIN', { exact: true }).fill(payer.pin);

  // India's midnight: the token's end (its exp), a second past it.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'khata_token');
  const claims = JSON.parse(
    Buffer.from(decodeURIComponent(cookie!.value).split('.')[1]!, 'base64url').toString(),
  ) as { exp: number };
  await page.clock.fastForward(claims.exp * 1000 - now + 1000);
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Your session ended at midnight (India time). Please sign in again.'),
  ).toBeVisible();
  await shoot(page, 'midnight-login');

  // Signed in again (the page's clock back to the real day): the draft is there, the PIN not.
  await page.clock.setSystemTime(Date.now());
  await signInAs(page, payer);
  await page.goto('/admin/walletTransactions');
  await expect(page.getByTestId('wallet-holder')).toHaveText('Irfan Khan');
  await expect(form.getByLabel('Mobile number')).toHaveValue(payee.mobile);
  await expect(form.getByLabel('Amount (₹)')).toHaveValue('250');
  await expect(form.getByLabel('Remarks')).toHaveValue('rent share');
  await expect(form.getByLabel('PIN', { exact: true })).toHaveValue('');
  await shoot(page, 'draft-kept');
});
