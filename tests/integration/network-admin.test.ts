import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminBalanceAnswer, AdminDashboardAnswer, CompanyAccountAnswer } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { fund, payoutReaches, saveBeneficiary, systemBalance } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

type Receipt = { transactionRecord: { _id: string; status: string; fee: number } };

async function payOut(api: TestApi, user: GivenUser, token: string, rupees: number) {
  const payee = await saveBeneficiary(api, user, { ending: '123' });
  const answer = await call<Receipt>(`${api.url}/api/payment/bankTransfer`, {
    body: {
      amount: rupees,
      beneficiaryName: payee.name,
      beneficiaryAccountNumber: payee.accountNumber,
      beneficiaryIfscCode: payee.ifsc,
    },
    headers: { ...bearer(token), pin: user.pin, 'idempotency-key': randomUUID() },
  });
  expect(answer.status).toBe(200);
  return answer.body.transactionRecord;
}

/** The company's own accounts against `/admin/checkBalance`, after payouts have paid fees. */
describe('the admin account: the company accounts from the ledger', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(() => api.close());

  const company = () =>
    call<CompanyAccountAnswer>(`${api.url}/api/admin/companyAccount`, {
      body: {},
      headers: bearer(adminToken),
    });
  const checkBalance = () =>
    call<AdminBalanceAnswer>(`${api.url}/api/admin/checkBalance`, {
      body: {},
      headers: bearer(adminToken),
    });

  it('adds up to what checkBalance answers, with fee income and every system account', async () => {
    await fund(api, admin, 10_000_00);
    const retailer = await given(api).user();
    await fund(api, retailer, 5_000_00);
    const paid = [
      await payOut(api, admin, adminToken, 1_500),
      await payOut(api, retailer, await signIn(api, retailer), 300),
    ];
    for (const record of paid) await payoutReaches(api, record._id, ['processed']);

    const [accounts, balance] = [await company(), await checkBalance()];
    expect(accounts.status).toBe(200);
    expect(accounts.body.total).toBe(balance.body.balance);
    expect(accounts.body.mainBalance).toBe(balance.body.accountDetails.balance.mainBalance);
    expect(accounts.body.profitArea).toEqual(balance.body.accountDetails.profitArea);
    const fees = paid.reduce((sum, record) => sum + record.fee, 0);
    expect(fees).toBeGreaterThan(0);
    expect(accounts.body.mainBalance).toBe(10_000 - 1_500 - paid[0]!.fee);
    expect(accounts.body.feeIncome * 100).toBe(await systemBalance(api, 'system:fee_income'));
    // The fees less the GST inside them (issue 13) and any uplines' commission (none here).
    const gst = (await systemBalance(api, 'system:gst_payable')) / 100;
    expect(gst).toBeGreaterThan(0);
    expect(accounts.body.feeIncome + gst).toBeGreaterThanOrEqual(fees);
    expect(accounts.body.systemAccounts.map((account) => account.kind)).toEqual([
      'system:bank_settlement',
      'system:compensation',
      'system:fee_income',
      'system:funding',
      'system:gst_payable',
      'system:payout_clearing',
      'system:pg_clearing',
      'system:tds_payable',
    ]);
    for (const { kind, balance: rupees } of accounts.body.systemAccounts) {
      expect(Math.round(rupees * 100)).toBe(await systemBalance(api, kind));
    }
  });
});

/** The dashboard's figures, on a process with no worker so payouts stay in flight. */
describe('the admin dashboard', () => {
  let api: TestApi;
  const clock = new MovableClock();
  let admin: GivenUser;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi({ KHATA_PROCESS: 'api' }, { clock });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(() => api.close());

  const dashboard = async (token = adminToken) => {
    const answer = await call<AdminDashboardAnswer>(`${api.url}/api/admin/dashboard`, {
      body: {},
      headers: bearer(token),
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const active = (answer: AdminDashboardAnswer, role: string) =>
    answer.usersByRole.find((entry) => entry.role === role)?.active ?? 0;
  const payouts = (answer: AdminDashboardAnswer, status: string) =>
    answer.payoutsToday.find((entry) => entry.status === status) ?? { count: 0, amount: 0 };

  it('counts users, float, volume, payouts and the queues as they change', async () => {
    const before = await dashboard();
    expect(before.scope).toBe('everyone');

    const retailer = await given(api).user({ role: 'user' });
    await given(api).user({ role: 'user', status: 'blocked' });
    await fund(api, retailer, 2_000_00);
    await saveBeneficiary(api, retailer, { kind: 'aeps', activation: 'pending' });
    const newcomer = await given(api).user({ role: 'khataEmployee1', kyc: 'none' });
    // Its KYC sent (kyc.test.ts sends it through the API): the queue has one more.
    await query(api, `UPDATE users SET kyc_state = 'submitted' WHERE id = $1`, [newcomer.id]);
    const record = await payOut(api, retailer, await signIn(api, retailer), 700);

    // Today's volume reads the read model, projected just after the payout's commit.
    const after = await eventually(async () => {
      const answer = await dashboard();
      return answer.todayVolume > before.todayVolume ? answer : undefined;
    });
    expect(active(after, 'user')).toBe(active(before, 'user') + 1);
    const blocked = (answer: AdminDashboardAnswer) =>
      answer.usersByRole.find((entry) => entry.role === 'user')?.blocked ?? 0;
    expect(blocked(after)).toBe(blocked(before) + 1);
    expect(after.walletFloat).toBe(before.walletFloat + 2_000);
    expect(after.todayVolume).toBe(before.todayVolume + 700);
    expect(payouts(after, 'queued')).toEqual({
      status: 'queued',
      count: payouts(before, 'queued').count + 1,
      amount: payouts(before, 'queued').amount + 700,
    });
    expect(after.queues!.aepsAccountsPending).toBe(before.queues!.aepsAccountsPending + 1);
    expect(after.queues!.kycWaiting).toBe(before.queues!.kycWaiting + 1);
    expect(after.queues!.stuckPayouts).toBe(before.queues!.stuckPayouts);

    // No change for 15 minutes and more: the payout is stuck.
    clock.advance({ minutes: 16 });
    const later = await dashboard();
    expect(later.queues!.stuckPayouts).toBeGreaterThanOrEqual(before.queues!.stuckPayouts + 1);
    clock.reset();
    expect(record.status).toBe('queued');
  });

  it("shows a distributor its own network's figures and no queues", async () => {
    const sd = await given(api).user({ role: 'sdistributor' });
    const d = await given(api).user({ role: 'distributor', parent: sd });
    const r = await given(api).user({ role: 'khataEmployee2', parent: d });
    const outsider = await given(api).user({ role: 'khataEmployee2' });
    await fund(api, r, 300_00);
    await fund(api, outsider, 900_00);
    const answer = await dashboard(await signIn(api, sd));
    expect(answer).toEqual({
      success: true,
      scope: 'downline',
      usersByRole: [
        { role: 'distributor', active: 1, blocked: 0 },
        { role: 'khataEmployee2', active: 1, blocked: 0 },
        { role: 'sdistributor', active: 1, blocked: 0 },
      ],
      walletFloat: 300,
      todayVolume: 0,
      payoutsToday: [],
      queues: null,
      // Issue 13: the fund requests this distributor approves (none here).
      fundRequestsWaiting: 0,
    });
  });

  it('shows a staff employee the whole network without the queues, and a plain employee nothing', async () => {
    const staff = await given(api).user({ role: 'khataEmployee1', services: ['wallet', 'staff'] });
    const plain = await given(api).user({ role: 'khataEmployee1' });
    const seen = await dashboard(await signIn(api, staff));
    const admins = await dashboard();
    expect(seen).toMatchObject({ success: true, scope: 'everyone', queues: null });
    expect(seen.walletFloat).toBe(admins.walletFloat);
    const refused = await call(`${api.url}/api/admin/dashboard`, {
      body: {},
      headers: bearer(await signIn(api, plain)),
    });
    expect(refused.status).toBe(403);
  });
});
