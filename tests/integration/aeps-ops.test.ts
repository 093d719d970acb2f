/**
 * AEPS in the back office (issue 26): Payment Operations, Monthly Stats and the transaction
 * report, on a fresh database (so the month holds only this file's transactions) with the
 * sandbox AEPS provider, whose test Aadhaar numbers choose its answer (00 success, 01
 * insufficient funds, 04 debited but failed).
 *
 * A shop under a distributor under a super distributor serves ₹2,500 and ₹1,000 withdrawals,
 * a ₹500 Aadhaar Pay, a balance enquiry, a refused withdrawal and one the bank debited but
 * failed. Then:
 * - Monthly Stats counts the two withdrawals and the Aadhaar Pay with the commission paid on
 *   them, and its four reconciliation lines stay green (the taxes line sums the uplines' split
 *   lines against their commission accounts, the shop's line being paid to its wallet);
 * - for the India day, the admin's AEPS list, the transaction report filtered to each AEPS
 *   type and Monthly Stats' daily volume agree on count and amount;
 * - Payment Operations shows the debited failure alone, with RBI's T + 5 deadline, and with
 *   the clock 7 India days on, 2 days late and ₹200 of exposure.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AEPS_LATE_REVERSAL_PER_DAY,
  DEFAULT_SCHEMES,
  addDays,
  indiaDay,
  indiaMonth,
  quoteScheme,
  type MonthlyStats,
  type PaymentOperationsAnswer,
} from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { testAadhaar, testPid } from '../support/aeps.js';
import { clearOfIndiaMidnight, MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

interface Txn {
  id: string;
  kind: string;
  status: string;
  amount: number;
  merchantFee: number;
  aadhaar: string;
  rrn: string | null;
  bankName: string;
  bankDebited: boolean;
  createdAt: string;
}
interface ReportAnswer {
  data: { _id: string; type: string; status: string }[];
  total: number;
  totals: { count: number; amount: number; fee: number };
}

const paise = (rupees: number) => Math.round(rupees * 100);

describe('AEPS on Payment Operations, Monthly Stats and the transaction report', () => {
  let api: TestApi;
  const clock = new MovableClock();
  let admin: GivenUser;
  let adminToken: string;
  let shop: GivenUser;
  let shopToken: string;
  let day: string;
  const done: Txn[] = [];
  let debited: Txn;

  const aeps = <T>(path: string, body: object, headers: Record<string, string> = {}) =>
    call<T>(`${api.url}/api/aeps/${path}`, { body, headers: { ...bearer(shopToken), ...headers } });

  async function transact(body: Record<string, unknown>): Promise<Txn> {
    const answer = await aeps<{ data: Txn }>(
      'transactions',
      { bankIin: '607094', mobile: '9876543210', pid: testPid(), ...body },
      { 'idempotency-key': randomUUID() },
    );
    expect(answer.status).toBe(200);
    return answer.body.data;
  }

  const monthlyStats = async (month: string) => {
    const answer = await call<{ data: MonthlyStats }>(`${api.url}/api/admin/monthlyStats`, {
      body: { month },
      headers: bearer(adminToken),
    });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    // Every transaction and every read below falls on one India day.
    await clearOfIndiaMidnight(180_000);
    api = await startTestApi({ LOG_LEVEL: 'silent' }, { clock });
    admin = await given(api).user({ role: 'admin', services: [] });
    const sd = await given(api).user({ role: 'sdistributor', parent: admin });
    const distributor = await given(api).user({ role: 'distributor', parent: sd });
    shop = await given(api).user({ parent: distributor });
    shopToken = await signIn(api, shop);
    adminToken = await signIn(api, admin);
    expect((await aeps('agent/register', { aadhaar: testAadhaar(), pid: testPid() })).status).toBe(
      200,
    );
    expect((await aeps('agent/daily-auth', { pid: testPid() })).status).toBe(200);

    day = indiaDay(clock.now());
    done.push(await transact({ kind: 'withdrawal', aadhaar: testAadhaar(), amount: 2500 }));
    done.push(await transact({ kind: 'withdrawal', aadhaar: testAadhaar(), amount: 1000 }));
    done.push(await transact({ kind: 'aadhaarPay', aadhaar: testAadhaar(), amount: 500 }));
    expect(done.map((txn) => txn.status)).toEqual(['processed', 'processed', 'processed']);
    // Nothing moves for these: an enquiry, a refusal, and a debit the bank failed.
    expect((await transact({ kind: 'balance', aadhaar: testAadhaar() })).status).toBe('processed');
    expect(
      (await transact({ kind: 'withdrawal', aadhaar: testAadhaar('01'), amount: 700 })).status,
    ).toBe('failed');
    debited = await transact({ kind: 'withdrawal', aadhaar: testAadhaar('04'), amount: 1500 });
    expect(debited).toMatchObject({ status: 'failed', bankDebited: true });
  });
  afterAll(async () => {
    await api.close();
  });

  it('counts the withdrawals and the Aadhaar Pay with their commission, every line green', async () => {
    const stats = await monthlyStats(indiaMonth(clock.now()));
    // The scheme's slab fee is the whole commission the company pays on a withdrawal (₹13 on
    // ₹2,500), shared by the shop, its distributor and its super distributor.
    const commission = [2500_00, 1000_00].reduce(
      (sum, amount) => sum + quoteScheme(DEFAULT_SCHEMES.aeps, amount).fee,
      0,
    );
    expect(quoteScheme(DEFAULT_SCHEMES.aeps, 2500_00).fee).toBe(13_00);
    const [stored] = await query<{ total: string }>(
      api,
      `SELECT sum((commission->>'total')::bigint)::text AS total FROM aeps_transactions
        WHERE status = 'processed' AND kind = 'withdrawal'`,
    );
    expect(Number(stored!.total)).toBe(commission);
    expect(stats.aeps.withdrawals).toEqual({
      count: 2,
      amount: 3500,
      commission: commission / 100,
      fee: 0,
    });
    // Aadhaar Pay: the merchant's fee (0.5%, GST inside), no commission.
    expect(stats.aeps.aadhaarPay).toEqual({ count: 1, amount: 500, commission: 0, fee: 2.5 });
    expect(done[2]!.merchantFee).toBe(2.5);

    expect(
      Object.fromEntries(stats.reconciliation.map((line) => [line.key, line.differences])),
    ).toEqual({ eventsBalance: [], float: [], readModel: [], taxes: [] });
    expect(stats.reconciliation.map((line) => [line.key, line.ok])).toEqual([
      ['eventsBalance', true],
      ['float', true],
      ['readModel', true],
      ['taxes', true],
    ]);
    expect(stats.reconciled).toBe(true);
    // The taxes line is not green for want of figures: the uplines' commission and the TDS
    // of every line, the shop's included, are in it.
    const figure = (label: string) =>
      stats.reconciliation
        .find((line) => line.key === 'taxes')!
        .figures.find((one) => one.label === label)!.value;
    expect(figure('Commissions in the splits (₹)')).toBeGreaterThan(0);
    expect(figure('Commissions in the splits (₹)')).toBe(figure('Commission accounts moved (₹)'));
    expect(figure('TDS in the splits (₹)')).toBeGreaterThan(0);
    expect(figure('TDS in the splits (₹)')).toBe(figure('TDS payable moved (₹)'));
    expect(figure('GST in the splits (₹)')).toBeGreaterThan(0);
    // The money the banks settle to Khata for AEPS comes in through bank settlement.
    expect(paise(stats.paidToBanks)).toBe(-(3500_00 + 500_00));
  });

  it('agrees for the India day: the AEPS list, the transaction report and Monthly Stats', async () => {
    const list = await call<{ data: Txn[]; total: number }>(
      `${api.url}/api/aeps/transactions?pageSize=100`,
      { method: 'GET', headers: bearer(adminToken) },
    );
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(6);
    const stats = await monthlyStats(indiaMonth(clock.now()));
    for (const [kind, type, label] of [
      ['withdrawal', 'aepsWithdrawal', 'withdrawals'],
      ['aadhaarPay', 'aadhaarPay', 'aadhaarPay'],
    ] as const) {
      const listed = list.body.data.filter(
        (txn) =>
          txn.kind === kind &&
          txn.status === 'processed' &&
          indiaDay(new Date(txn.createdAt)) === day,
      );
      const listedAmount = listed.reduce((sum, txn) => sum + paise(txn.amount), 0);

      const report = await call<ReportAnswer>(`${api.url}/api/reports/transactions`, {
        body: { from: day, to: day, type, pageSize: 100 },
        headers: bearer(adminToken),
      });
      expect(report.status).toBe(200);
      expect(report.body.data.every((row) => row.type === type && row.status === 'processed')).toBe(
        true,
      );
      expect(report.body.data.map((row) => row._id).sort()).toEqual(
        listed.map((txn) => txn.id).sort(),
      );

      const daily = stats.daily.filter(
        (row) => row.day === day && row.service === type && row.status === 'processed',
      );
      const figure = stats.aeps[label];
      const counts = {
        list: [listed.length, listedAmount],
        report: [report.body.totals.count, paise(report.body.totals.amount)],
        daily: [daily.reduce((n, row) => n + row.count, 0), paise(daily[0]?.amount ?? 0)],
        month: [figure.count, paise(figure.amount)],
      };
      const expected = kind === 'withdrawal' ? [2, 3500_00] : [1, 500_00];
      expect(counts).toEqual({
        list: expected,
        report: expected,
        daily: expected,
        month: expected,
      });
    }
  });

  it('shows the debited failure on Payment Operations with its T + 5 deadline, then 2 days late', async () => {
    const operations = async () => {
      const answer = await call<PaymentOperationsAnswer>(
        `${api.url}/api/admin/payouts/operations`,
        { body: {}, headers: bearer(adminToken) },
      );
      expect(answer.status).toBe(200);
      return answer.body.aepsReversals;
    };
    const today = await operations();
    // The refused withdrawal (not debited) and the successes are not on it.
    expect(today.data.map((row) => row.id)).toEqual([debited.id]);
    const row = today.data[0]!;
    expect(row).toMatchObject({
      shop: { id: shop.id, name: shop.name, mobile: shop.mobile },
      aadhaar: debited.aadhaar,
      bankName: debited.bankName,
      bankIin: '607094',
      amount: 1500,
      rrn: debited.rrn,
      transactionDay: day,
      daysLate: 0,
      exposure: 0,
    });
    expect(row.aadhaar).toMatch(/^XXXX XXXX \d{4}$/);
    // Due by the end of T + 5 in India: 23:59:59.999 IST, five India days on.
    expect(row.deadline).toBe(
      new Date(new Date(`${addDays(day, 6)}T00:00:00+05:30`).getTime() - 1).toISOString(),
    );
    expect(today.totals).toEqual({ count: 1, overdue: 0, exposure: 0 });

    clock.advance({ minutes: 7 * 24 * 60 });
    adminToken = await signIn(api, admin);
    const later = await operations();
    expect(later.data.map((one) => [one.id, one.daysLate, one.exposure])).toEqual([
      [debited.id, 2, (2 * AEPS_LATE_REVERSAL_PER_DAY) / 100],
    ]);
    expect(later.data[0]!.exposure).toBe(200);
    expect(later.totals).toEqual({ count: 1, overdue: 1, exposure: 200 });
    // Khata pays nothing here: the ledger holds no event for the failure.
    const [events] = await query<{ n: string }>(
      api,
      'SELECT count(*) AS n FROM ledger_events WHERE stream = $1',
      [`aeps:${debited.id}`],
    );
    expect(Number(events!.n)).toBe(0);
  });
});
