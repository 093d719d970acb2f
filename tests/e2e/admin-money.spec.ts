import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  acceptTermsBeforehand,
  AdminLayout,
  expectFocusedResult,
  givenUser,
  PIN,
  signInAs,
  watchConsole,
} from './admin.helpers.js';

test.use({ permissions: ['geolocation'], geolocation: { latitude: 19.076, longitude: 72.8777 } });

const RETAILER = 'khataEmployee2';
const COUNTER = 'khataEmployee1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

/** The wallet transfer screen (spec §2, §4, §5). */
class WalletTransferScreen {
  constructor(private readonly page: Page) {}

  form = () => this.page.locator('form#wallet-transfer');
  mobile = () => this.form().getByLabel('Mobile number');
  amount = () => this.form().getByLabel('Amount (₹)');
  remark = () => this.form().getByLabel('Remarks');
  pin = () => this.form().getByLabel('PIN', { exact: true });
  send = () => this.form().getByRole('button', { name: 'Send money' });
  holder = () => this.page.getByTestId('wallet-holder');
}

test('a wallet transfer moves the money and the sender sees the new balance', async ({
  page,
  request,
}, info) => {
  // The unknown number below answers 404, which the browser logs.
  const errors = watchConsole(page, [/status of 404/]);
  const sender = await givenUser(request, { role: RETAILER, name: 'Suresh Yadav', rupees: '1000' });
  const recipient = await givenUser(request, { role: COUNTER, name: 'Lakshmi Iyer' });
  await signInAs(page, sender);
  const layout = new AdminLayout(page);
  await expect(layout.balance()).toHaveText('₹1,000.00');
  await layout.open('Wallet Transfer');
  await expect(page).toHaveURL(/\/admin\/walletTransactions$/);

  const screen = new WalletTransferScreen(page);
  // Spec §5: the transfer is disabled until the wallet holder is found.
  await expect(screen.send()).toBeDisabled();
  await expect(page.getByText('Please enter a valid mobile number first')).toBeVisible();
  await expect(screen.amount()).toHaveCount(0);

  // Non-digits are stripped; fewer than 10 digits is refused in the spec's words.
  await screen.mobile().fill('98-76');
  await expect(screen.mobile()).toHaveValue('9876');
  await expect(page.getByText('Mobile number must be 10 digits')).toBeVisible();

  // An unknown number: "User not found", and the spec's toast.
  await screen.mobile().fill('6000000000');
  await expect(page.getByText('Failed to fetch user details')).toBeVisible();
  await expect(page.getByText('User not found')).toBeVisible();
  await expect(screen.send()).toBeDisabled();

  // The holder's number: the name shows and the amount field appears.
  await screen.mobile().fill(recipient.mobile);
  await expect(screen.holder()).toHaveText('Lakshmi Iyer');
  await expect(page.getByText('User details fetched successfully')).toBeVisible();
  await expect(screen.send()).toBeEnabled();

  await screen.send().click();
  await expect(page.getByText('Please input amount!')).toBeVisible();
  await expect(page.getByText('Please input your PIN!')).toBeVisible();
  await screen.amount().fill('12.345');
  await expect(page.getByText('Amount can have at most 2 decimal places.')).toBeVisible();
  await screen.amount().fill('250.75');
  await expect(
    page.getByText('Rupees two hundred fifty and seventy five paise only'),
  ).toBeVisible();
  await screen.remark().fill('Stock for Diwali');
  await screen.pin().fill('12ab');
  await expect(page.getByText('PIN should contain only numbers')).toBeVisible();
  await screen.pin().fill(PIN);

  const sent = page.waitForRequest('**/api/user/sendMoneyToWallet');
  await screen.send().click();
  const request_ = await sent;
  expect(request_.headers().pin).toBe(PIN);
  expect(request_.headers()['idempotency-key']).toMatch(UUID);
  expect(request_.postDataJSON()).toEqual({
    mobile: recipient.mobile,
    amount: '250.75',
    remark: 'Stock for Diwali',
    name: 'Lakshmi Iyer',
  });

  // Spec §4: success resets the form; the balance is read again.
  await expect(page.getByText('Money sent successfully.')).toBeVisible();
  await expect(screen.mobile()).toHaveValue('');
  await expect(screen.amount()).toHaveCount(0);
  await expect(layout.balance()).toHaveText('₹749.25');
  await page.screenshot({
    path: info.outputPath(`wallet-transfer-${info.project.name}.png`),
    fullPage: true,
  });

  // The receipt of the transfer just made.
  await page.getByRole('button', { name: 'View receipt' }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₹250.75');
  await expect(receipt).toContainText('Lakshmi Iyer');
  expect(errors).toEqual([]);
});

test('a wrong PIN is refused with the API message and moves nothing', async ({ page, request }) => {
  const sender = await givenUser(request, { role: COUNTER, name: 'Pooja Das', rupees: '300' });
  const recipient = await givenUser(request, { role: COUNTER, name: 'Anil Gupta' });
  await signInAs(page, sender);
  await page.goto('/admin/walletTransactions');
  const screen = new WalletTransferScreen(page);
  await screen.mobile().fill(recipient.mobile);
  await expect(screen.holder()).toHaveText('Anil Gupta');
  await screen.amount().fill('100');
  await screen.pin().fill('9999');
  await screen.send().click();
  await expect(page.getByText(/Incorrect PIN\. \d+ tries left\./)).toBeVisible();
  // The form keeps what was typed, so the user corrects the PIN only.
  await expect(screen.amount()).toHaveValue('100');
  await expect(new AdminLayout(page).balance()).toHaveText('₹300.00');
});

test('the control panel changes the PIN, shows the sign-ins and the account', async ({
  page,
  request,
}, info) => {
  const counter = await givenUser(request, { role: COUNTER, name: 'Gita Menon', rupees: '75' });
  await signInAs(page, counter);
  await new AdminLayout(page).open('Control Panel');
  const pinCard = page.locator('.ant-card').filter({ hasText: 'Change PIN' });

  await pinCard.getByRole('button', { name: 'Change PIN' }).click();
  await expect(page.getByTestId('change-pin-error')).toHaveText(
    'Both Old PIN and New PIN are required!',
  );

  await pinCard.getByLabel('Old PIN').fill('1111');
  await pinCard.getByLabel('New PIN').fill('5791');
  await pinCard.getByRole('button', { name: 'Change PIN' }).click();
  await expect(page.getByTestId('change-pin-error')).toHaveText(/Incorrect PIN\. \d+ tries left\./);
  await expectFocusedResult(pinCard, /Incorrect PIN\. \d+ tries left\./);

  await pinCard.getByLabel('Old PIN').fill(PIN);
  await pinCard.getByLabel('New PIN').fill('5791');
  // By the keyboard: Enter sends it; the answer is in the card with the focus (issue 30).
  await pinCard.getByLabel('New PIN').press('Enter');
  await expectFocusedResult(pinCard, 'PIN changed successfully.');
  await expect(pinCard.getByLabel('Old PIN')).toHaveValue('');

  // The new PIN is the PIN now: changing it back needs it.
  await pinCard.getByLabel('Old PIN').fill('5791');
  await pinCard.getByLabel('New PIN').fill(PIN);
  await pinCard.getByRole('button', { name: 'Change PIN' }).click();
  await expectFocusedResult(pinCard, 'PIN changed successfully.');
  await expect(page.getByTestId('change-pin-error')).toHaveCount(0);

  // The last sign-ins (this one marked) and the account details.
  const entries = page.getByTestId('login-entry');
  await expect(entries.first()).toContainText('This device');
  await expect(entries.first()).toContainText('19.076000, 72.877700');
  await expect(page.locator('.ant-descriptions')).toContainText('₹75.00');
  await page.screenshot({
    path: info.outputPath(`control-panel-pin-${info.project.name}.png`),
    fullPage: true,
  });
});

test('logging out of all sessions needs the PIN and ends this one too', async ({
  page,
  request,
}) => {
  const counter = await givenUser(request, { role: COUNTER, name: 'Vikram Singh' });
  await signInAs(page, counter);
  await page.goto('/admin/adminAccount');
  await page.getByRole('button', { name: 'Log out all sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out of all sessions' });
  const confirm = dialog.getByRole('button', { name: 'Log out all' });
  // Spec §4: a PIN confirmation enables at 4 characters.
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('PIN').fill('482');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('PIN').fill(PIN);
  await confirm.click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the transaction report lists a transfer and prints its receipt after 800 ms', async ({
  page,
  request,
}, info) => {
  const retailer = await givenUser(request, {
    role: RETAILER,
    name: 'Nisha Kapoor',
    rupees: '5000',
  });
  const recipient = await givenUser(request, { role: COUNTER, name: 'Deepak Jain' });
  await signInAs(page, retailer);

  // Send through the screen, so the report has something of this user's own.
  await page.goto('/admin/walletTransactions');
  const screen = new WalletTransferScreen(page);
  await screen.mobile().fill(recipient.mobile);
  await expect(screen.holder()).toHaveText('Deepak Jain');
  await screen.amount().fill('1234.50');
  await screen.pin().fill(PIN);
  await screen.send().click();
  await expect(page.getByText('Money sent successfully.')).toBeVisible();

  await new AdminLayout(page).open('Transaction Report');
  await expect(page).toHaveURL(/\/admin\/transactionHistory/);
  // A table row on a desktop, a card on a phone.
  const row = page.locator('.ant-table-row, .report-card').filter({ hasText: '₹1,234.50' });
  await expect(row).toHaveCount(1);
  if (info.project.name === 'desktop') await expect(row).toContainText('Deepak Jain');
  await page.screenshot({
    path: info.outputPath(`transactions-${info.project.name}.png`),
    fullPage: true,
  });

  await page.evaluate(() => {
    const page = globalThis as unknown as { print: () => void; printedAt?: number };
    page.print = () => {
      page.printedAt = Date.now();
    };
  });
  await row.getByRole('button', { name: /^Receipt of/ }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₹1,234.50');
  await expect(receipt).toContainText('Deepak Jain');
  const clickedAt = await page.evaluate(() => Date.now());
  await receipt.getByRole('button', { name: 'Print' }).click();
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { printedAt?: number }).printedAt))
    .toBeDefined();
  const printedAt = await page.evaluate(
    () => (globalThis as unknown as { printedAt: number }).printedAt,
  );
  expect(printedAt - clickedAt).toBeGreaterThanOrEqual(800);
  expect(printedAt - clickedAt).toBeLessThan(2500);
});

test('the balance updates live when money arrives', async ({ page, request }) => {
  const counter = await givenUser(request, { role: COUNTER, name: 'Zoya Khan', rupees: '10' });
  await signInAs(page, counter);
  const layout = new AdminLayout(page);
  await expect(layout.balance()).toHaveText('₹10.00');
  await expect(page.getByRole('img', { name: /^Live:/ })).toBeAttached();

  // Money arrives from elsewhere; this page makes no call of its own.
  const sender = await givenUser(request, { role: COUNTER, name: 'Omar Sheikh', rupees: '500' });
  const balanceCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('checkBalance')) balanceCalls.push(sent.url());
  });
  const login = await request.post('/api/auth/login', {
    data: { mobile: sender.mobile, password: sender.password },
  });
  const { token } = (await login.json()) as { token: string };
  const moved = await request.post('/api/user/sendMoneyToWallet', {
    headers: {
      Authorization: `Bearer ${token}`,
      pin: PIN,
      'Idempotency-Key': randomUUID(),
    },
    data: { mobile: counter.mobile, amount: '40.25' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await expect(layout.balance()).toHaveText('₹50.25');
  expect(balanceCalls).toEqual([]);
});

test('the ledger report shows each movement with the balance after it', async ({
  page,
  request,
}, info) => {
  const retailer = await givenUser(request, { role: RETAILER, name: 'Bhavna Shah', rupees: '900' });
  const recipient = await givenUser(request, { role: COUNTER, name: 'Tarun Bose' });
  const login = await request.post('/api/auth/login', {
    data: { mobile: retailer.mobile, password: retailer.password },
  });
  const { token } = (await login.json()) as { token: string };
  const moved = await request.post('/api/user/sendMoneyToWallet', {
    headers: { Authorization: `Bearer ${token}`, pin: PIN, 'Idempotency-Key': randomUUID() },
    data: { mobile: recipient.mobile, amount: '150.50', remark: 'Rent share' },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await signInAs(page, retailer);
  await new AdminLayout(page).open('Ledger Report');
  await expect(page).toHaveURL(/\/admin\/ledger$/);
  await expect(page.getByTestId('ledger-opening')).toHaveText('₹0.00');
  await expect(page.getByTestId('ledger-closing')).toHaveText('₹749.50');
  const lines = page.locator('.ant-table-row, .report-card');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: 'Tarun Bose' })).toContainText('₹150.50');
  await expect(lines.filter({ hasText: 'Tarun Bose' })).toContainText('₹749.50');
  await expect(lines.filter({ hasText: '₹900.00' })).toHaveCount(1);
  await page.screenshot({
    path: info.outputPath(`ledger-${info.project.name}.png`),
    fullPage: true,
  });
});
