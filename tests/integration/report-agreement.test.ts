/**
 * Issue 23: every report of one day agrees with Monthly Stats, and each line names its order.
 *
 * A day of a retailer's money on a fresh database (so the month holds nothing else): an admin
 * credit, bank payouts paid, failed and paid-then-returned, AEPS settlements paid and failed, a
 * ₹1.11 wallet transfer to another retailer, a lien placed and released, DMT transfers for a
 * walk-in customer paid and failed (issue 25). Then:
 * - the Transaction Report, Bank Payouts, the wallet-transfer, AEPS and DMT reports count the money
 *   that moved (each transaction once) to the paisa of Monthly Stats' figures, and the Day Book
 *   and Ledger Report of the retailer's wallet and AEPS balance agree with them;
 * - the Ledger Report and the Day Book carry each line's order id (the receipt's), which the
 *   Transaction Report's search finds; the Day Book has a CSV with it, and names a lien's
 *   placing and releasing apart;
 * - a CSV keeps a negative number a number (no `'-720.46`), says statuses as the screens do and
 *   writes times in IST.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { indiaMonth, type DayBookAnswer, type MonthlyStats } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import {
  givenDmtBeneficiary,
  givenRemitter,
  lastOtpTo,
  type GivenRemitter,
} from '../support/dmt.js';
import { fund, payoutReaches, saveBeneficiary } from '../support/payouts.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

type Row = Record<string, unknown>;
interface StatusTotal {
  status: string;
  count: number;
  amount: number;
  fee: number;
}
interface ReportAnswer {
  data: { _id: string; status: string; payload: { orderID: string } }[];
  total: number;
  totals: { count: number; amount: number; fee: number; byStatus: StatusTotal[] };
}
interface LedgerAnswer {
  data: {
    orderID: string;
    recordId: string | null;
    kind: string;
    narration: string;
    credit: number;
    debit: number;
    held: number;
  }[];
  totals: { credit: number; debit: number };
}

const paise = (rupees: number) => Math.round(rupees * 100);
const sum = (values: number[]) => values.reduce((total, value) => total + paise(value), 0);

describe('reports of one day agree with Monthly Stats', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  let retailer: GivenUser;
  let retailerToken: string;
  let stats: MonthlyStats;
  const ids: Record<string, string> = {};

  const money = (token: string, pin: string) => ({
    ...bearer(token),
    pin,
    'idempotency-key': randomUUID(),
  });
  const report = (body: Row) =>
    call<ReportAnswer>(`${api.url}/api/reports/transactions`, {
      body: { pageSize: 100, ...body },
      headers: bearer(adminToken),
    });
  const ledger = (account: 'wallet' | 'aeps') =>
    call<LedgerAnswer>(`${api.url}/api/user/ledger`, {
      body: { userId: retailer.id, account, pageSize: 100 },
      headers: bearer(adminToken),
    });
  const dayBook = () =>
    call<DayBookAnswer>(`${api.url}/api/user/dayBook`, {
      body: { dayAgo: 0, userId: retailer.id },
      headers: bearer(adminToken),
    });

  async function pay(ending: string, amount: number, type?: 'aeps') {
    const payee = await saveBeneficiary(api, retailer, {
      ending,
      ...(type && { kind: 'aeps' as const }),
    });
    const answer = await call<{ transactionRecord: { _id: string } }>(
      `${api.url}/api/payment/bankTransfer`,
      {
        body: {
          amount,
          ...(type && { type }),
          beneficiaryName: payee.name,
          beneficiaryAccountNumber: payee.accountNumber,
          beneficiaryIfscCode: payee.ifsc,
          paymentMode: 'IMPS',
        },
        headers: money(retailerToken, retailer.pin),
      },
    );
    expect(answer.status).toBe(200);
    return answer.body.transactionRecord._id;
  }

  /** A DMT transfer for a walk-in customer (issue 25): the customer's OTP, then the shop's PIN. */
  async function transferDmt(remitter: GivenRemitter, ending: string, amount: number) {
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer, { ending });
    const body = { remitterMobile: remitter.mobile, beneficiaryId: beneficiary.id, amount };
    const asked = await call(`${api.url}/api/dmt/transfer/otp`, {
      body: { ...body, mode: 'IMPS' },
      headers: bearer(retailerToken),
    });
    expect(asked.status).toBe(200);
    const answer = await call<{ data: { id: string } }>(`${api.url}/api/dmt/transfer`, {
      body: { ...body, mode: 'IMPS', otp: lastOtpTo(api, remitter.mobile) },
      headers: money(retailerToken, retailer.pin),
    });
    expect(answer.status).toBe(200);
    return answer.body.data.id;
  }

  beforeAll(async () => {
    api = await startTestApi({
      LOG_LEVEL: 'silent',
      RAIL_SANDBOX_LATENCY_MS: '50',
      RAIL_SANDBOX_RETURN_AFTER_MS: '200',
      PAYOUT_RETURN_CHECK_AFTER_MS: '1000',
      PAYOUT_SWEEP_INTERVAL_MS: '300',
    });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
    const services = ['wallet', 'payout', 'aepsAccount', 'aepsSettlement', 'dmt'];
    retailer = await given(api).user({ services });
    const other = await given(api).user({ services });
    retailerToken = await signIn(api, retailer);

    const credited = await call(`${api.url}/api/admin/creditWallet`, {
      body: { mobile: retailer.mobile, amount: 20000, remark: 'float' },
      headers: money(adminToken, admin.pin),
    });
    expect(credited.status).toBe(200);
    await fund(api, retailer, 10000_00, 'aeps');

    ids.paid = await pay('123', 1000);
    ids.failed = await pay('001', 720);
    ids.returned = await pay('002', 700);
    ids.aepsPaid = await pay('123', 2000, 'aeps');
    ids.aepsFailed = await pay('001', 300, 'aeps');
    await payoutReaches(api, ids.paid, ['processed']);
    await payoutReaches(api, ids.failed, ['failed']);
    await payoutReaches(api, ids.returned, ['reversed']);
    await payoutReaches(api, ids.aepsPaid, ['processed']);
    await payoutReaches(api, ids.aepsFailed, ['failed']);
    const remitter = await givenRemitter(api, retailer);
    ids.dmtPaid = await transferDmt(remitter, '123', 1500);
    ids.dmtFailed = await transferDmt(remitter, '001', 400);

    const sent = await call(`${api.url}/api/user/sendMoneyToWallet`, {
      body: { mobile: other.mobile, amount: 1.11, remark: 'change' },
      headers: money(retailerToken, retailer.pin),
    });
    expect(sent.status).toBe(200);

    const lien = await call<{ data: { id: string } }>(`${api.url}/api/admin/lien`, {
      body: { userId: retailer.id, amount: '50', reason: 'chargeback' },
      headers: money(adminToken, admin.pin),
    });
    expect(lien.status).toBe(200);
    const released = await call(`${api.url}/api/admin/lien/release`, {
      body: { id: lien.body.data.id, reason: 'settled' },
      headers: money(adminToken, admin.pin),
    });
    expect(released.status).toBe(200);

    // The read model follows the log: wait until every status has reached the reports.
    await eventually(async () => {
      const all = await report({});
      const statuses = Object.fromEntries(all.body.data.map((row) => [row._id, row.status]));
      return statuses[ids.paid] === 'processed' &&
        statuses[ids.failed] === 'failed' &&
        statuses[ids.returned] === 'reversed' &&
        statuses[ids.aepsPaid] === 'processed' &&
        statuses[ids.aepsFailed] === 'failed' &&
        statuses[ids.dmtPaid] === 'processed' &&
        statuses[ids.dmtFailed] === 'failed'
        ? true
        : undefined;
    });
    const answer = await call<{ data: MonthlyStats }>(`${api.url}/api/admin/monthlyStats`, {
      body: { month: indiaMonth(new Date()) },
      headers: bearer(adminToken),
    });
    expect(answer.status).toBe(200);
    stats = answer.body.data;
  }, 90_000);
  afterAll(async () => {
    await api?.close();
  });

  const byStatus = (rows: StatusTotal[]) =>
    Object.fromEntries(
      rows.map((row) => [row.status, [row.count, paise(row.amount), paise(row.fee)]]),
    );
  const statusesOf = (rows: MonthlyStats['payouts']) =>
    byStatus(rows.map((row) => ({ ...row, fee: row.fee ?? 0 })));

  it('counts the money that moved, each transaction once, as Monthly Stats does', async () => {
    const payouts = (await report({ report: 'payouts' })).body.totals;
    const aeps = (await report({ report: 'aepsSettlements' })).body.totals;
    const dmt = (await report({ report: 'dmtTransfers' })).body.totals;
    const transfers = (await report({ report: 'walletTransfers' })).body.totals;
    const all = (await report({})).body.totals;

    // Each status as Monthly Stats has it: how many, their amount and fee.
    expect(byStatus(payouts.byStatus)).toEqual(statusesOf(stats.payouts));
    expect(byStatus(aeps.byStatus)).toEqual(statusesOf(stats.aepsSettlements));
    expect(byStatus(dmt.byStatus)).toEqual(statusesOf(stats.dmtTransfers));
    // What moved: paid to banks, the fees charged (a failed or returned payout's fee came back;
    // a failed DMT transfer's fee is held for the customer's refund, never charged).
    expect(paise(payouts.amount) + paise(aeps.amount) + paise(dmt.amount)).toBe(
      paise(stats.paidToBanks),
    );
    expect(paise(payouts.fee) + paise(aeps.fee) + paise(dmt.fee)).toBe(paise(stats.fees.charged));
    expect(paise(payouts.amount)).toBe(1000_00);
    expect([dmt.count, paise(dmt.amount)]).toEqual([2, 1500_00]);
    // One ₹1.11 transfer is ₹1.11, not both of its sides.
    expect([transfers.count, paise(transfers.amount)]).toEqual([
      stats.transfers.count,
      paise(stats.transfers.amount),
    ]);
    expect([transfers.count, paise(transfers.amount)]).toEqual([1, 111]);
    // Every type together.
    expect(paise(all.amount)).toBe(
      paise(stats.credits.adminCredits.amount) +
        paise(stats.transfers.amount) +
        paise(stats.paidToBanks),
    );
    expect(paise(all.fee)).toBe(paise(stats.fees.charged));
    expect(all.count).toBe(
      stats.credits.adminCredits.count +
        stats.transfers.count +
        [...stats.payouts, ...stats.aepsSettlements, ...stats.dmtTransfers].reduce(
          (n, row) => n + row.count,
          0,
        ),
    );

    // The retailer's Day Book and Ledger Report: the payouts' and DMT transfers' net debit is
    // what was paid, the fees' net what Monthly Stats charged (wallet for payouts and DMT, AEPS
    // balance for settlements).
    const book = (await dayBook()).body;
    const net = (service: string) => {
      const total = book.totals.find((row) => row.service === service);
      return paise(total?.debit ?? 0) - paise(total?.credit ?? 0);
    };
    expect(net('payout')).toBe(paise(payouts.amount));
    expect(net('dmt')).toBe(paise(dmt.amount));
    expect(net('fee')).toBe(paise(payouts.fee) + paise(dmt.fee));
    const wallet = (await ledger('wallet')).body;
    expect(paise(wallet.totals.debit) - paise(wallet.totals.credit)).toBe(
      paise(book.totalDebit) - paise(book.totalCredit),
    );
    const aepsLines = (await ledger('aeps')).body.data;
    const feeLines = aepsLines.filter((line) => line.kind === 'fee');
    expect(sum(feeLines.map((l) => l.debit)) - sum(feeLines.map((l) => l.credit))).toBe(
      paise(aeps.fee),
    );
  });

  it("gives each ledger and day book line its transaction's order id, which the search finds", async () => {
    const receipt = (await report({ search: ids.returned })).body.data[0]!;
    const orderID = receipt.payload.orderID;
    const wallet = (await ledger('wallet')).body.data;
    const lines = wallet.filter((line) => line.recordId === ids.returned);
    // Held, paid (amount and fee), returned (amount and fee): every line says the one order.
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(new Set(lines.map((line) => line.orderID))).toEqual(new Set([orderID]));
    for (const line of wallet.filter((l) => l.recordId)) {
      const found = await report({ search: line.orderID });
      expect(found.body.data.map((row) => row._id)).toContain(line.recordId);
    }
    const book = (await dayBook()).body;
    expect(
      new Set(book.lines.filter((l) => l.recordId === ids.returned).map((l) => l.orderID)),
    ).toEqual(new Set([orderID]));
    // A lien's two rows say which is which.
    const labels = book.totals.map((row) => row.label);
    expect(labels).toEqual(expect.arrayContaining(['Lien placed', 'Lien released']));
    expect(labels).not.toContain('Lien');

    const csv = await call<{ csv: string }>(`${api.url}/api/user/dayBook/csv`, {
      body: { dayAgo: 0, userId: retailer.id },
      headers: bearer(adminToken),
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="day-book-${retailer.mobile}-${book.day}.csv"`,
    );
    const rows = csv.body.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'Date (IST),Reference,Narration,Transaction,Debit (INR),Credit (INR),On hold (INR),Balance after (INR)',
    );
    expect(rows).toHaveLength(book.lines.length + 1);
    expect(rows.filter((row) => row.includes(`,${orderID},`)).length).toBe(
      book.lines.filter((l) => l.orderID === orderID).length,
    );
    // Another network's user is not found, as for the day book itself.
    const refused = await call(`${api.url}/api/user/dayBook/csv`, {
      body: { dayAgo: 0, userId: admin.id },
      headers: bearer(retailerToken),
    });
    expect(refused.status).toBe(404);
  });

  it('keeps negative numbers numbers in a CSV, statuses as the screens say them, times in IST', async () => {
    const answer = await call<{ csv: string }>(`${api.url}/api/user/ledger/csv`, {
      body: { userId: retailer.id, account: 'wallet' },
      headers: bearer(adminToken),
    });
    expect(answer.status).toBe(200);
    // The failed ₹720 payout's hold released: ₹720 and its fee freed, a negative number.
    expect(answer.body.csv).toMatch(/,-7\d\d\.\d\d,/);
    expect(answer.body.csv).not.toContain("'-");
    expect(answer.body.csv).toMatch(/\r\n\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},KH\d+,/);

    const payouts = await call<{ csv: string }>(`${api.url}/api/reports/transactions.csv`, {
      body: { report: 'payouts' },
      headers: bearer(adminToken),
    });
    const lines = payouts.body.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.startsWith('Date (IST),')).toBe(true);
    expect(lines.find((line) => line.includes(ids.failed))).toContain(',Debit,Failed,720.00,');
    expect(lines.find((line) => line.includes(ids.returned))).toContain(',Reversed,700.00,');
    expect(lines.find((line) => line.includes(ids.paid))).toContain(',Processed,1000.00,');
  });
});
