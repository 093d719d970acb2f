import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { indiaDay, KycMessages } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { DataAtRest } from '../../apps/api/src/common/crypto/data-at-rest.js';
import { putPanOnFile } from '../support/data-at-rest.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import {
  accountOf,
  fund,
  ledgerViolations,
  payoutReaches,
  saveBeneficiary,
  streamEvents,
  systemBalance,
} from '../support/payouts.js';
import { heard, socketClients } from '../support/sockets.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

const PLAIN_SLAB = {
  upTo: null,
  fee: { flatBase: 40 },
  distributor: { flatBase: 8 },
  superDistributor: { flatBase: 3 },
};

type Body = Record<string, unknown> & {
  transactionRecord: Record<string, unknown> & { _id: string; status: string };
};

/**
 * Issue 13, commissions with TDS and GST, on the real API, Postgres, worker and sandbox rail:
 * a retailer under a distributor under a super distributor pays out; the processed event
 * carries every leg of the fee; a late return reverses every leg; schemes and tax rates.
 */
describe('commissions, TDS and GST on payouts', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi({
      LOG_LEVEL: 'silent',
      RAIL_SANDBOX_LATENCY_MS: '300',
      RAIL_SANDBOX_RETURN_AFTER_MS: '200',
      PAYOUT_RETURN_CHECK_AFTER_MS: '1000',
      PAYOUT_SWEEP_INTERVAL_MS: '300',
    });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  const sockets = socketClients();
  afterAll(async () => {
    sockets.closeAll();
    await api.close();
  });

  /** A super distributor (no PAN), its distributor (PAN on file) and their retailer. */
  async function network(rupees: number) {
    const sd = await given(api).user({ role: 'sdistributor', parent: admin });
    const distributor = await given(api).user({ role: 'distributor', parent: sd });
    const retailer = await given(api).user({ parent: distributor });
    await putPanOnFile(
      (sql, params) => query(api, sql, params),
      api.app.get(DataAtRest),
      distributor.id,
    );
    if (rupees > 0) await fund(api, retailer, rupees * 100);
    return { sd, distributor, retailer, token: await signIn(api, retailer) };
  }

  async function pay(
    who: { retailer: GivenUser; token: string },
    beneficiary: { accountNumber: string; ifsc: string; name: string },
    amount: number,
  ) {
    return call<Body>(`${api.url}/api/payment/bankTransfer`, {
      body: {
        amount,
        beneficiaryName: beneficiary.name,
        beneficiaryAccountNumber: beneficiary.accountNumber,
        beneficiaryIfscCode: beneficiary.ifsc,
        paymentMode: 'IMPS',
      },
      headers: { ...bearer(who.token), pin: who.retailer.pin, 'idempotency-key': randomUUID() },
    });
  }

  async function commissionOf(userId: string): Promise<number> {
    const [row] = await query<{ posted: string }>(
      api,
      `SELECT credits_posted - debits_posted AS posted FROM ledger_accounts
        WHERE owner_id = $1 AND kind = 'commission'`,
      [userId],
    );
    return Number(row!.posted);
  }

  const SYSTEM = ['system:fee_income', 'system:tds_payable', 'system:gst_payable'] as const;
  async function systemBalances() {
    return Object.fromEntries(
      await Promise.all(SYSTEM.map(async (kind) => [kind, await systemBalance(api, kind)])),
    ) as Record<(typeof SYSTEM)[number], number>;
  }

  async function legsOf(stream: string, type: string) {
    return query<{ kind: string; owner_id: string | null; amount: string }>(
      api,
      `SELECT a.kind, a.owner_id, p.amount FROM ledger_postings p
         JOIN ledger_events e ON e.seq = p.event_seq JOIN ledger_accounts a ON a.id = p.account_id
        WHERE e.stream = $1 AND e.type = $2 ORDER BY p.id`,
      [stream, type],
    );
  }

  it('names an upline approved with no PAN on file, lets it add a PAN once, and then withholds TDS at 2%, not 20%', async () => {
    const net = await network(1000);
    const sdToken = await signIn(api, net.sd);
    const kyc = async () =>
      (
        await call<{ kyc: Record<string, unknown> }>(`${api.url}/api/user/kycStatus`, {
          body: {},
          headers: bearer(sdToken),
        })
      ).body.kyc;
    const withoutPan = async () =>
      (
        await call<{ data: { id: string }[] }>(`${api.url}/api/admin/commissionEarnersWithoutPan`, {
          body: {},
          headers: bearer(adminToken),
        })
      ).body.data.map((earner) => earner.id);
    const listed = async () =>
      (
        await call<{ data: Record<string, unknown>[] }>(`${api.url}/api/admin/users`, {
          body: { search: net.sd.mobile },
          headers: bearer(adminToken),
        })
      ).body.data[0];
    const addPan = (pan: string) =>
      call<{ message: string }>(`${api.url}/api/user/pan`, {
        body: { pan },
        headers: bearer(sdToken),
      });

    // Approved before KYC existed: nothing was checked and no PAN is on file.
    expect(await kyc()).toMatchObject({ state: 'approved', checked: false, panOnFile: false });
    expect(await listed()).toMatchObject({
      kycState: 'approved',
      kycChecked: false,
      panOnFile: false,
    });
    expect(await withoutPan()).toContain(net.sd.id);
    expect(await withoutPan()).not.toContain(net.distributor.id);

    const bad = await addPan('ABCD1234F');
    expect({ status: bad.status, message: bad.body.message }).toEqual({
      status: 400,
      message: KycMessages.panInvalid,
    });
    const added = await addPan('abcpe1234k');
    expect({ status: added.status, message: added.body.message }).toEqual({
      status: 200,
      message: 'Your PAN is on file.',
    });
    const again = await addPan('ZZZPZ9999Z');
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: 'Your PAN is already on file. To change it, send your KYC again.',
    });
    const [onFile] = await query<{ pan_sealed: string; kyc_state: string }>(
      api,
      'SELECT pan_sealed, kyc_state FROM users WHERE id = $1',
      [net.sd.id],
    );
    expect(onFile!.kyc_state).toBe('approved');
    expect(api.app.get(DataAtRest).open(onFile!.pan_sealed)).toBe('ABCPE1234K');
    expect(await kyc()).toMatchObject({ state: 'approved', checked: false, panOnFile: true });
    expect(await listed()).toMatchObject({ kycChecked: false, panOnFile: true });
    expect(await withoutPan()).not.toContain(net.sd.id);
    expect(
      await query(
        api,
        "SELECT details FROM audit_log WHERE action = 'kyc.pan-added' AND actor_id = $1",
        [net.sd.id],
      ),
    ).toEqual([{ details: { pan: '******234K' } }]);

    const payee = await saveBeneficiary(api, net.retailer, { ending: '123' });
    const answer = await pay(net, payee, 500);
    expect(answer.status).toBe(200);
    const id = answer.body.transactionRecord._id;
    expect(await payoutReaches(api, id, ['processed', 'failed', 'reversed'])).toMatchObject({
      status: 'processed',
    });
    // Super distributor ₹1 less 2% TDS (PAN now on file) = ₹0.98; it was ₹0.80 with 20%.
    expect(await commissionOf(net.sd.id)).toBe(98);
    expect(await commissionOf(net.distributor.id)).toBe(294);
  });

  it('a processed payout pays the distributor and super distributor in the same event, TDS and GST withheld', async () => {
    const net = await network(1000);
    const payee = await saveBeneficiary(api, net.retailer, { ending: '123' });
    const before = await systemBalances();
    // The super distributor watches, as its console does: the commission arrives live.
    const sdToken = await signIn(api, net.sd);
    const live = await sockets.connect(api, { token: sdToken });

    const answer = await pay(net, payee, 500);
    expect(answer.status).toBe(200);
    expect(answer.body.transactionRecord).toMatchObject({ fee: 15 });
    const id = answer.body.transactionRecord._id;
    expect(await payoutReaches(api, id, ['processed', 'failed', 'reversed'])).toMatchObject({
      status: 'processed',
    });

    // ₹15 fee: GST 18/118 = ₹2.29; distributor ₹3 less 2% TDS (PAN) = ₹2.94; super
    // distributor ₹1 less 20% TDS (no PAN) = ₹0.80; TDS ₹0.26; the company ₹15 − 2.29 − 4.
    expect(await commissionOf(net.distributor.id)).toBe(294);
    expect(await commissionOf(net.sd.id)).toBe(80);
    const after = await systemBalances();
    expect(after['system:tds_payable'] - before['system:tds_payable']).toBe(26);
    expect(after['system:gst_payable'] - before['system:gst_payable']).toBe(229);
    expect(after['system:fee_income'] - before['system:fee_income']).toBe(1500 - 229 - 400);

    const legs = await legsOf(`payout:${id}`, 'payout.processed');
    expect(legs.reduce((sum, leg) => sum + Number(leg.amount), 0)).toBe(0);
    expect(
      legs
        .filter((leg) => leg.kind === 'commission')
        .map((leg) => [leg.owner_id, Number(leg.amount)])
        .sort(),
    ).toEqual(
      [
        [net.distributor.id, 294],
        [net.sd.id, 80],
      ].sort(),
    );
    const [event] = await query<{ split: Record<string, unknown> }>(
      api,
      `SELECT data->'split' AS split FROM ledger_events WHERE stream = $1 AND type = 'payout.processed'`,
      [`payout:${id}`],
    );
    expect(event!.split).toMatchObject({ fee: 1500, gst: 229, tds: 26, company: 871 });
    expect(await ledgerViolations(api)).toEqual([]);

    expect(
      await heard<{ balance: number }>(live, 'balance.updated', (data) => data.balance === 0.8),
    ).toMatchObject({ balance: 0.8, mainBalance: 0 });

    // The super distributor's /admin/checkBalance: main balance plus the profit area.
    const balance = await call<{
      balance: number;
      accountDetails: { profitArea: { commission: number } };
    }>(`${api.url}/api/admin/checkBalance`, { body: {}, headers: bearer(sdToken) });
    expect(balance.body.accountDetails.profitArea.commission).toBe(0.8);
    expect(balance.body.balance).toBe(0.8);

    // My profit: the distributor sees its own day; the admin sees both earners; CSV too.
    const today = indiaDay(new Date());
    const distributorToken = await signIn(api, net.distributor);
    const mine = await call<{ data: Record<string, unknown>[]; total: Record<string, number> }>(
      `${api.url}/api/admin/myProfit`,
      { body: { from: today, to: today, groupBy: 'day' }, headers: bearer(distributorToken) },
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        period: today,
        userId: net.distributor.id,
        gross: 3,
        tds: 0.06,
        net: 2.94,
        count: 1,
      }),
    ]);
    const all = await call<{ data: { userId: string; period: string }[] }>(
      `${api.url}/api/admin/myProfit`,
      { body: { groupBy: 'month' }, headers: bearer(adminToken) },
    );
    expect(all.body.data.map((row) => row.userId)).toEqual(
      expect.arrayContaining([net.distributor.id, net.sd.id]),
    );
    expect(all.body.data[0]!.period).toBe(today.slice(0, 7));
    const csv = await fetch(`${api.url}/api/admin/myProfit/csv`, {
      method: 'POST',
      headers: { ...bearer(distributorToken), 'content-type': 'application/json' },
      body: JSON.stringify({ from: today, to: today }),
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Period,Name,Mobile,Role,Payments,Gross (INR),TDS (INR),Net (INR)');
    expect(lines[1]).toContain(',3.00,0.06,2.94');
  });

  it('a late return reverses every leg: commissions, TDS, GST and the company net to zero', async () => {
    const net = await network(1000);
    const payee = await saveBeneficiary(api, net.retailer, { ending: '002' });
    const before = await systemBalances();

    const id = (await pay(net, payee, 400)).body.transactionRecord._id;
    await payoutReaches(api, id, ['processed', 'failed', 'reversed']);
    await payoutReaches(api, id, ['reversed']);
    const events = await streamEvents(api, `payout:${id}`);
    expect(events).toEqual(expect.arrayContaining(['payout.processed', 'payout.returned']));

    expect(await commissionOf(net.distributor.id)).toBe(0);
    expect(await commissionOf(net.sd.id)).toBe(0);
    expect(await systemBalances()).toEqual(before);
    const processed = await legsOf(`payout:${id}`, 'payout.processed');
    const returned = await legsOf(`payout:${id}`, 'payout.returned');
    const feeLegs = (legs: typeof processed) =>
      legs
        .filter(
          (leg) =>
            leg.kind !== 'system:payout_clearing' &&
            leg.kind !== 'system:bank_settlement' &&
            leg.kind !== 'wallet',
        )
        .map((leg) => `${leg.kind}:${leg.owner_id ?? ''}:${Number(leg.amount)}`);
    expect(feeLegs(returned).sort()).toEqual(
      feeLegs(processed.map((leg) => ({ ...leg, amount: String(-Number(leg.amount)) }))).sort(),
    );
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('an AEPS settlement pays its uplines from the AEPS scheme in the same event', async () => {
    const net = await network(0);
    await fund(api, net.retailer, 30000_00, 'aeps');
    const account = await saveBeneficiary(api, net.retailer, { kind: 'aeps' });
    const before = await systemBalances();
    const answer = await call<Body>(`${api.url}/api/payment/bankTransfer`, {
      body: {
        amount: 20000,
        type: 'aeps',
        beneficiaryName: account.name,
        beneficiaryAccountNumber: account.accountNumber,
        beneficiaryIfscCode: account.ifsc,
        paymentMode: 'IMPS',
      },
      headers: { ...bearer(net.token), pin: net.retailer.pin, 'idempotency-key': randomUUID() },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.transactionRecord).toMatchObject({ type: 'aepsSettlement', fee: 8 });
    const id = answer.body.transactionRecord._id;
    await payoutReaches(api, id, ['processed']);
    // ₹8: GST 122 paise; distributor ₹1 less 2% = ₹0.98; super distributor ₹0.50 less 20%.
    expect(await commissionOf(net.distributor.id)).toBe(98);
    expect(await commissionOf(net.sd.id)).toBe(40);
    const after = await systemBalances();
    expect(after['system:gst_payable'] - before['system:gst_payable']).toBe(122);
    expect(after['system:tds_payable'] - before['system:tds_payable']).toBe(2 + 10);
    expect(after['system:fee_income'] - before['system:fee_income']).toBe(800 - 122 - 150);
    expect(await accountOf(api, net.retailer.id, 'aeps')).toMatchObject({
      posted: 30000_00 - 20008_00,
    });
    const legs = await legsOf(`aeps-settlement:${id}`, 'aeps-settlement.processed');
    expect(legs.reduce((sum, leg) => sum + Number(leg.amount), 0)).toBe(0);
  });

  it('a burst of parallel payouts under one distributor credits each commission exactly once', async () => {
    const net = await network(1000);
    const others = await Promise.all(
      Array.from({ length: 7 }, async () => {
        const retailer = await given(api).user({ parent: net.distributor });
        await fund(api, retailer, 1000_00);
        return { retailer, token: await signIn(api, retailer) };
      }),
    );
    const payers = [{ retailer: net.retailer, token: net.token }, ...others];
    const payees = await Promise.all(
      payers.map((payer) => saveBeneficiary(api, payer.retailer, { ending: '123' })),
    );
    const before = await systemBalances();
    const answers = await Promise.all(payers.map((payer, i) => pay(payer, payees[i]!, 500)));
    expect(answers.map((answer) => answer.status)).toEqual(payers.map(() => 200));
    await Promise.all(
      answers.map((answer) =>
        payoutReaches(api, answer.body.transactionRecord._id, ['processed', 'failed', 'reversed']),
      ),
    );
    expect(await commissionOf(net.distributor.id)).toBe(8 * 294);
    expect(await commissionOf(net.sd.id)).toBe(8 * 80);
    const after = await systemBalances();
    expect(after['system:tds_payable'] - before['system:tds_payable']).toBe(8 * 26);
    expect(after['system:gst_payable'] - before['system:gst_payable']).toBe(8 * 229);
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it("a user's own payout fee (serviceRates.payout) wins over the scheme's; the shares stay the scheme's", async () => {
    const net = await network(1000);
    const set = await call(`${api.url}/api/admin/commissionUserRates`, {
      body: { mobile: net.retailer.mobile, payout: { limit1: { flatBase: 12 }, limit2: null } },
      headers: bearer(adminToken),
    });
    expect(set.status).toBe(200);
    const payee = await saveBeneficiary(api, net.retailer, { ending: '123' });
    const answer = await pay(net, payee, 500);
    expect(answer.body.transactionRecord).toMatchObject({ fee: 12 });
    await payoutReaches(api, answer.body.transactionRecord._id, ['processed']);
    // The scheme's ₹3 and ₹1 shares, out of the user's ₹12 fee.
    expect(await commissionOf(net.distributor.id)).toBe(294);
    expect(await commissionOf(net.sd.id)).toBe(80);
  });

  it('a payout is split by the scheme assigned when it was asked; an edit right after does not change it', async () => {
    // A scheme's refusals, its audit rows and who may be assigned it: tests/medium/commissions.
    const saved = await call<{ scheme: { id: string } }>(`${api.url}/api/admin/commissionScheme`, {
      body: {
        name: 'Premium',
        service: 'payout',
        slabs: [
          {
            upTo: 50_000,
            fee: { flatBase: 20 },
            distributor: { flatBase: 6 },
            superDistributor: { percentBase: 0.01 },
          },
          PLAIN_SLAB,
        ],
      },
      headers: bearer(adminToken),
    });
    expect(saved.status).toBe(200);
    const net = await network(2000);
    // By mobile, as the console's form sends it.
    const assigned = await call(`${api.url}/api/admin/commissionSchemeAssign`, {
      body: { mobile: net.retailer.mobile, service: 'payout', schemeId: saved.body.scheme.id },
      headers: bearer(adminToken),
    });
    expect(assigned.status).toBe(200);

    // The payout snapshots the scheme at request; an edit right after does not change its split.
    const payee = await saveBeneficiary(api, net.retailer, { ending: '123' });
    const answer = await pay(net, payee, 1000);
    expect(answer.body.transactionRecord).toMatchObject({ fee: 20 });
    const edit = await call(`${api.url}/api/admin/commissionScheme`, {
      body: {
        id: saved.body.scheme.id,
        name: 'Premium',
        service: 'payout',
        slabs: [
          {
            upTo: 50_000,
            fee: { flatBase: 20 },
            distributor: { flatBase: 1 },
            superDistributor: { flatBase: 1 },
          },
          PLAIN_SLAB,
        ],
      },
      headers: bearer(adminToken),
    });
    expect(edit.status).toBe(200);
    await payoutReaches(api, answer.body.transactionRecord._id, [
      'processed',
      'failed',
      'reversed',
    ]);
    // ₹6 less 2%: ₹5.88; 0.01% of ₹1,000 = ₹0.10 less 20%: ₹0.08.
    expect(await commissionOf(net.distributor.id)).toBe(588);
    expect(await commissionOf(net.sd.id)).toBe(8);
  });

  it('posts with the tax rate in force: a new GST rate from today applies, one from tomorrow not yet', async () => {
    // A rate refused (past day, out of bounds) and when one is in force: tests/medium/commissions.
    const today = indiaDay(new Date());

    const tomorrow = new Date(Date.now() + 86_400_000 + 3_600_000);
    for (const [rate, effectiveFrom] of [
      [12, today],
      [5, indiaDay(tomorrow)],
    ] as const) {
      const added = await call(`${api.url}/api/admin/taxRate`, {
        body: { kind: 'gst', rate, effectiveFrom },
        headers: bearer(adminToken),
      });
      expect(added.status).toBe(200);
    }
    const listed = await call<{ data: { kind: string; rate: number }[] }>(
      `${api.url}/api/admin/taxRates`,
      {
        body: {},
        headers: bearer(adminToken),
      },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.filter((row) => row.kind === 'gst').map((row) => row.rate)).toEqual([
      5, 12, 18,
    ]);

    const net = await network(1000);
    const payee = await saveBeneficiary(api, net.retailer, { ending: '123' });
    const before = await systemBalance(api, 'system:gst_payable');
    const id = (await pay(net, payee, 500)).body.transactionRecord._id;
    await payoutReaches(api, id, ['processed', 'failed', 'reversed']);
    // 12% inclusive of ₹15: 1500 × 12 / 112 = 160.71 → 161 paise.
    expect((await systemBalance(api, 'system:gst_payable')) - before).toBe(161);
  });
});
