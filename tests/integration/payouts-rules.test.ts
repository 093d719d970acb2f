import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import {
  accountOf,
  fund,
  ledgerViolations,
  payoutReaches,
  saveBeneficiary,
  streamEvents,
  type SavedBeneficiary,
} from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

type Body = Record<string, unknown> & {
  message?: string;
  code?: number;
  transactionRecord: Record<string, unknown> & { _id: string; fee: number };
};

/** The rules of a payout request (spec §5, §6, §9): messages, limits, fees, ownership. */
describe('payout rules', () => {
  let api: TestApi;
  const clock = new MovableClock();
  let admin: { user: GivenUser; token: string };

  beforeAll(async () => {
    api = await startTestApi({}, { clock });
    const user = await given(api).user({ role: 'admin', services: [] });
    admin = { user, token: await signIn(api, user) };
  });
  afterAll(() => api.close());

  async function someone(
    rupees: number,
    spec: Parameters<ReturnType<typeof given>['user']>[0] = {},
  ) {
    const user = await given(api).user(spec);
    if (rupees) await fund(api, user, Math.round(rupees * 100));
    return { user, token: await signIn(api, user) };
  }

  function transfer(
    who: { user: GivenUser; token: string },
    payee: Pick<SavedBeneficiary, 'accountNumber' | 'ifsc' | 'name'>,
    body: Record<string, unknown>,
    // null leaves the header out.
    {
      path = '/api/payment/bankTransfer',
      pin = who.user.pin as string | null,
      key = randomUUID() as string | null,
    } = {},
  ) {
    return call<Body>(`${api.url}${path}`, {
      body: {
        beneficiaryName: payee.name,
        beneficiaryAccountNumber: payee.accountNumber,
        beneficiaryIfscCode: payee.ifsc,
        paymentMode: 'IMPS',
        ...body,
      },
      headers: {
        ...bearer(who.token),
        ...(pin === null ? {} : { pin }),
        ...(key === null ? {} : { 'idempotency-key': key }),
      },
    });
  }

  const payoutsOf = async (userId: string) =>
    (
      await query<{ n: number }>(api, 'SELECT count(*)::int AS n FROM payouts WHERE user_id = $1', [
        userId,
      ])
    )[0]!.n;

  describe('every validation message of spec §5 for a payout, before any money is held', () => {
    let payer: { user: GivenUser; token: string };
    let payee: SavedBeneficiary;

    beforeAll(async () => {
      payer = await someone(1000);
      payee = await saveBeneficiary(api, payer.user);
    });

    const cases: [string, Record<string, unknown>, { pin?: string | null }, string][] = [
      ['no amount', { amount: undefined }, {}, 'Please fill up all the required details.'],
      [
        'no name',
        { amount: 10, beneficiaryName: '  ' },
        {},
        'Please fill up all the required details.',
      ],
      [
        'no account number',
        { amount: 10, beneficiaryAccountNumber: '' },
        {},
        'Please fill up all the required details.',
      ],
      [
        'no IFSC',
        { amount: 10, beneficiaryIfscCode: null },
        {},
        'Please fill up all the required details.',
      ],
      [
        'an unknown mode',
        { amount: 10, paymentMode: 'UPI' },
        {},
        'Payment mode must be IMPS, NEFT or RTGS.',
      ],
      ['a word for an amount', { amount: 'ten' }, {}, 'Please enter a valid amount'],
      ['three decimals', { amount: '10.005' }, {}, 'Amount can have at most 2 decimal places.'],
      ['zero', { amount: 0 }, {}, 'Amount must be greater than zero.'],
      ['the cap', { amount: 200000 }, {}, 'Amount should be less than 200000'],
      [
        'RTGS under ₹2,00,000',
        { amount: 150000, paymentMode: 'RTGS' },
        {},
        'RTGS needs an amount of at least ₹2,00,000.',
      ],
      [
        'a short account number',
        { amount: 10, beneficiaryAccountNumber: '12345' },
        {},
        'Account number must be 9 to 18 digits.',
      ],
      [
        'a bad IFSC',
        { amount: 10, beneficiaryIfscCode: 'SBIN123' },
        {},
        'Please enter a valid 11-character IFSC, e.g. SBIN0001234.',
      ],
      ['no PIN', { amount: 10 }, { pin: null }, 'PIN is required.'],
      ['letters in the PIN', { amount: 10 }, { pin: '12ab' }, 'PIN should contain only numbers'],
      ['a 3-digit PIN', { amount: 10 }, { pin: '123' }, 'PIN must be 4 to 10 digits.'],
      ['an unknown type', { amount: 10, type: 'upi' }, {}, 'Type must be payout or aeps.'],
      ['an unknown field', { amount: 10, remarks: 'x' }, {}, 'Unknown field "remarks".'],
    ];
    it.each(cases)('refuses %s with 400', async (_name, body, options, message) => {
      const answer = await transfer(payer, payee, body, options);
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 400,
        message,
      });
    });

    it('refuses a missing Idempotency-Key, a wrong PIN and a short balance, holding nothing', async () => {
      const noKey = await transfer(payer, payee, { amount: 10 }, { key: null });
      expect(noKey.status).toBe(400);
      expect(noKey.body.message).toBe(
        'The Idempotency-Key header is required for a call that moves money.',
      );
      const wrongPin = await transfer(payer, payee, { amount: 10 }, { pin: '9999' });
      expect(wrongPin.status).toBe(422);
      expect(wrongPin.body.message).toMatch(/^Incorrect PIN/);
      const broke = await transfer(payer, payee, { amount: 990 }); // 990 + 15 > 1000
      expect(broke.status).toBe(422);
      expect(broke.body.message).toBe('Insufficient balance.');
      expect(await payoutsOf(payer.user.id)).toBe(0);
      expect(await accountOf(api, payer.user.id)).toEqual({
        posted: 100000,
        pending: 0,
        available: 100000,
      });
    });

    it('takes the whole balance when amount + fee fit exactly, and IMPS when no mode is sent', async () => {
      const answer = await transfer(payer, payee, { amount: 985, paymentMode: undefined });
      expect(answer.status).toBe(200);
      expect(answer.body.transactionRecord).toMatchObject({
        fee: 15,
        payload: { data: { paymentMode: 'IMPS' } },
      });
      expect(await accountOf(api, payer.user.id)).toMatchObject({ available: 0 });
    });
  });

  describe('limits at their exact boundaries', () => {
    it('lets a payout of ₹1,99,999.99 through and refuses ₹2,00,000', async () => {
      const payer = await someone(200100);
      const payee = await saveBeneficiary(api, payer.user);
      expect((await transfer(payer, payee, { amount: 200000 })).body.message).toBe(
        'Amount should be less than 200000',
      );
      const ok = await transfer(payer, payee, { amount: '199999.99', paymentMode: 'NEFT' });
      expect(ok.status).toBe(200);
      expect(ok.body.transactionRecord.fee).toBe(40);
    });

    it('gives the admin the unlimited payout below ₹10,00,000, within each mode’s rail rules', async () => {
      await fund(api, admin.user, 40_00_000_00);
      const payee = await saveBeneficiary(api, admin.user);
      const unlimited = (body: Record<string, unknown>) =>
        transfer(admin, payee, body, { path: '/api/admin/unlimitedPayout' });
      const refusals = [
        [{ amount: 1000000, paymentMode: 'NEFT' }, 'Amount should be less than 1000000'],
        [
          { amount: '500000.01', paymentMode: 'IMPS' },
          'IMPS allows at most ₹5,00,000 per transaction.',
        ],
        [
          { amount: '199999.99', paymentMode: 'RTGS' },
          'RTGS needs an amount of at least ₹2,00,000.',
        ],
        [{ amount: 100, type: 'aeps' }, 'The unlimited payout pays bank beneficiaries only.'],
      ] as const;
      for (const [body, message] of refusals) {
        const answer = await unlimited(body);
        expect({ status: answer.status, message: answer.body.message }).toEqual({
          status: 400,
          message,
        });
      }
      for (const body of [
        { amount: '999999.99', paymentMode: 'NEFT' },
        { amount: 500000, paymentMode: 'IMPS' },
        { amount: 200000, paymentMode: 'RTGS' },
      ]) {
        const answer = await unlimited(body);
        expect({ body, status: answer.status }).toEqual({ body, status: 200 });
        expect(answer.body.transactionRecord.fee).toBe(40);
      }
    });
  });

  describe('fees from the user’s payout rates', () => {
    const feeOf = async (
      payer: { user: GivenUser; token: string },
      payee: SavedBeneficiary,
      amount: string,
    ) => {
      const answer = await transfer(payer, payee, { amount, paymentMode: 'NEFT' });
      expect(answer.status).toBe(200);
      await payoutReaches(api, answer.body.transactionRecord._id, ['processed']);
      return answer.body.transactionRecord.fee;
    };

    it('charges ₹15, ₹25 and ₹40 by slab when no rate is set, at each slab’s edge', async () => {
      const payer = await someone(300000);
      const payee = await saveBeneficiary(api, payer.user);
      expect(await feeOf(payer, payee, '25000')).toBe(15);
      expect(await feeOf(payer, payee, '25000.01')).toBe(25);
      expect(await feeOf(payer, payee, '100000')).toBe(25);
      expect(await feeOf(payer, payee, '100000.01')).toBe(40);
    });

    it('uses a slab’s flat rate before its percent, and a free slab moves no fee', async () => {
      const payer = await someone(300000);
      await query(api, 'UPDATE users SET service_rates = $2 WHERE id = $1', [
        payer.user.id,
        JSON.stringify({
          payout: {
            limit1: { flatBase: 10, percentBase: 5 },
            limit2: { percentBase: 0.5 },
            limit3: { flatBase: 0 },
          },
        }),
      ]);
      const payee = await saveBeneficiary(api, payer.user);
      expect(await feeOf(payer, payee, '20000')).toBe(10);
      expect(await feeOf(payer, payee, '50000.50')).toBe(250);
      const free = await transfer(payer, payee, { amount: '150000', paymentMode: 'NEFT' });
      expect(free.body.transactionRecord.fee).toBe(0);
      await payoutReaches(api, free.body.transactionRecord._id, ['processed']);
      const feeLegs = await query<{ amount: string }>(
        api,
        `SELECT p.amount FROM ledger_postings p JOIN ledger_events e ON e.seq = p.event_seq
           JOIN ledger_accounts a ON a.id = p.account_id
          WHERE e.stream = $1 AND a.kind = 'system:fee_income'`,
        [`payout:${free.body.transactionRecord._id}`],
      );
      expect(feeLegs).toEqual([]);
      expect(await accountOf(api, payer.user.id)).toMatchObject({
        posted: 300000_00 - 20010_00 - 50250_50 - 150000_00,
        pending: 0,
      });
    });
  });

  describe('ownership: only the caller’s own saved beneficiaries', () => {
    it('refuses another user’s beneficiary, a deleted one and an unknown account with 404', async () => {
      const payer = await someone(1000);
      const other = await someone(0);
      const theirs = await saveBeneficiary(api, other.user);
      const deleted = await saveBeneficiary(api, payer.user, { deleted: true });
      const unknown = { ...theirs, accountNumber: '999999999999' };
      for (const payee of [theirs, deleted, unknown]) {
        const answer = await transfer(payer, payee, { amount: 10 });
        expect({ status: answer.status, message: answer.body.message }).toEqual({
          status: 404,
          message:
            'No saved beneficiary matches this account number and IFSC. Please add the beneficiary first.',
        });
      }
      expect(await payoutsOf(payer.user.id)).toBe(0);
      expect(await accountOf(api, payer.user.id)).toMatchObject({ pending: 0, available: 100000 });
    });

    it('matches the saved account however the caller spaces or cases it, and pays the saved name', async () => {
      const payer = await someone(1000);
      const payee = await saveBeneficiary(api, payer.user);
      const spaced = {
        name: 'Somebody Else',
        accountNumber: payee.accountNumber.replace(/(\d{4})/g, '$1 '),
        ifsc: payee.ifsc.toLowerCase(),
      };
      const answer = await transfer(payer, spaced, { amount: 10 });
      expect(answer.status).toBe(200);
      expect(answer.body.transactionRecord).toMatchObject({
        payload: { data: { beneficiaryName: payee.name, beneficiaryIfscCode: payee.ifsc } },
      });
    });

    it('refuses a payout without the payout service with 403', async () => {
      const payer = await someone(1000, { services: ['wallet'] });
      const payee = await saveBeneficiary(api, payer.user);
      const answer = await transfer(payer, payee, { amount: 10 });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 403,
        message: 'Your account does not have the payout service.',
      });
    });
  });

  describe('the 20-minute duplicate window', () => {
    it('asks for confirmation of the same amount to the same account, then pays when confirmed', async () => {
      const payer = await someone(2000);
      const payee = await saveBeneficiary(api, payer.user);
      expect((await transfer(payer, payee, { amount: 100 })).status).toBe(200);
      const repeat = await transfer(payer, payee, { amount: 100 });
      expect(repeat.status).toBe(409);
      expect(repeat.body).toMatchObject({
        code: 4091,
        message:
          'A payment of the same amount to this account was made in the last 20 minutes. Please confirm to send it again.',
      });
      expect((await transfer(payer, payee, { amount: '100.01' })).status).toBe(200);
      expect((await transfer(payer, payee, { amount: 100, confirmDuplicate: true })).status).toBe(
        200,
      );

      clock.advance({ minutes: 19, seconds: 50 });
      expect((await transfer(payer, payee, { amount: 100 })).status).toBe(409);
      clock.advance({ seconds: 20 });
      // 20:10 after the last one of ₹100.01; the confirmed ₹100 is 20:10 old too.
      expect((await transfer(payer, payee, { amount: 100 })).status).toBe(200);
    });
  });

  describe('AEPS settlement (type "aeps")', () => {
    it('pays from the AEPS balance to an approved AEPS account, ₹8 up to ₹25,000 and ₹15 above', async () => {
      const payer = await someone(0);
      await fund(api, payer.user, 60000_00, 'aeps');
      const account = await saveBeneficiary(api, payer.user, { kind: 'aeps' });
      const first = await transfer(payer, account, { amount: 25000, type: 'aeps' });
      expect(first.status).toBe(200);
      expect(first.body.transactionRecord).toMatchObject({ type: 'aepsSettlement', fee: 8 });
      const second = await transfer(payer, account, { amount: '25000.01', type: 'aeps' });
      expect(second.body.transactionRecord).toMatchObject({ fee: 15 });
      for (const answer of [first, second]) {
        await payoutReaches(api, answer.body.transactionRecord._id, ['processed']);
        expect(
          await streamEvents(api, `aeps-settlement:${answer.body.transactionRecord._id}`),
        ).toEqual(['aeps-settlement.requested', 'aeps-settlement.processed']);
      }
      expect(await accountOf(api, payer.user.id, 'aeps')).toEqual({
        posted: 60000_00 - 25008_00 - 25015_01,
        pending: 0,
        available: 60000_00 - 25008_00 - 25015_01,
      });
      expect(await accountOf(api, payer.user.id, 'wallet')).toMatchObject({
        posted: 0,
        pending: 0,
      });
    });

    it('refuses a bank beneficiary, an account not yet approved, and roles without AEPS settlement', async () => {
      const payer = await someone(0);
      await fund(api, payer.user, 1000_00, 'aeps');
      const bank = await saveBeneficiary(api, payer.user);
      const pending = await saveBeneficiary(api, payer.user, {
        kind: 'aeps',
        activation: 'pending',
      });
      for (const account of [bank, pending]) {
        const answer = await transfer(payer, account, { amount: 10, type: 'aeps' });
        expect({ status: answer.status, message: answer.body.message }).toEqual({
          status: 404,
          message: 'No approved AEPS account matches this account number and IFSC.',
        });
      }
      const counter = await someone(0, { role: 'khataEmployee1' });
      const theirs = await saveBeneficiary(api, counter.user, { kind: 'aeps' });
      const refused = await transfer(counter, theirs, { amount: 10, type: 'aeps' });
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status: 403,
        message: 'You are not allowed to do this.',
      });
    });
  });

  describe('checkLastTransaction', () => {
    it('lists the caller’s latest payouts to one account, 5 by default, at most 20', async () => {
      const payer = await someone(10000);
      const payee = await saveBeneficiary(api, payer.user);
      for (let i = 1; i <= 6; i++) {
        expect((await transfer(payer, payee, { amount: i })).status).toBe(200);
      }
      const last = (body: Record<string, unknown>, token = payer.token) =>
        call<{ data: { amount: { amount: number } }[]; message?: string }>(
          `${api.url}/api/user/checkLastTransaction`,
          {
            body: { accountNumber: payee.accountNumber, ifsc: payee.ifsc, ...body },
            headers: bearer(token),
          },
        );
      expect((await last({})).body.data.map((record) => record.amount.amount)).toEqual([
        6, 5, 4, 3, 2,
      ]);
      expect((await last({ limit: 20 })).body.data).toHaveLength(6);
      const tooMany = await last({ limit: 21 });
      expect({ status: tooMany.status, message: tooMany.body.message }).toEqual({
        status: 400,
        message: 'You can check a maximum of 20 transactions at a time.',
      });
      const stranger = await someone(0);
      expect((await last({}, stranger.token)).body).toEqual({
        success: true,
        data: [],
        message: 'No transactions found.',
      });
    });
  });

  it('leaves a ledger that verifies', async () => {
    expect(await ledgerViolations(api)).toEqual([]);
  });
});
