import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DmtTransferMessages, DmtMessages } from '@khata/domain';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { MovableClock } from '../support/clock.js';
import {
  givenDmtBeneficiary,
  givenRemitter,
  lastOtpTo,
  type GivenDmtBeneficiary,
  type GivenRemitter,
} from '../support/dmt.js';
import {
  accountOf,
  fund,
  ledgerViolations,
  streamEvents,
  systemBalance,
} from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

interface TransferData {
  id: string;
  status: string;
  refundState: string;
  amount: number;
  fee: number;
  total: number;
  utr: string | null;
}
type Answer = { success?: boolean; message?: string; data: TransferData };

/**
 * DMT transfers end to end (issue 25) on the real API, Postgres, Redis, the in-process worker
 * and the sandbox DMT provider, whose account-number endings choose its answer (123 paid, 001
 * closed, 004 pending then paid, 009 pending then failed, 010 garbage then paid).
 */
describe('DMT transfers: OTP, PIN, the month limit under a burst, pending, refunds', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  let distributor: GivenUser;
  const clock = new MovableClock();

  beforeAll(async () => {
    api = await startTestApi(
      // The sandbox returns a late-return account (ending 002) 300 ms after paying it.
      { LOG_LEVEL: process.env.DMT_TEST_LOG ?? 'silent', RAIL_SANDBOX_RETURN_AFTER_MS: '300' },
      { clock },
    );
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
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

  async function shop(rupees = 100_000): Promise<Shop> {
    const user = await given(api).user({ parent: distributor });
    if (rupees > 0) await fund(api, user, rupees * 100);
    return { user, token: await signIn(api, user) };
  }

  async function otp(
    who: Shop,
    remitter: GivenRemitter,
    beneficiary: GivenDmtBeneficiary,
    amount: number,
    mode = 'IMPS',
  ) {
    const answer = await call<{ data: { fee: number; total: number }; message: string }>(
      `${api.url}/api/dmt/transfer/otp`,
      {
        body: { remitterMobile: remitter.mobile, beneficiaryId: beneficiary.id, amount, mode },
        headers: bearer(who.token),
      },
    );
    return { answer, code: answer.status === 200 ? lastOtpTo(api, remitter.mobile) : '' };
  }

  function send(
    who: Shop,
    remitter: GivenRemitter,
    beneficiary: GivenDmtBeneficiary,
    amount: number,
    code: string,
    { key = randomUUID(), mode = 'IMPS', pin = who.user.pin } = {},
  ) {
    return call<Answer>(`${api.url}/api/dmt/transfer`, {
      body: {
        remitterMobile: remitter.mobile,
        beneficiaryId: beneficiary.id,
        amount,
        mode,
        otp: code,
      },
      headers: { ...bearer(who.token), pin, 'idempotency-key': key },
    });
  }

  async function sendWithOtp(
    who: Shop,
    remitter: GivenRemitter,
    beneficiary: GivenDmtBeneficiary,
    amount: number,
  ) {
    const { code } = await otp(who, remitter, beneficiary, amount);
    return send(who, remitter, beneficiary, amount, code);
  }

  async function row(id: string) {
    const [found] = await query<{
      status: string;
      refund_state: string;
      utr: string | null;
      sends: number;
      commission_split: { fee: number; commissions: { userId: string; gross: number }[] } | null;
    }>(api, 'SELECT * FROM dmt_transfers WHERE id = $1', [id]);
    return found!;
  }

  const reaches = (id: string, statuses: string[], timeoutMs = 30_000) =>
    eventually(async () => {
      const found = await row(id);
      return statuses.includes(found.status) ? found : undefined;
    }, timeoutMs);

  async function providerCalls(id: string) {
    const rows = await query<{ call: string; n: number }>(
      api,
      'SELECT call, count(*)::int AS n FROM sandbox_dmt_calls WHERE reference = $1 GROUP BY call',
      [id],
    );
    const count = (name: string) => rows.find((one) => one.call === name)?.n ?? 0;
    return { send: count('send'), status: count('status') };
  }

  it('sends ₹5,000: fee quoted = fee charged, paid with a UTR, wallet, fee and commissions in the ledger', async () => {
    const retailer = await shop(10_000);
    const remitter = await givenRemitter(api, retailer.user);
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user);
    const [feeBefore, gstBefore, settledBefore] = await Promise.all([
      systemBalance(api, 'system:fee_income'),
      systemBalance(api, 'system:gst_payable'),
      systemBalance(api, 'system:bank_settlement'),
    ]);
    const commissionBefore = await accountOf(api, distributor.id, 'commission' as 'wallet');

    const { answer, code } = await otp(retailer, remitter, beneficiary, 5000);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ fee: 50, total: 5050 });
    const sent = await send(retailer, remitter, beneficiary, 5000, code);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'queued', amount: 5000, fee: 50, total: 5050 });

    const done = await reaches(sent.body.data.id, ['processed', 'failed']);
    expect(done.status).toBe('processed');
    expect(done.utr).toMatch(/^SBXD/);
    expect(await accountOf(api, retailer.user.id)).toEqual({
      posted: 10_000_00 - 5050_00,
      pending: 0,
      available: 10_000_00 - 5050_00,
    });
    expect(await systemBalance(api, 'system:bank_settlement')).toBe(settledBefore + 5000_00);
    // ₹50 fee, 18% GST inside it; the distributor's 0.2% share (₹10) and the super distributor's.
    expect(done.commission_split).toMatchObject({
      fee: 5000,
      commissions: expect.arrayContaining([
        expect.objectContaining({ userId: distributor.id, gross: 1000 }),
      ]),
    });
    expect(await systemBalance(api, 'system:gst_payable')).toBe(gstBefore + 763);
    expect((await accountOf(api, distributor.id, 'commission' as 'wallet')).posted).toBeGreaterThan(
      commissionBefore.posted,
    );
    expect(await systemBalance(api, 'system:fee_income')).toBeGreaterThan(feeBefore);
    expect(await streamEvents(api, `dmt:${sent.body.data.id}`)).toEqual([
      'dmt.requested',
      'dmt.processed',
    ]);
    expect(await providerCalls(sent.body.data.id)).toMatchObject({ send: 1 });
    // The shop's transaction report shows it, as the read model projected it.
    const [record] = await query<{ type: string; status: string; fee: string }>(
      api,
      'SELECT type, status, fee FROM transaction_records WHERE stream = $1',
      [`dmt:${sent.body.data.id}`],
    );
    expect(record).toMatchObject({ type: 'dmt', status: 'processed' });
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it("refuses a 6th ₹5,000 transfer in the remitter's month, from another shop too", async () => {
    const first = await shop();
    const second = await shop();
    const remitter = await givenRemitter(api, first.user);
    for (let i = 0; i < 5; i++) {
      const beneficiary = await givenDmtBeneficiary(api, remitter, first.user);
      expect((await sendWithOtp(first, remitter, beneficiary, 5000)).status).toBe(200);
    }
    // The remitter look-up (helper A's) reads the same month: all used, from either shop.
    const lookUp = await call<{ remitter: { month: { used: number; left: number } } }>(
      `${api.url}/api/dmt/remitter`,
      { body: { mobile: remitter.mobile }, headers: bearer(second.token) },
    );
    expect(lookUp.body.remitter.month).toMatchObject({ used: 25_000, left: 0 });
    const sixth = await givenDmtBeneficiary(api, remitter, second.user);
    const asked = await otp(second, remitter, sixth, 5000);
    expect(asked.answer.status).toBe(422);
    expect(asked.answer.body.message).toBe("This remitter has used this month's limit.");
    const small = await otp(second, remitter, sixth, 100);
    expect(small.answer.status).toBe(422);
  });

  it('lets exactly five of twenty parallel ₹5,000 transfers for one remitter through, from two shops', async () => {
    const shops = [await shop(), await shop()];
    const remitter = await givenRemitter(api, shops[0]!.user);
    const orders: { who: Shop; beneficiary: GivenDmtBeneficiary; code: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const who = shops[i % 2]!;
      const beneficiary = await givenDmtBeneficiary(api, remitter, who.user);
      const { answer, code } = await otp(who, remitter, beneficiary, 5000);
      expect(answer.status).toBe(200);
      orders.push({ who, beneficiary, code });
    }
    const answers = await Promise.all(
      orders.map(({ who, beneficiary, code }) => send(who, remitter, beneficiary, 5000, code)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(15);
    for (const refused of answers.filter((answer) => answer.status === 422)) {
      expect(refused.body.message).toBe("This remitter has used this month's limit.");
    }
    const [counted] = await query<{ n: number; total: string }>(
      api,
      `SELECT count(*)::int AS n, sum(amount_paise)::text AS total FROM dmt_transfers
        WHERE remitter_id = $1`,
      [remitter.id],
    );
    expect(counted).toEqual({ n: 5, total: String(25_000_00) });
  });

  it('pays a double click once: the same Idempotency-Key answers the first transfer', async () => {
    const retailer = await shop(10_000);
    const remitter = await givenRemitter(api, retailer.user);
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user);
    const { code } = await otp(retailer, remitter, beneficiary, 1000);
    const key = randomUUID();
    // Five clicks: some twins look for the key before the first commits and try the code after
    // it was used; they too answer the first transfer, not "OTP used".
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => send(retailer, remitter, beneficiary, 1000, code, { key })),
    );
    const [a] = clicks;
    expect(clicks.map((click) => click.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(clicks.map((click) => click.body.data.id))).toEqual(new Set([a!.body.data.id]));
    expect(clicks.filter((click) => click.headers.get('idempotency-hit') === 'true')).toHaveLength(
      4,
    );
    await reaches(a!.body.data.id, ['processed']);
    const [counted] = await query<{ n: number }>(
      api,
      'SELECT count(*)::int AS n FROM dmt_transfers WHERE remitter_id = $1',
      [remitter.id],
    );
    expect(counted!.n).toBe(1);
    expect(await providerCalls(a!.body.data.id)).toMatchObject({ send: 1 });
    expect((await accountOf(api, retailer.user.id)).posted).toBe(10_000_00 - 1010_00);
  });

  /**
   * After the send's own answer, the transfer as the job left it: its first look is due 15
   * minutes later (the provider's rule), and the sweep is the one to make it.
   */
  async function afterTheSend(id: string) {
    return eventually(async () => {
      const [found] = await query<{ sends: number; checks: number; next: Date; sent: Date }>(
        api,
        `SELECT sends, status_checks AS checks, next_check_at AS next, send_started_at AS sent
           FROM dmt_transfers WHERE id = $1`,
        [id],
      );
      return found && found.sends === 1 && found.checks === 1 ? found : undefined;
    });
  }

  /** Moves the clock to the transfer's next look and waits for the sweep to make it. */
  async function nextLook(id: string): Promise<{ status: string; checks: number }> {
    const [{ next, checks }] = await query<{ next: Date; checks: number }>(
      api,
      'SELECT next_check_at AS next, status_checks AS checks FROM dmt_transfers WHERE id = $1',
      [id],
    );
    clock.setTo(new Date(next.getTime() + 1000));
    return eventually(async () => {
      const [found] = await query<{ status: string; checks: number }>(
        api,
        'SELECT status, status_checks AS checks FROM dmt_transfers WHERE id = $1',
        [id],
      );
      return found.status !== 'processing' || found.checks > checks ? found : undefined;
    }, 30_000);
  }

  it('asks about a pending transfer 15 minutes after the send, then at growing gaps, and never sends it again', async () => {
    const retailer = await shop(10_000);
    const remitter = await givenRemitter(api, retailer.user);
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user, { ending: '004' });
    const sent = await sendWithOtp(retailer, remitter, beneficiary, 2000);
    expect(sent.status).toBe(200);
    const id = sent.body.data.id;
    try {
      const first = await afterTheSend(id);
      expect(first.next.getTime() - first.sent.getTime()).toBeGreaterThanOrEqual(15 * 60_000);
      // The queue does not ask again on its own: the job ended with the send's answer.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(await providerCalls(id)).toEqual({ send: 1, status: 0 });
      expect((await row(id)).status).toBe('processing');

      // The sandbox's 004 is pending for 2 enquiries, then paid; each waits for its turn.
      const gaps: number[] = [];
      let look = { status: 'processing', checks: 1 };
      while (look.status === 'processing' && gaps.length < 5) {
        const before = clock.now().getTime();
        look = await nextLook(id);
        gaps.push(clock.now().getTime() - before);
      }
      expect(look.status).toBe('processed');
      expect(await providerCalls(id)).toEqual({ send: 1, status: 3 });
      // 15, 30 and 60 minutes between the looks (the clock is moved just past each).
      expect(gaps.map((ms) => Math.round(ms / 60_000))).toEqual([15, 30, 60]);
    } finally {
      clock.reset();
    }
  });

  it('asks the provider now for an admin, and only admins may: a pending-then-failed transfer goes to refund pending', async () => {
    const retailer = await shop(10_000);
    const remitter = await givenRemitter(api, retailer.user);
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user, { ending: '009' });
    const sent = await sendWithOtp(retailer, remitter, beneficiary, 1000);
    const id = sent.body.data.id;
    const byShop = await call(`${api.url}/api/dmt/transfer/check`, {
      body: { transferId: id },
      headers: bearer(retailer.token),
    });
    expect(byShop.status).toBe(403);
    const checked = await eventually(async () => {
      const answer = await call<Answer>(`${api.url}/api/dmt/transfer/check`, {
        body: { transferId: id },
        headers: bearer(adminToken),
      });
      return answer.body.data?.status === 'failed' ? answer : undefined;
    }, 30_000);
    expect(checked.body.data).toMatchObject({ status: 'failed', refundState: 'pending' });
    expect(await providerCalls(id)).toMatchObject({ send: 1 });
  });

  it("refunds a failed transfer only with the customer's OTP, and once however often confirmed", async () => {
    const retailer = await shop(10_000);
    const remitter = await givenRemitter(api, retailer.user);
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user, { ending: '001' });
    const sent = await sendWithOtp(retailer, remitter, beneficiary, 3000);
    const id = sent.body.data.id;
    const failed = await reaches(id, ['failed', 'processed']);
    expect(failed).toMatchObject({ status: 'failed', refund_state: 'pending' });
    // Failed, but not spendable: amount + fee (₹3,030) stay held until the customer confirms.
    expect(await accountOf(api, retailer.user.id)).toEqual({
      posted: 10_000_00,
      pending: 3030_00,
      available: 10_000_00 - 3030_00,
    });
    const noCode = await call(`${api.url}/api/dmt/refund`, {
      body: { transferId: id, otp: '123456' },
      headers: bearer(retailer.token),
    });
    expect(noCode.status).toBe(422);
    expect(noCode.body.message).toBe(DmtMessages.otpNotOpen);

    const asked = await call(`${api.url}/api/dmt/refund/otp`, {
      body: { transferId: id },
      headers: bearer(retailer.token),
    });
    expect(asked.status).toBe(200);
    const code = lastOtpTo(api, remitter.mobile);
    const wrong = await call(`${api.url}/api/dmt/refund`, {
      body: { transferId: id, otp: code === '000000' ? '111111' : '000000' },
      headers: bearer(retailer.token),
    });
    expect(wrong.status).toBe(422);
    expect((await accountOf(api, retailer.user.id)).pending).toBe(3030_00);

    const [first, second] = await Promise.all([
      call<Answer>(`${api.url}/api/dmt/refund`, {
        body: { transferId: id, otp: code },
        headers: bearer(retailer.token),
      }),
      call<Answer>(`${api.url}/api/dmt/refund`, {
        body: { transferId: id, otp: code },
        headers: bearer(retailer.token),
      }),
    ]);
    expect(
      [first.status, second.status].filter((status) => status === 200).length,
    ).toBeGreaterThanOrEqual(1);
    const again = await call<Answer>(`${api.url}/api/dmt/refund`, {
      body: { transferId: id, otp: code },
      headers: bearer(retailer.token),
    });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(DmtTransferMessages.refundDone);
    expect(await accountOf(api, retailer.user.id)).toEqual({
      posted: 10_000_00,
      pending: 0,
      available: 10_000_00,
    });
    expect(
      (await streamEvents(api, `dmt:${id}`)).filter((type) => type === 'dmt.refunded'),
    ).toHaveLength(1);
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('puts a late return into refund pending: fee split reversed, money held again, refunded with the OTP', async () => {
    const retailer = await shop(10_000);
    const remitter = await givenRemitter(api, retailer.user);
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user, { ending: '002' });
    const commissionBefore = await accountOf(api, distributor.id, 'commission' as 'wallet');
    const [gstBefore, settledBefore] = await Promise.all([
      systemBalance(api, 'system:gst_payable'),
      systemBalance(api, 'system:bank_settlement'),
    ]);
    const sent = await sendWithOtp(retailer, remitter, beneficiary, 4000);
    const id = sent.body.data.id;
    expect((await reaches(id, ['processed'])).status).toBe('processed');
    const returned = await eventually(async () => {
      const answer = await call<Answer>(`${api.url}/api/dmt/transfer/check`, {
        body: { transferId: id },
        headers: bearer(adminToken),
      });
      return answer.body.data?.status === 'reversed' ? answer : undefined;
    }, 20_000);
    expect(returned.body.data).toMatchObject({ status: 'reversed', refundState: 'pending' });
    // Amount + fee (₹4,040) back on the wallet but held; every leg of the fee's split undone.
    expect(await accountOf(api, retailer.user.id)).toEqual({
      posted: 10_000_00,
      pending: 4040_00,
      available: 10_000_00 - 4040_00,
    });
    expect(await systemBalance(api, 'system:bank_settlement')).toBe(settledBefore);
    expect(await systemBalance(api, 'system:gst_payable')).toBe(gstBefore);
    expect((await accountOf(api, distributor.id, 'commission' as 'wallet')).posted).toBe(
      commissionBefore.posted,
    );
    expect(await streamEvents(api, `dmt:${id}`)).toEqual([
      'dmt.requested',
      'dmt.processed',
      'dmt.returned',
      'dmt.refund-held',
    ]);
    await call(`${api.url}/api/dmt/refund/otp`, {
      body: { transferId: id },
      headers: bearer(retailer.token),
    });
    const refunded = await call<Answer>(`${api.url}/api/dmt/refund`, {
      body: { transferId: id, otp: lastOtpTo(api, remitter.mobile) },
      headers: bearer(retailer.token),
    });
    expect(refunded.status).toBe(200);
    expect(await accountOf(api, retailer.user.id)).toMatchObject({
      pending: 0,
      available: 10_000_00,
    });
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('refuses a wrong, a reused and an expired OTP, and moves no money', async () => {
    const retailer = await shop(10_000);
    const remitter = await givenRemitter(api, retailer.user);
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user);
    const { code } = await otp(retailer, remitter, beneficiary, 500);
    const wrong = await send(
      retailer,
      remitter,
      beneficiary,
      500,
      code === '000000' ? '111111' : '000000',
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(DmtMessages.otpWrong);
    // A code bound to ₹500 does not approve ₹600.
    const other = await send(retailer, remitter, beneficiary, 600, code);
    expect(other.status).toBe(422);
    expect((await send(retailer, remitter, beneficiary, 500, code)).status).toBe(200);
    const reused = await send(retailer, remitter, beneficiary, 500, code);
    expect(reused.status).toBe(422);

    const late = await otp(retailer, remitter, beneficiary, 700);
    clock.advance({ minutes: 6 });
    try {
      const expired = await send(retailer, remitter, beneficiary, 700, late.code);
      expect(expired.status).toBe(422);
    } finally {
      clock.reset();
    }
    expect((await accountOf(api, retailer.user.id)).available).toBe(10_000_00 - 510_00);
  });

  it('refuses bad input with a clear 4xx before anything is held', async () => {
    const retailer = await shop(1_000);
    const remitter = await givenRemitter(api, retailer.user);
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user);
    const pending = await givenRemitter(api, retailer.user, { state: 'otpPending' });
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { amount: '5000.01' },
        400,
        DmtTransferMessages.amountAbovePerTransaction({
          minimum: 10000,
          perTransaction: 500000,
          perMonth: 2500000,
        }),
      ],
      [{ amount: 99 }, 400, 'The least one transfer can send is ₹100.00.'],
      [{ mode: 'RTGS' }, 400, DmtTransferMessages.modeInvalid],
      [{ beneficiaryId: 'nope' }, 400, DmtTransferMessages.beneficiaryUnknown],
      [{ beneficiaryId: randomUUID() }, 404, DmtTransferMessages.beneficiaryUnknown],
      [{ remitterMobile: '12345' }, 400, 'Mobile number must be 10 digits.'],
      [{ remitterMobile: pending.mobile }, 422, DmtMessages.remitterNotRegistered],
    ];
    for (const [change, status, message] of cases) {
      const answer = await call<{ message: string }>(`${api.url}/api/dmt/transfer/otp`, {
        body: {
          remitterMobile: remitter.mobile,
          beneficiaryId: beneficiary.id,
          amount: 500,
          mode: 'IMPS',
          ...change,
        },
        headers: bearer(retailer.token),
      });
      expect([answer.status, change]).toEqual([status, change]);
      if (status !== 400 || !('remitterMobile' in change))
        expect(answer.body.message).toBe(message);
    }
    const noKey = await call(`${api.url}/api/dmt/transfer`, {
      body: {
        remitterMobile: remitter.mobile,
        beneficiaryId: beneficiary.id,
        amount: 500,
        mode: 'IMPS',
        otp: '123456',
      },
      headers: { ...bearer(retailer.token), pin: retailer.user.pin },
    });
    expect(noKey.status).toBe(400);
    const wrongPin = await send(retailer, remitter, beneficiary, 500, '123456', { pin: '9999' });
    expect(wrongPin.status).toBeGreaterThanOrEqual(400);
    expect(wrongPin.status).toBeLessThan(500);
    expect(await accountOf(api, retailer.user.id)).toMatchObject({ pending: 0 });
  });

  it('refuses a transfer the wallet cannot cover with a 422, and leaves the OTP usable', async () => {
    const retailer = await shop(300);
    const remitter = await givenRemitter(api, retailer.user);
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user);
    const { code } = await otp(retailer, remitter, beneficiary, 500);
    const poor = await send(retailer, remitter, beneficiary, 500, code);
    expect(poor.status).toBe(422);
    expect(poor.body.message).toBe('Insufficient balance.');
    await fund(api, retailer.user, 300_00);
    expect((await send(retailer, remitter, beneficiary, 500, code)).status).toBe(200);
  });

  it('keeps a garbled answer pending, never failed, until the enquiry finds it paid', async () => {
    const retailer = await shop(10_000);
    const remitter = await givenRemitter(api, retailer.user);
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user, { ending: '010' });
    const sent = await sendWithOtp(retailer, remitter, beneficiary, 1500);
    const id = sent.body.data.id;
    await afterTheSend(id);
    expect((await row(id)).status).toBe('processing');
    let done: { status: string };
    try {
      done = await nextLook(id);
    } finally {
      clock.reset();
    }
    expect(done.status).toBe('processed');
    expect(await providerCalls(id)).toMatchObject({ send: 1 });
    expect(await streamEvents(api, `dmt:${id}`)).not.toContain('dmt.failed');
  });

  it('lists a shop its own transfers, a distributor its network, an admin all, by status', async () => {
    const retailer = await shop(10_000);
    const remitter = await givenRemitter(api, retailer.user);
    const beneficiary = await givenDmtBeneficiary(api, remitter, retailer.user);
    const sent = await sendWithOtp(retailer, remitter, beneficiary, 400);
    await reaches(sent.body.data.id, ['processed']);
    const list = (token: string, body: Record<string, unknown> = {}) =>
      call<{ data: { id: string; shop: { id: string } }[]; total: number; message?: string }>(
        `${api.url}/api/dmt/transfers`,
        { body, headers: bearer(token) },
      );
    const own = await list(retailer.token);
    expect(own.body.data.map((one) => one.id)).toEqual([sent.body.data.id]);
    const other = await shop(0);
    expect((await list(other.token)).body.data).toEqual([]);
    const network = await list(await signIn(api, distributor), { status: 'processed' });
    expect(network.body.data.map((one) => one.id)).toContain(sent.body.data.id);
    const all = await list(adminToken, { status: 'refundPending' });
    expect(all.status).toBe(200);
    expect((await list(adminToken, { status: 'sideways' })).status).toBe(400);
  });
});
