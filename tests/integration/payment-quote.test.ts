import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Messages, type PaymentQuote } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import {
  accountOf,
  fund,
  payoutReaches,
  saveBeneficiary,
  type SavedBeneficiary,
} from '../support/payouts.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';

type Transfer = { transactionRecord: { _id: string; fee: number; status: string } };

const flat = (rupees: number) => ({ flatBase: rupees });

/** A payout scheme: ₹`small` up to ₹5,000, ₹`large` above; shares the defaults' ₹1 and ₹0.50. */
function payoutScheme(name: string, small: number, large: number, id?: string) {
  return {
    ...(id && { id }),
    name,
    service: 'payout',
    slabs: [
      { upTo: 5_000, fee: flat(small), distributor: flat(1), superDistributor: flat(0.5) },
      { upTo: null, fee: flat(large), distributor: flat(1), superDistributor: flat(0.5) },
    ],
  };
}

/**
 * Issue 23: the fee shown before a payment is the fee charged for it. `/payment/quote` answers
 * the fee and total through the same rule the transfer charges by; after a scheme is assigned
 * or edited, the quote still matches what leaves the wallet (or the AEPS balance).
 */
describe('payment quote', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi({ LOG_LEVEL: 'silent', RAIL_SANDBOX_LATENCY_MS: '100' });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(async () => {
    await api.close();
  });

  async function retailer(walletRupees: number, aepsRupees = 0) {
    const distributor = await given(api).user({ role: 'distributor', parent: admin });
    const user = await given(api).user({ parent: distributor });
    if (walletRupees) await fund(api, user, walletRupees * 100);
    if (aepsRupees) await fund(api, user, aepsRupees * 100, 'aeps');
    return { user, token: await signIn(api, user) };
  }

  async function adminCall(path: string, body: Record<string, unknown>) {
    const answer = await call<{ scheme?: { id: string }; message?: string }>(
      `${api.url}/api/admin/${path}`,
      { body, headers: bearer(adminToken) },
    );
    expect([path, answer.status]).toEqual([path, 200]);
    return answer.body;
  }

  async function quote(token: string, body: Record<string, unknown>) {
    return call<{ quote: PaymentQuote; message?: string }>(`${api.url}/api/payment/quote`, {
      body,
      headers: bearer(token),
    });
  }

  async function pay(
    who: { user: GivenUser; token: string },
    payee: SavedBeneficiary,
    amount: number,
    type: 'payout' | 'aeps' = 'payout',
  ) {
    const answer = await call<Transfer>(`${api.url}/api/payment/bankTransfer`, {
      body: {
        amount,
        type,
        beneficiaryName: payee.name,
        beneficiaryAccountNumber: payee.accountNumber,
        beneficiaryIfscCode: payee.ifsc,
        paymentMode: 'IMPS',
        // The same amount to the same account again within 20 minutes is meant.
        confirmDuplicate: true,
      },
      headers: { ...bearer(who.token), pin: who.user.pin, 'idempotency-key': randomUUID() },
    });
    expect(answer.status).toBe(200);
    await payoutReaches(api, answer.body.transactionRecord._id, ['processed']);
    return answer.body.transactionRecord;
  }

  /** Pays `amount` and answers how much left the account, in paise, once it was processed. */
  async function debitOf(
    who: { user: GivenUser; token: string },
    payee: SavedBeneficiary,
    amount: number,
    type: 'payout' | 'aeps' = 'payout',
  ) {
    const account = type === 'aeps' ? 'aeps' : 'wallet';
    const before = await accountOf(api, who.user.id, account);
    await pay(who, payee, amount, type);
    const after = await accountOf(api, who.user.id, account);
    expect(after.pending).toBe(before.pending);
    return before.posted - after.posted;
  }

  it("quotes the assigned scheme's fee, and the wallet is debited the quoted total, also after the scheme is edited", async () => {
    const who = await retailer(50_000);
    const payee = await saveBeneficiary(api, who.user, { ending: '123' });
    const saved = await adminCall('commissionScheme', payoutScheme('Quoted', 10, 20));
    const schemeId = saved.scheme!.id;
    await adminCall('commissionSchemeAssign', {
      userId: who.user.id,
      service: 'payout',
      schemeId,
    });

    const large = await quote(who.token, { amount: '10000', paymentMode: 'IMPS' });
    expect(large.status).toBe(200);
    expect(large.body.quote).toEqual({ amount: 10_000, fee: 20, total: 10_020 });
    const small = await quote(who.token, { amount: 500 });
    expect(small.body.quote).toEqual({ amount: 500, fee: 10, total: 510 });
    expect(await debitOf(who, payee, 10_000)).toBe(large.body.quote.total * 100);
    expect(await debitOf(who, payee, 500)).toBe(small.body.quote.total * 100);

    // The admin edits the scheme: the next quote and the next charge both follow it.
    await adminCall('commissionScheme', payoutScheme('Quoted', 7, 33, schemeId));
    const edited = await quote(who.token, { amount: 10_000 });
    expect(edited.body.quote).toEqual({ amount: 10_000, fee: 33, total: 10_033 });
    expect(await debitOf(who, payee, 10_000)).toBe(edited.body.quote.total * 100);
  });

  it("quotes the user's own payout rate where it wins over the scheme, as the charge does", async () => {
    const who = await retailer(5_000);
    const payee = await saveBeneficiary(api, who.user, { ending: '123' });
    const saved = await adminCall('commissionScheme', payoutScheme('Own rate', 10, 20));
    await adminCall('commissionSchemeAssign', {
      userId: who.user.id,
      service: 'payout',
      schemeId: saved.scheme!.id,
    });
    await adminCall('commissionUserRates', {
      mobile: who.user.mobile,
      payout: { limit1: { percentBase: 1 } },
    });
    const answer = await quote(who.token, { amount: 1234.5 });
    expect(answer.body.quote).toEqual({ amount: 1234.5, fee: 12.35, total: 1246.85 });
    expect(await debitOf(who, payee, 1234.5)).toBe(124_685);
  });

  it('quotes an AEPS settlement by the AEPS scheme, and the AEPS balance is debited the quoted total', async () => {
    const who = await retailer(0, 30_000);
    const account = await saveBeneficiary(api, who.user, { kind: 'aeps' });
    const saved = await adminCall('commissionScheme', {
      name: 'AEPS quoted',
      service: 'aepsSettlement',
      slabs: [{ upTo: null, fee: flat(11), distributor: flat(1), superDistributor: flat(0.5) }],
    });
    await adminCall('commissionSchemeAssign', {
      userId: who.user.id,
      service: 'aepsSettlement',
      schemeId: saved.scheme!.id,
    });
    const answer = await quote(who.token, { amount: 2_000, type: 'aeps' });
    expect(answer.body.quote).toEqual({ amount: 2_000, fee: 11, total: 2_011 });
    // The bank payout's quote is not the AEPS one.
    expect((await quote(who.token, { amount: 2_000 })).body.quote.fee).toBe(15);
    expect(await debitOf(who, account, 2_000, 'aeps')).toBe(answer.body.quote.total * 100);
  });

  it('refuses a bad amount, mode or type with the form’s message and a 400', async () => {
    const who = await retailer(100);
    const cases: [Record<string, unknown>, string | undefined][] = [
      [{}, Messages.amountRequired],
      [{ amount: 'ten' }, Messages.amountInvalid],
      [{ amount: 0 }, Messages.amountNotPositive],
      [{ amount: 10.005 }, Messages.amountDecimals],
      [{ amount: 100, paymentMode: 'UPI' }, Messages.paymentModeInvalid],
      [{ amount: 100, type: 'cash' }, undefined],
      [{ amount: 100, unlimited: 'yes' }, undefined],
      [{ amount: 100, paymentMode: { $ne: 1 } }, Messages.paymentModeInvalid],
    ];
    for (const [body, message] of cases) {
      const answer = await quote(who.token, body);
      expect([JSON.stringify(body), answer.status]).toEqual([JSON.stringify(body), 400]);
      if (message) expect(answer.body.message).toBe(message);
    }
    // Above the normal cap: the transfer's own refusal; an unlimited quote is the admin's alone.
    const above = await quote(who.token, { amount: 300_000, unlimited: true });
    expect(above.status).toBe(400);
    const adminQuote = await quote(adminToken, { amount: 300_000, unlimited: true });
    expect([adminQuote.status, adminQuote.body.quote?.amount]).toEqual([200, 300_000]);
  });
});
