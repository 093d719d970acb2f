import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  acceptTermsBeforehand,
  AdminLayout,
  givenUser,
  nameInRun,
  signInAs,
  watchConsole,
} from './admin.helpers.js';
import { E2E_ADMIN } from './playwright.config.js';
import {
  givenRemitter,
  providerBook,
  RETAILER,
  sendTransfer,
  shot,
  transferReaches,
} from './dmt.helpers.js';

// Issue 25: DMT as distributors and admins see it: the distributor's commission in My Profit,
// the transfers report by role (with issue 14's engine for dates, totals and CSV), an admin's
// "check now" of a pending transfer, and the receipt on a 58 mm thermal roll. Sandbox provider
// endings (apps/api/src/dmt-transfers/sandbox-dmt-provider.ts): 001 fails, 004 is pending for
// two status enquiries and then succeeds, 007 is a provider that is down (pending until an admin
// resolves it by hand), any other ending (here 219) succeeds at once.

test.use({ permissions: ['geolocation'], geolocation: { latitude: 12.9716, longitude: 77.5946 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptTermsBeforehand(context, baseURL);
});

const PAID = '219';
const PENDING_THEN_PAID = '004';
const PROVIDER_DOWN = '007';
const CLOSED = '001';

/** The rows of a report region: table rows on a wide screen, cards on a phone. */
const rowsOf = (report: Locator) => report.locator('tr.ant-table-row, li.report-card');

/** The Money Transfer screen's list of DMT transfers. */
async function openTransfers(page: Page): Promise<Locator> {
  await new AdminLayout(page).open('Money Transfer');
  await expect(page).toHaveURL(/\/admin\/dmtPayments$/);
  return page.getByRole('region', { name: 'DMT transfers' });
}

async function showQueue(page: Page, queue: string) {
  await page.locator('.dmt-queues').getByText(queue, { exact: true }).click();
}

/**
 * Signs the page in as someone else. The page leaves the console first: a screen still open
 * polls the API, and its calls after the cookies are gone are 401s in the console.
 */
async function switchUser(
  page: Page,
  user: { mobile: string; password: string },
  baseURL: string | undefined,
) {
  await page.goto('about:blank');
  await page.context().clearCookies();
  await acceptTermsBeforehand(page.context(), baseURL);
  await signInAs(page, user);
}

test('a distributor sees the DMT commission of its retailer’s transfer in My Profit, net of TDS', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const distributor = await givenUser(request, { role: 'distributor', name: 'Mohan Traders' });
  const retailer = await givenUser(request, {
    role: RETAILER,
    name: 'Kavita Stores',
    rupees: '5000',
    parentMobile: distributor.mobile,
  });
  const remitter = await givenRemitter(request, retailer, PAID);
  const transfer = await sendTransfer(request, remitter, '1000.00');
  // The shipped "Standard DMT" scheme: ₹10 for up to ₹1,000 (the customer's fee), of which
  // ₹2 is the distributor's; TDS 2% (the distributor's PAN is on file): ₹0.04 withheld.
  expect(transfer.fee).toBe(10);
  await transferReaches(request, remitter.headers, transfer.id, 'processed');

  await signInAs(page, distributor);
  await new AdminLayout(page).open('My Profit');
  await expect(page).toHaveURL(/\/admin\/myProfit$/);
  await expect(page.getByText(/money transfers \(DMT\)/)).toBeVisible();
  const totals = page.locator('.commissions__totals');
  await expect(totals.locator('.ant-statistic').filter({ hasText: 'Gross' })).toContainText(
    '₹2.00',
  );
  await expect(totals.locator('.ant-statistic').filter({ hasText: 'TDS' })).toContainText('₹0.04');
  await expect(totals.locator('.ant-statistic').filter({ hasText: 'Net' })).toContainText('₹1.96');
  // One line, the distributor's own, for one payment today.
  const line = page.locator('tr.ant-table-row, [data-testid="profit-card"]');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(distributor.mobile);
  await expect(line).toContainText(/1 payment|\b1\b/);
  await expect(line).toContainText('₹1.96');
  await shot(page, info, 'views-1-my-profit');
  expect(errors).toEqual([]);
});

test('the DMT report as the shop, its distributor and an admin see it, with queues and the report engine', async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const distributor = await givenUser(request, {
    role: 'distributor',
    name: nameInRun('Asha Distributors', info),
  });
  const shopName = nameInRun('Ravi Kirana', info);
  const retailer = await givenUser(request, {
    role: RETAILER,
    name: shopName,
    rupees: '10000',
    parentMobile: distributor.mobile,
  });
  const otherShop = nameInRun('Noor Mobiles', info);
  const outsider = await givenUser(request, { role: RETAILER, name: otherShop, rupees: '5000' });

  // Payees named by project and attempt: the admin's list holds every run's transfers.
  const [paidTo, waitingTo, closedTo, otherTo] = [
    'Paid Person',
    'Waiting Person',
    'Closed Person',
    'Other Person',
  ].map((name) => nameInRun(name, info)) as [string, string, string, string];
  const paid = await givenRemitter(request, retailer, PAID, { beneficiary: paidTo });
  // Pending for good (the provider down): a 004 would settle at the sweep's first enquiry.
  const pending = await givenRemitter(request, retailer, PROVIDER_DOWN, {
    beneficiary: waitingTo,
  });
  const closed = await givenRemitter(request, retailer, CLOSED, { beneficiary: closedTo });
  const elsewhere = await givenRemitter(request, outsider, PAID, { beneficiary: otherTo });
  const sent = {
    paid: await sendTransfer(request, paid, '1000.00'),
    pending: await sendTransfer(request, pending, '500.00'),
    closed: await sendTransfer(request, closed, '2000.00'),
    elsewhere: await sendTransfer(request, elsewhere, '700.00'),
  };
  await transferReaches(request, paid.headers, sent.paid.id, 'processed');
  await transferReaches(request, pending.headers, sent.pending.id, 'processing');
  await transferReaches(request, closed.headers, sent.closed.id, 'refundPending');
  await transferReaches(request, elsewhere.headers, sent.elsewhere.id, 'processed');

  // The shop: its own three transfers, no shop column, refunds its own.
  await signInAs(page, retailer);
  let report = await openTransfers(page);
  await expect(rowsOf(report)).toHaveCount(3);
  await expect(report).not.toContainText(otherTo);
  await expect(report.getByRole('columnheader', { name: 'Shop' })).toHaveCount(0);
  await shot(page, info, 'views-2-shop-all');
  // The queues, each with how long its transfers have waited.
  await showQueue(page, 'Pending');
  await expect(rowsOf(report)).toHaveCount(1);
  await expect(rowsOf(report)).toContainText(waitingTo);
  await expect(rowsOf(report)).toContainText(/\d+ min/);
  await showQueue(page, 'Refund pending');
  await expect(rowsOf(report)).toHaveCount(1);
  await expect(rowsOf(report)).toContainText(closedTo);
  await expect(rowsOf(report)).toContainText(/\d+ min/);
  await expect(report.getByRole('button', { name: 'Refund with customer OTP' })).toBeVisible();
  await shot(page, info, 'views-3-shop-refund-queue');
  await showQueue(page, 'Success');
  await expect(rowsOf(report)).toHaveCount(1);
  await expect(rowsOf(report)).toContainText(paidTo);
  await expect(rowsOf(report)).not.toContainText(/\d+ min/);

  // The report engine over the same transfers: totals of what moved, and the CSV.
  await page.getByRole('link', { name: 'Report with totals and CSV' }).click();
  await expect(page).toHaveURL(/\/admin\/transactionHistory\?type=dmt$/);
  await expect(page.getByTestId('report-filters')).toContainText('Type: Money transfer (DMT)');
  await expect(page.getByTestId('report-total-count')).toHaveText('3');
  // Only the paid transfer moved money: ₹1,000 and its ₹10 fee.
  await expect(page.getByTestId('report-total-amount')).toHaveText('₹1,000.00');
  await expect(page.getByTestId('report-total-fee')).toHaveText('₹10.00');
  await shot(page, info, 'views-4-shop-engine');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv).toHaveLength(4);
  expect(csv.slice(1).every((row) => row.includes('Money transfer (DMT)'))).toBe(true);
  expect(csv.join('\n')).not.toContain(otherTo);
  // A filter of the engine, kept in the address: the failed one alone, waiting for its refund.
  await page.goto('/admin/transactionHistory?type=dmt&status=failed');
  await expect(page.getByTestId('report-filters')).toContainText('Status: Failed');
  await expect(page.getByTestId('report-total-count')).toHaveText('1');
  await expect(page.getByLabel('Totals')).toContainText('₹2,000.00');

  // The distributor: its network's transfers, with the shop that sent each; no refund button.
  await switchUser(page, distributor, baseURL);
  report = await openTransfers(page);
  await expect(rowsOf(report)).toHaveCount(3);
  await expect(report).not.toContainText(otherTo);
  for (const row of await rowsOf(report).all()) await expect(row).toContainText(shopName);
  await expect(report.getByRole('button', { name: 'Refund with customer OTP' })).toHaveCount(0);
  await expect(report.getByRole('button', { name: 'Check now' })).toHaveCount(0);
  await showQueue(page, 'Refund pending');
  await expect(rowsOf(report)).toHaveCount(1);
  await expect(rowsOf(report)).toContainText(/\d+ min/);
  await shot(page, info, 'views-5-distributor');
  await page.getByRole('link', { name: 'Report with totals and CSV' }).click();
  await expect(page.getByTestId('report-total-count')).toHaveText('3');
  await expect(page.getByTestId('report-total-amount')).toHaveText('₹1,000.00');

  // The admin: every shop's transfers (the other shop's too), with their shops.
  await switchUser(page, E2E_ADMIN, baseURL);
  report = await openTransfers(page);
  await expect(report).toContainText(otherTo);
  await expect(report).toContainText(paidTo);
  await expect(rowsOf(report).filter({ hasText: otherTo })).toContainText(otherShop);
  await expect(rowsOf(report).filter({ hasText: paidTo })).toContainText(shopName);
  await shot(page, info, 'views-6-admin');
  expect(errors).toEqual([]);
});

test('an admin asks the provider about a pending transfer now, and the shop sees it succeed', async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  const retailer = await givenUser(request, {
    role: RETAILER,
    name: nameInRun('Suresh General Store', info),
    rupees: '5000',
  });
  const payee = nameInRun('Pending Payee', info);
  const remitter = await givenRemitter(request, retailer, PENDING_THEN_PAID, {
    beneficiary: payee,
  });
  const { id } = await sendTransfer(request, remitter, '600.00');
  // The provider answered "under process"; its first enquiry is due 15 minutes on (the sweep's),
  // so until then only an admin's "check now" asks.
  await transferReaches(request, remitter.headers, id, 'processing');
  const asked = (await providerBook(id)).statusChecks;
  expect(asked).toBe(0);
  expect((await providerBook(id)).status).toBe('pending');

  await signInAs(page, retailer);
  let report = await openTransfers(page);
  await expect(rowsOf(report).filter({ hasText: payee }).getByTestId('dmt-status')).toHaveText(
    'Pending',
  );
  await expect(report.getByRole('button', { name: 'Check now' })).toHaveCount(0);

  await switchUser(page, E2E_ADMIN, baseURL);
  report = await openTransfers(page);
  await showQueue(page, 'Pending');
  const row = rowsOf(report).filter({ hasText: payee });
  await expect(row.getByTestId('dmt-status')).toHaveText('Pending');
  await expect(row).toContainText(/\d+ min/);
  await shot(page, info, 'views-7-admin-pending');
  // The sandbox's 004: pending to two enquiries, success at the third; each press asks once.
  const said = page.locator('.ant-message-notice');
  for (let checks = asked + 1; checks <= 3; checks += 1) {
    // The press's own answer, not the toast of the press before (still shown for 3 s).
    const answered = page.waitForResponse((response) =>
      response.url().endsWith('/api/dmt/transfer/check'),
    );
    await row.getByRole('button', { name: 'Check now' }).click();
    expect((await answered).ok()).toBe(true);
    if (checks < 3) {
      await expect(said.last()).toHaveText('Still pending at the provider: ask again later.');
      await expect(row.getByTestId('dmt-status')).toHaveText('Pending');
    } else {
      await expect(said.last()).toHaveText(/^Success: UTR SBXD\w+\.$/);
    }
    expect((await providerBook(id)).statusChecks).toBe(checks);
  }
  const utr = /UTR (\w+)/.exec(await said.last().innerText())![1]!;
  await shot(page, info, 'views-8-admin-checked');
  // It has left the pending queue; the whole list shows it paid, with the bank's UTR.
  await expect(row).toHaveCount(0);
  await showQueue(page, 'All');
  await expect(row.getByTestId('dmt-status')).toHaveText('Success');
  await expect(row).toContainText(utr);

  await switchUser(page, retailer, baseURL);
  report = await openTransfers(page);
  const own = rowsOf(report).filter({ hasText: payee });
  await expect(own.getByTestId('dmt-status')).toHaveText('Success');
  await expect(own).toContainText(utr);
  await shot(page, info, 'views-9-shop-paid');
  expect(errors).toEqual([]);
});

/** India's time as the receipt writes it ("28 Nov 2026, 06:05 pm"), whatever the runner's zone. */
const inIndia = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/** 58 mm in CSS pixels (96 per inch) and in PDF points (72 per inch). */
const ROLL_PX = (58 / 25.4) * 96;
const ROLL_PT = (58 / 25.4) * 72;

test('the customer copy of a DMT receipt prints on a 58 mm thermal roll', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const retailer = await givenUser(request, {
    role: RETAILER,
    name: nameInRun('Meena Xerox', info),
    rupees: '5000',
  });
  const payee = nameInRun('Roll Payee', info);
  const remitter = await givenRemitter(request, retailer, PAID, { beneficiary: payee });
  const { id } = await sendTransfer(request, remitter, '1500.00');
  await transferReaches(request, remitter.headers, id, 'processed');
  const listed = await request.post('/api/dmt/transfers', {
    headers: remitter.headers,
    data: { status: 'processed' },
  });
  const transfer = (
    (await listed.json()) as { data: { id: string; utr: string; createdAt: string }[] }
  ).data.find((row) => row.id === id)!;
  expect(transfer.utr).toMatch(/^SBXD/);
  const last4 = remitter.account.slice(-4);

  // The browser's print popup would block the test: count the calls instead.
  await page.addInitScript('window.printed = 0; window.print = () => { window.printed += 1; };');
  await signInAs(page, retailer);
  const report = await openTransfers(page);
  await rowsOf(report).filter({ hasText: payee }).getByRole('button', { name: 'Receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipt' });
  const copy = dialog.getByRole('article', { name: 'Customer copy' });
  await expect(copy.getByTestId('receipt-amount')).toHaveText('₹1,500.00');
  // The customer pays the fee at the counter (1% above ₹1,000), so their copy shows it.
  const lines = {
    'Account number': new RegExp(`^X+${last4}$`),
    'Fee charged': /^₹15\.00$/,
    'Total paid': /^₹1,515\.00$/,
    'Bank reference (UTR)': new RegExp(`^${transfer.utr}$`),
    'Date and time (IST)': new RegExp(`^${inIndia(transfer.createdAt)}$`),
  };
  for (const [label, value] of Object.entries(lines)) {
    await expect(
      copy.locator('.receipt__line').filter({ hasText: label }).locator('dd'),
    ).toHaveText(value);
  }
  await expect(copy).not.toContainText(remitter.account);
  await dialog.getByText('Thermal 58 mm', { exact: true }).click();
  await shot(page, info, 'views-10-receipt');
  await dialog.getByRole('button', { name: 'Print' }).click();
  await expect.poll(() => page.evaluate('window.printed')).toBe(1);

  // On paper: only the print copy, no wider than the roll, nothing running past its edge.
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('body > .receipt-print-copy--thermal');
  await expect(printed).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Receipt' })).toBeHidden();
  const fit = await printed.evaluate((element) => {
    const box = element.getBoundingClientRect();
    let right = box.right;
    for (const child of Array.from(element.querySelectorAll('*')) as (typeof element)[]) {
      const inner = child.getBoundingClientRect();
      if (inner.width > 0) right = Math.max(right, inner.right);
    }
    return { width: box.width, height: box.height, overflow: right - box.right };
  });
  expect(fit.width).toBeGreaterThan(ROLL_PX * 0.8);
  expect(fit.width).toBeLessThanOrEqual(ROLL_PX);
  expect(fit.overflow).toBeLessThanOrEqual(0.5);
  const paper = printed.getByRole('article', { name: 'Customer copy' });
  await expect(paper).toContainText(`XXXX`);
  await expect(paper).toContainText(last4);
  await expect(paper).toContainText('Fee charged');
  await expect(paper).toContainText('₹15.00');
  await expect(paper).toContainText(transfer.utr);
  await expect(paper).toContainText(inIndia(transfer.createdAt));
  await shot(page, info, 'views-11-thermal-print');
  // The page the print asks for is the roll: 58 mm wide and as long as the receipt, one page.
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)];
  expect(boxes, 'one page in the printed PDF').toHaveLength(1);
  const [, width, length] = boxes[0]!.map(Number) as [number, number, number];
  expect(width).toBeCloseTo(ROLL_PT, 0);
  const receiptPt = ((fit.height / 96) * 72) as number;
  expect(length).toBeGreaterThan(receiptPt);
  expect(length).toBeLessThan(receiptPt + 20);
  await page.emulateMedia({ media: 'screen' });
  expect(errors).toEqual([]);
});
