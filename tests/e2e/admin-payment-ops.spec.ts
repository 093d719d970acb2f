import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { currentTestRun, databasePrefix } from '../support/run.mjs';
import { E2E_ADMIN } from './playwright.config.js';
import {
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  signInAs,
  watchConsole,
  type TestUser,
  requestPayout,
  paidUtr,
} from './admin.helpers.js';

// Issue 14: Payment Operations (admins), the Payment Tracker and a receipt's public check.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 12.9716, longitude: 77.5946 } });

const RETAILER = 'khataEmployee2';
const ARTIFACTS = 'tests/.artifacts/screens';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

function shot(page: Page, name: string, project: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  return page.screenshot({ path: `${ARTIFACTS}/${name}-${project}.png`, fullPage: true });
}

const rowWith = (page: Page, text: string) =>
  page.locator('.ant-table-row, .report-card').filter({ hasText: text });

/** The portal's own database (another process), for what a test cannot wait for. */
async function portalDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const run = currentTestRun();
  const client = new pg.Client({
    connectionString: `${run.postgresUrl}/${databasePrefix(run.runId)}_e2e`,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A payout through the API to a fresh sandbox account with this ending (README's rules). */
async function payout(
  request: APIRequestContext,
  user: TestUser,
  rupees: string,
  name: string,
  ending: string,
) {
  return requestPayout(request, user, { rupees, name, ending });
}

test('an admin finds the most overdue stuck payout first and settles it by hand', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const name = info.project.name === 'desktop' ? 'Ramesh Desai' : 'Ramesh Pawar';
  const retailer = await givenUser(request, { role: RETAILER, name, rupees: '5000' });
  // Ending 007: the sandbox bank is down, so both stay "processing" until someone acts.
  const old = await payout(request, retailer, '410', 'Asha Verma', '007');
  const young = await payout(request, retailer, '420', 'Ravi Kumar', '007');
  await portalDb(async (db) => {
    await expect
      .poll(async () => {
        const { rows } = await db.query(
          `SELECT count(*)::int AS sent FROM payouts
            WHERE id = ANY($1) AND status = 'processing' AND send_started_at IS NOT NULL`,
          [[old.id, young.id]],
        );
        return (rows[0] as { sent: number }).sent;
      })
      .toBe(2);
    // As if the bank had been silent for three days (and twenty minutes): the API refuses a
    // manual resolution of a send younger than 10 minutes, and the deadline needs days.
    for (const [id, age] of [
      [old.id, '72 hours'],
      [young.id, '20 minutes'],
    ] as const) {
      await db.query(
        `UPDATE payouts SET created_at = created_at - $2::interval,
                send_started_at = send_started_at - $2::interval WHERE id = $1`,
        [id, age],
      );
    }
  });

  await signInAs(page, { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password });
  await new AdminLayout(page).open('Payment Operations');
  await expect(page).toHaveURL(/\/admin\/paymentOperations$/);
  // The payer's mobile is unique to this test (names repeat across runs on one database).
  const rows = rowWith(page, retailer.mobile);
  await expect(rows).toHaveCount(2);
  // Asked for three India days ago: due by the end of the next day, two days late, ₹200.
  await expect(rows.first()).toContainText('₹410.00');
  await expect(rows.first()).toContainText('2 days late');
  await expect(rows.first()).toContainText('₹200.00');
  await expect(rows.last()).toContainText('₹420.00');
  await expect(rows.last()).toContainText(/Due in \d+ hours?/);
  await shot(page, 'payment-operations', info.project.name);

  await rows.first().getByRole('button', { name: 'Check status' }).click();
  await expect(page.getByText('The payout is processing.')).toBeVisible();
  await rows.first().getByRole('button', { name: 'Resolve…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settle this payment by hand' });
  await expect(dialog).toContainText('₹410.00 to Asha Verma');
  // Issue 23: the internal reason goes to the audit log; the customer's message to the receipt.
  await dialog
    .getByLabel(/^Internal reason, for the audit log/)
    .fill('Bank says the transfer never arrived.');
  await dialog
    .getByLabel(/^Message on the customer.s receipt/)
    .fill('Your bank could not take this payment. The money is back in your wallet.');
  await dialog.getByLabel('PIN').fill(E2E_ADMIN.pin);
  await shot(page, 'payment-operations-resolve', info.project.name);
  await dialog.getByRole('button', { name: 'Mark failed' }).click();
  await expect(page.getByText('The payout is marked failed.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Its money is back now, three days after T: still listed, with the compensation due, below
  // the one still at the bank.
  await expect(rows.last()).toContainText('Back 2 days late');
  await expect(rows.first()).toContainText('₹420.00');
  await shot(page, 'payment-operations-after', info.project.name);

  // The compensation is paid from the row, behind the PIN, for the amount the server counts.
  await rows.last().getByRole('button', { name: 'Pay compensation' }).click();
  const pay = page.getByRole('dialog', { name: 'Pay the compensation' });
  await expect(pay).toContainText('came back 2 days after T + 1: ₹200.00');
  await pay.getByLabel('PIN').fill(E2E_ADMIN.pin);
  await shot(page, 'payment-operations-compensation', info.project.name);
  await pay.getByRole('button', { name: 'Pay ₹200.00' }).click();
  await expect(
    page.getByText("Compensation of ₹200 paid into the customer's wallet."),
  ).toBeVisible();
  await expect(pay).toBeHidden();
  await expect(rows.last().getByTestId('compensation-paid')).toContainText(
    /Compensation paid ₹200\.00 on .+ by \S/,
  );
  await expect(rows.last().getByRole('button', { name: 'Pay compensation' })).toHaveCount(0);
  await shot(page, 'payment-operations-compensation-paid', info.project.name);
  expect(errors).toEqual([]);
});

test("a retailer's printed receipt carries a QR code whose link opens the public check", async ({
  page,
  request,
  browser,
}, info) => {
  test.setTimeout(90_000);
  // The tracker's not-found answer is a 404, which the browser logs.
  const errors = watchConsole(page, [/404/]);
  const name = info.project.name === 'desktop' ? 'Meera Joshi' : 'Meera Kulkarni';
  const retailer = await givenUser(request, { role: RETAILER, name, rupees: '3000' });
  const { id, account, headers } = await payout(request, retailer, '1250', 'Kavita Nair', '129');
  const utr = await paidUtr(request, headers, id);

  await signInAs(page, retailer);
  // The tracker finds it by the bank's reference, with its story and its receipt.
  await new AdminLayout(page).open('Payment Tracker (PG)');
  await expect(page).toHaveURL(/\/admin\/payment-tracker/);
  await page.getByLabel('Order id or UTR').fill(utr);
  await page.getByRole('button', { name: 'Track' }).click();
  const timeline = page.getByLabel('Status timeline');
  await expect(timeline).toContainText('Sent to the bank.');
  await expect(timeline).toContainText(`Paid by the bank. UTR ${utr}.`);
  await expect(page.getByTestId('receipt-verify')).toBeVisible();
  await shot(page, 'payment-tracker', info.project.name);
  await page.getByLabel('Order id or UTR').fill('KH9999999999');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(
    page.getByText('No payment with this order id or UTR was found in your network.'),
  ).toBeVisible();

  // Print the receipt from the Transaction Report: the printed copy carries the QR code.
  await new AdminLayout(page).open('Transaction Report');
  await page.evaluate(() => {
    (globalThis as unknown as { print: () => void }).print = () => undefined;
  });
  await rowWith(page, 'Kavita Nair')
    .getByRole('button', { name: /^Receipt of/ })
    .click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-verify').locator('svg')).toBeVisible();
  const printed = page.locator('.receipt-print-copy').getByTestId('receipt-verify');
  // A click while the dialog still slides in can miss the button: click until it prints.
  await expect(async () => {
    await receipt.getByRole('button', { name: 'Print' }).click();
    await expect(printed).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const link = await printed.getAttribute('data-verify-url');
  expect(link).toMatch(/\/verify\/[A-Za-z0-9-]+_[A-Za-z0-9_-]{22}$/);
  await shot(page, 'receipt-qr', info.project.name);

  // A stranger (no session) scans it: the public page, with no admin-area code loaded.
  const stranger = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const phone = await stranger.newPage();
  const scripts: Promise<string>[] = [];
  phone.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await phone.goto(link!);
  const verified = phone.getByTestId('verified-receipt');
  await expect(verified).toContainText('₹1,250.00');
  await expect(verified).toContainText('Paid to the bank account.');
  await expect(verified).toContainText(utr);
  await expect(verified).toContainText(`XXXX${account.slice(-4)}`);
  const text = await phone.locator('#main').innerText();
  for (const hidden of [name, retailer.mobile, 'Kavita Nair']) expect(text).not.toContain(hidden);
  for (const script of await Promise.all(scripts)) {
    expect(script).not.toContain('receipt__verify');
    expect(script).not.toContain('payment-ops__summary');
  }
  await phone.screenshot({
    path: `${ARTIFACTS}/verify-receipt-${info.project.name}.png`,
    fullPage: true,
  });
  // A link nobody made reads as not found.
  const forged = link!.slice(0, -5) + (link!.at(-5) === 'A' ? 'B' : 'A') + link!.slice(-4);
  await phone.goto(forged);
  await expect(phone.getByText('No receipt matches this link.', { exact: false })).toBeVisible();
  await phone.screenshot({
    path: `${ARTIFACTS}/verify-receipt-unknown-${info.project.name}.png`,
    fullPage: true,
  });
  await stranger.close();
  expect(errors).toEqual([]);
});
