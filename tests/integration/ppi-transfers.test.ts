import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DEFAULT_PPI_LIMITS, DmtMessages, DmtTransferMessages, PpiMessages } from '@khata/domain';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import {
  givenDmtBeneficiary,
  givenRemitter,
  lastOtpTo,
  mobileEndingIn,
  type GivenDmtBeneficiary,
  type GivenRemitter,
} from '../support/dmt.js';
import { accountOf, fund, ledgerViolations, streamEvents } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

interface TransferData {
  id: string;
  status: string;
  refundState: string;
  amount: number;
  fee: number;
  total: number;
}
type Answer = { success?: boolean; message?: string; data: TransferData };
interface SenderAnswer {
  registered: boolean;
  message?: string;
  remitter?: { month: { limit: number; used: number; left: number } };
  wallet?: { tier: string; mayTransfer: boolean; monthlyLimit: number };
}

/**
 * PPI money transfer (issue 25): DMT transfers of the `ppi` product, on the real API, Postgres,
 * Redis, the worker and the sandbox providers. The sender's mobile's last digit chooses the
 * sandbox PPI provider's answer about the wallet (1 minimum KYC, 2 full KYC with ₹30,000 a
 * month, 9 down, any other full KYC with ₹50,000); the beneficiary's account ending chooses the
 * transfer's fate (123 paid, 001 failed).
 */
describe('PPI transfers: KYC tier, the provider’s monthly limit, its own fee, refunds', () => {
  let api: TestApi;
  let admin: GivenUser;
  let distributor: GivenUser;

  beforeAll(async () => {
    api = await startTestApi({ LOG_LEVEL: process.env.DMT_TEST_LOG ?? 'silent' });
    admin = await given(api).user({ role: 'admin', services: [] });
    const sd = await given(api).user({ role: 'sdistributor', parent: admin });
    distributor = await given(api).user({ role: 'distributor', parent: sd });
  });
  afterAll(async () => {
    await api.close();
  });

  interface Shop {
    user: GivenUser;
    token: string;
  }

  async function shop(rupees = 200_000, services?: string[]): Promise<Shop> {
    const user = await given(api).user({ parent: distributor, ...(services && { services }) });
    if (rupees > 0) await fund(api, user, rupees * 100);
    return { user, token: await signIn(api, user) };
  }

  function sender(who: Shop, mobile: string) {
    return call<SenderAnswer>(`${api.url}/api/ppi/sender`, {
      body: { mobile },
      headers: bearer(who.token),
    });
  }

  async function otp(
    who: Shop,
    remitter: GivenRemitter,
    beneficiary: GivenDmtBeneficiary,
    amount: number | string,
    product = 'ppi',
  ) {
    const answer = await call<{
      data: { fee: number; total: number; monthLeft: number };
      message: string;
    }>(`${api.url}/api/${product}/transfer/otp`, {
      body: {
        remitterMobile: remitter.mobile,
        beneficiaryId: beneficiary.id,
        amount,
        mode: 'IMPS',
      },
      headers: bearer(who.token),
    });
    return { answer, code: answer.status === 200 ? lastOtpTo(api, remitter.mobile) : '' };
  }

  function send(
    who: Shop,
    remitter: GivenRemitter,
    beneficiary: GivenDmtBeneficiary,
    amount: number,
    code: string,
    { key = randomUUID(), product = 'ppi' } = {},
  ) {
    return call<Answer>(`${api.url}/api/${product}/transfer`, {
      body: {
        remitterMobile: remitter.mobile,
        beneficiaryId: beneficiary.id,
        amount,
        mode: 'IMPS',
        otp: code,
      },
      headers: { ...bearer(who.token), pin: who.user.pin, 'idempotency-key': key },
    });
  }

  async function sendWithOtp(
    who: Shop,
    remitter: GivenRemitter,
    beneficiary: GivenDmtBeneficiary,
    amount: number,
    product = 'ppi',
  ) {
    const { answer, code } = await otp(who, remitter, beneficiary, amount, product);
    expect([answer.status, answer.body.message]).toEqual([200, DmtTransferMessages.otpSent]);
    return send(who, remitter, beneficiary, amount, code, { product });
  }

  async function row(id: string) {
    const [found] = await query<{
      product: string;
      status: string;
      refund_state: string;
      commission_split: { fee: number; commissions: { userId: string; gross: number }[] } | null;
    }>(api, 'SELECT * FROM dmt_transfers WHERE id = $1', [id]);
    return found!;
  }

  const reaches = (id: string, statuses: string[]) =>
    eventually(async () => {
      const found = await row(id);
      return statuses.includes(found.status) ? found : undefined;
    }, 30_000);

  it('answers the sender’s wallet as the provider does: tier and monthly limit, not a figure of ours', async () => {
    const retailer = await shop(0);
    const full = await givenRemitter(api, retailer.user, { mobile: mobileEndingIn('3') });
    const smaller = await givenRemitter(api, retailer.user, { mobile: mobileEndingIn('2') });
    const minimum = await givenRemitter(api, retailer.user, { mobile: mobileEndingIn('1') });
    const down = await givenRemitter(api, retailer.user, { mobile: mobileEndingIn('9') });

    const fullAnswer = await sender(retailer, full.mobile);
    expect(fullAnswer.status).toBe(200);
    expect(fullAnswer.body).toMatchObject({
      registered: true,
      wallet: { tier: 'full', mayTransfer: true, monthlyLimit: 50_000 },
      remitter: { month: { limit: 50_000, used: 0, left: 50_000 } },
    });
    expect((await sender(retailer, smaller.mobile)).body).toMatchObject({
      wallet: { tier: 'full', monthlyLimit: 30_000 },
      remitter: { month: { limit: 30_000, left: 30_000 } },
    });
    expect((await sender(retailer, minimum.mobile)).body).toMatchObject({
      wallet: { tier: 'minimum', mayTransfer: false },
    });
    const unavailable = await sender(retailer, down.mobile);
    expect([unavailable.status, unavailable.body.message]).toEqual([
      503,
      PpiMessages.providerUnavailable,
    ]);
    expect((await sender(retailer, mobileEndingIn('4'))).body).toEqual({
      success: true,
      registered: false,
    });
    // What Khata keeps of the answer: the tier, the limit, the provider's reference.
    const [kept] = await query<{ kyc_tier: string; monthly_limit_paise: string }>(
      api,
      'SELECT kyc_tier, monthly_limit_paise::text FROM ppi_wallets WHERE remitter_id = $1',
      [smaller.id],
    );
    expect(kept).toEqual({ kyc_tier: 'full', monthly_limit_paise: String(30_000_00) });
  });

  it('refuses a minimum-KYC sender with a clear 422 before any OTP, and moves no money', async () => {
    const retailer = await shop(20_000);
    const remitter = await givenRemitter(api, retailer.user, { mobile: mobileEndingIn('1') });
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user);
    const { answer } = await otp(retailer, remitter, beneficiary, 1000);
    expect([answer.status, answer.body.message]).toEqual([422, PpiMessages.minimumKyc]);
    expect(() => lastOtpTo(api, remitter.mobile)).toThrow();
    const sent = await send(retailer, remitter, beneficiary, 1000, '123456');
    expect(sent.status).toBe(422);
    expect(await accountOf(api, retailer.user.id)).toMatchObject({ pending: 0 });
    // The same sender may still send by DMT: the tier is the wallet's, not the remitter's.
    const byDmt = await otp(retailer, remitter, beneficiary, 1000, 'dmt');
    expect(byDmt.answer.status).toBe(200);
  });

  it('charges the ppi scheme’s fee (quoted = charged) and posts it with the uplines’ shares', async () => {
    const retailer = await shop(20_000);
    const remitter = await givenRemitter(api, retailer.user, { mobile: mobileEndingIn('3') });
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user);
    const { answer, code } = await otp(retailer, remitter, beneficiary, 10_000);
    // Standard PPI transfer: 1.2% above ₹1,000 (DMT's would be ₹100).
    expect(answer.body.data).toMatchObject({ fee: 120, total: 10_120, monthLeft: 50_000 });
    const sent = await send(retailer, remitter, beneficiary, 10_000, code);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'queued', fee: 120, total: 10_120 });
    const done = await reaches(sent.body.data.id, ['processed', 'failed']);
    expect(done).toMatchObject({ product: 'ppi', status: 'processed' });
    // The distributor's 0.25% share (₹25) of the ppi scheme, in the split posted.
    expect(done.commission_split).toMatchObject({
      fee: 120_00,
      commissions: expect.arrayContaining([
        expect.objectContaining({ userId: distributor.id, gross: 25_00 }),
      ]),
    });
    expect(await accountOf(api, retailer.user.id)).toEqual({
      posted: 20_000_00 - 10_120_00,
      pending: 0,
      available: 20_000_00 - 10_120_00,
    });
    expect(await streamEvents(api, `dmt:${sent.body.data.id}`)).toEqual([
      'dmt.requested',
      'dmt.processed',
    ]);
    const list = await call<{ data: { id: string }[] }>(`${api.url}/api/ppi/transfers`, {
      body: {},
      headers: bearer(retailer.token),
    });
    expect(list.body.data.map((one) => one.id)).toEqual([sent.body.data.id]);
    const dmtList = await call<{ data: { id: string }[] }>(`${api.url}/api/dmt/transfers`, {
      body: {},
      headers: bearer(retailer.token),
    });
    expect(dmtList.body.data).toEqual([]);
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('binds each sender to the provider’s limit under a burst: 5 of 8 at ₹50,000, 3 of 8 at ₹30,000', async () => {
    const shops = [await shop(), await shop()];
    const standard = await givenRemitter(api, shops[0]!.user, { mobile: mobileEndingIn('5') });
    const smaller = await givenRemitter(api, shops[1]!.user, { mobile: mobileEndingIn('2') });
    const orders: {
      who: Shop;
      remitter: GivenRemitter;
      beneficiary: GivenDmtBeneficiary;
      code: string;
    }[] = [];
    for (const remitter of [standard, smaller]) {
      for (let i = 0; i < 8; i++) {
        const who = shops[i % 2]!;
        const beneficiary = await givenDmtBeneficiary(api, remitter, who.user);
        const { answer, code } = await otp(who, remitter, beneficiary, 10_000);
        expect(answer.status).toBe(200);
        orders.push({ who, remitter, beneficiary, code });
      }
    }
    const answers = await Promise.all(
      orders.map(({ who, remitter, beneficiary, code }) =>
        send(who, remitter, beneficiary, 10_000, code),
      ),
    );
    const passed = (remitter: GivenRemitter) =>
      answers.filter((answer, i) => orders[i]!.remitter === remitter && answer.status === 200);
    expect(passed(standard)).toHaveLength(5);
    expect(passed(smaller)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(8);
    for (const one of refused) {
      expect([one.status, one.body.message]).toEqual([
        422,
        "This remitter has used this month's limit.",
      ]);
    }
    const sums = await query<{ remitter_id: string; total: string }>(
      api,
      `SELECT remitter_id, sum(amount_paise)::text AS total FROM dmt_transfers
        WHERE remitter_id = ANY ($1::uuid[]) AND product = 'ppi' GROUP BY remitter_id`,
      [[standard.id, smaller.id]],
    );
    expect(Object.fromEntries(sums.map((one) => [one.remitter_id, one.total]))).toEqual({
      [standard.id]: String(50_000_00),
      [smaller.id]: String(30_000_00),
    });
  });

  it('keeps the PPI month and the DMT month apart', async () => {
    const retailer = await shop(50_000);
    const remitter = await givenRemitter(api, retailer.user, { mobile: mobileEndingIn('2') });
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user);
    expect((await sendWithOtp(retailer, remitter, beneficiary, 5_000, 'dmt')).status).toBe(200);
    expect((await sendWithOtp(retailer, remitter, beneficiary, 10_000)).status).toBe(200);
    const ppi = await sender(retailer, remitter.mobile);
    expect(ppi.body.remitter?.month).toMatchObject({ limit: 30_000, used: 10_000, left: 20_000 });
    const dmt = await call<{ remitter: { month: { used: number; left: number } } }>(
      `${api.url}/api/dmt/remitter`,
      { body: { mobile: remitter.mobile }, headers: bearer(retailer.token) },
    );
    expect(dmt.body.remitter.month).toMatchObject({ limit: 25_000, used: 5_000, left: 20_000 });
  });

  it("refunds a failed PPI transfer only with the customer's OTP, on PPI's routes", async () => {
    const retailer = await shop(20_000);
    const remitter = await givenRemitter(api, retailer.user, { mobile: mobileEndingIn('6') });
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user, { ending: '001' });
    const sent = await sendWithOtp(retailer, remitter, beneficiary, 3_000);
    const id = sent.body.data.id;
    expect(await reaches(id, ['failed', 'processed'])).toMatchObject({
      status: 'failed',
      refund_state: 'pending',
    });
    // Failed but held: 3,000 + the ppi fee (1.2%, ₹36) stay unspendable until the customer says.
    expect(await accountOf(api, retailer.user.id)).toMatchObject({ pending: 3_036_00 });
    const noCode = await call(`${api.url}/api/ppi/refund`, {
      body: { transferId: id, otp: '123456' },
      headers: bearer(retailer.token),
    });
    expect([noCode.status, noCode.body.message]).toEqual([422, DmtMessages.otpNotOpen]);
    // A PPI transfer is not DMT's to refund.
    const onDmt = await call(`${api.url}/api/dmt/refund/otp`, {
      body: { transferId: id },
      headers: bearer(retailer.token),
    });
    expect([onDmt.status, onDmt.body.message]).toEqual([404, DmtTransferMessages.transferNotFound]);
    const asked = await call(`${api.url}/api/ppi/refund/otp`, {
      body: { transferId: id },
      headers: bearer(retailer.token),
    });
    expect(asked.status).toBe(200);
    const refunded = await call<Answer>(`${api.url}/api/ppi/refund`, {
      body: { transferId: id, otp: lastOtpTo(api, remitter.mobile) },
      headers: bearer(retailer.token),
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ refundState: 'refunded' });
    expect(await accountOf(api, retailer.user.id)).toEqual({
      posted: 20_000_00,
      pending: 0,
      available: 20_000_00,
    });
    const audited = await query<{ action: string }>(
      api,
      'SELECT action FROM audit_log WHERE subject_id = $1',
      [id],
    );
    expect(audited.map((one) => one.action)).toEqual(['ppi.refund']);
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('refuses bad input and a shop without the ppi service with a clear 4xx', async () => {
    const retailer = await shop(20_000);
    const remitter = await givenRemitter(api, retailer.user, { mobile: mobileEndingIn('7') });
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user);
    const over = await otp(retailer, remitter, beneficiary, '10000.01');
    expect([over.answer.status, over.answer.body.message]).toEqual([
      400,
      DmtTransferMessages.amountAbovePerTransaction(DEFAULT_PPI_LIMITS),
    ]);
    const under = await otp(retailer, remitter, beneficiary, 99);
    expect(under.answer.status).toBe(400);
    const dmtOnly = await shop(0, ['dmt']);
    const refused = await sender(dmtOnly, remitter.mobile);
    expect([refused.status, refused.body.message]).toEqual([403, PpiMessages.noPpiService]);
    const refusedOtp = await otp(dmtOnly, remitter, beneficiary, 1000);
    expect([refusedOtp.answer.status, refusedOtp.answer.body.message]).toEqual([
      403,
      PpiMessages.noPpiService,
    ]);
    // A key of a DMT transfer sent again as a PPI one is a key reused, never a replay.
    const { code } = await otp(retailer, remitter, beneficiary, 500, 'dmt');
    const key = randomUUID();
    expect(
      (await send(retailer, remitter, beneficiary, 500, code, { key, product: 'dmt' })).status,
    ).toBe(200);
    const again = await send(retailer, remitter, beneficiary, 500, code, { key });
    expect([again.status, again.body.message]).toEqual([409, DmtTransferMessages.keyReused]);
  });
});
