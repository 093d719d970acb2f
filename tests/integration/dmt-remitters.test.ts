import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DmtMessages, kycPendingMessage, Messages } from '@khata/domain';
import { randomInt } from 'node:crypto';
import { SandboxSmsSender } from '../../apps/api/src/beneficiaries/otp/sandbox-sms-sender.js';
import { SANDBOX_EKYC_MESSAGES } from '../../apps/api/src/dmt/remitter-provider.js';
import { MovableClock } from '../support/clock.js';
import { bearer, given, newMobile, signIn } from '../support/given.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A fresh mobile ending in `digit` (the sandbox provider reads the last digit). */
const mobileEnding = (digit: string) => `${newMobile().slice(0, 9)}${digit}`;

/** A fresh account number (the sandbox rail reads the last three digits; 123 is paid). */
const newAccount = () => `${randomInt(100_000, 999_999)}${randomInt(100, 999)}123`;

describe('DMT remitters and their beneficiaries (issue 25)', () => {
  const clock = new MovableClock();
  let api: TestApi;
  let shopA: string;
  let shopB: string;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi({}, { clock });
    shopA = await signIn(api, await given(api).user({ role: 'khataEmployee2' }));
    shopB = await signIn(api, await given(api).user({ role: 'khataEmployee2' }));
    adminToken = await signIn(api, await given(api).user({ role: 'admin', services: [] }));
  });
  afterAll(() => api.close());

  const post = (path: string, token: string, body: unknown = {}) =>
    call<Json>(`${api.url}/api/dmt/${path}`, { body, headers: bearer(token) });

  /** The code of the latest SMS to this mobile (the sandbox outbox). */
  const lastOtp = (mobile: string): string => {
    const sms = api.app.get(SandboxSmsSender).lastTo(mobile);
    return /^(\d{6}) /.exec(sms?.text ?? '')![1]!;
  };

  const form = (mobile: string, change: Json = {}) => ({
    mobile,
    name: 'Ramesh Kumar',
    dateOfBirth: '1990-04-21',
    address: '12 Gandhi Nagar, Patna',
    pinCode: '800001',
    documentType: 'voterId',
    documentNumber: 'ABC1234567',
    ...change,
  });

  /** A remitter registered with its OTP by shop A (state `registered`). */
  async function registered(mobile = mobileEnding('1')): Promise<{ id: string; mobile: string }> {
    const sent = await post('remitter/register', shopA, form(mobile));
    expect(sent.status).toBe(200);
    const verified = await post('remitter/verify', shopA, { mobile, otp: lastOtp(mobile) });
    expect(verified.status).toBe(200);
    return { id: verified.body.remitter.id, mobile };
  }

  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  describe('registering a remitter', () => {
    it('registers with the OTP from the SMS outbox, and the look-up shows it with its month limit', async () => {
      const mobile = mobileEnding('1');
      expect((await post('remitter', shopA, { mobile })).body).toEqual({
        success: true,
        registered: false,
      });
      const sent = await post('remitter/register', shopA, form(mobile));
      expect([sent.status, sent.body.message]).toEqual([200, DmtMessages.registerOtpSent]);
      expect(api.app.get(SandboxSmsSender).lastTo(mobile)?.text).toMatch(
        /^\d{6} is your OTP to register for money transfer/,
      );
      const pending = await post('remitter', shopA, { mobile });
      expect(pending.body).toMatchObject({ registered: false, remitter: { state: 'otpPending' } });

      const verified = await post('remitter/verify', shopA, { mobile, otp: lastOtp(mobile) });
      expect([verified.status, verified.body.message]).toEqual([200, DmtMessages.registered]);
      const known = await post('remitter', shopA, { mobile });
      expect(known.body).toMatchObject({
        success: true,
        registered: true,
        remitter: {
          id: sent.body.data.remitterId,
          mobile,
          name: 'Ramesh Kumar',
          state: 'registered',
          documentType: 'voterId',
          documentLast4: '4567',
          month: { limit: 25000, used: 0, left: 25000 },
          beneficiaries: [],
        },
      });
      // The document is sealed: its number is nowhere in the row.
      const [row] = await query<Json>(api, 'SELECT * FROM remitters WHERE mobile = $1', [mobile]);
      expect(JSON.stringify(row)).not.toContain('1234567');
    });

    it('refuses a wrong OTP, an expired one and a used one', async () => {
      const mobile = mobileEnding('1');
      await post('remitter/register', shopA, form(mobile));
      const code = lastOtp(mobile);
      const wrong = await post('remitter/verify', shopA, { mobile, otp: wrongFor(code) });
      expect([wrong.status, wrong.body.message]).toEqual([422, DmtMessages.otpWrong]);
      clock.advance({ minutes: 5, seconds: 1 });
      try {
        const expired = await post('remitter/verify', shopA, { mobile, otp: code });
        expect([expired.status, expired.body.message]).toEqual([422, DmtMessages.otpNotOpen]);
      } finally {
        clock.reset();
      }
      await post('remitter/register', shopA, form(mobile));
      const fresh = lastOtp(mobile);
      expect((await post('remitter/verify', shopA, { mobile, otp: fresh })).status).toBe(200);
      const again = await post('remitter/verify', shopA, { mobile, otp: fresh });
      expect([again.status, again.body.message]).toEqual([
        409,
        DmtMessages.remitterAlreadyRegistered,
      ]);
    });

    it('registers once under a double click of the right OTP', async () => {
      const mobile = mobileEnding('1');
      await post('remitter/register', shopA, form(mobile));
      const otp = lastOtp(mobile);
      const both = await Promise.all(
        [0, 1].map(() => post('remitter/verify', shopA, { mobile, otp })),
      );
      expect(both.map((answer) => answer.status).sort()).toEqual([200, expect.any(Number)]);
      expect(both.filter((answer) => answer.status === 200)).toHaveLength(1);
      const [row] = await query<Json>(
        api,
        `SELECT count(*) FILTER (WHERE used_at IS NOT NULL)::int AS used FROM customer_otps o
           JOIN remitters r ON r.id = o.remitter_id WHERE r.mobile = $1`,
        [mobile],
      );
      expect(row).toEqual({ used: 1 });
    });

    it('counts 20 parallel wrong OTPs as 20 tries: 3 compared, then the code is void', async () => {
      const mobile = mobileEnding('1');
      await post('remitter/register', shopA, form(mobile));
      const code = lastOtp(mobile);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          post('remitter/verify', shopA, { mobile, otp: wrongFor(code) }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 422));
      const messages = answers.map((answer) => answer.body.message);
      expect(messages.filter((m) => m === DmtMessages.otpWrong)).toHaveLength(2);
      expect(messages.filter((m) => m === DmtMessages.otpVoid)).toHaveLength(1);
      const [otp] = await query<Json>(
        api,
        `SELECT attempts, voided_at IS NOT NULL AS voided FROM customer_otps o
           JOIN remitters r ON r.id = o.remitter_id WHERE r.mobile = $1`,
        [mobile],
      );
      expect(otp).toEqual({ attempts: 3, voided: true });
      const right = await post('remitter/verify', shopA, { mobile, otp: code });
      expect([right.status, right.body.message]).toEqual([422, DmtMessages.otpNotOpen]);
    });

    it('limits sends: a 4th registration OTP within 15 minutes is refused with 429', async () => {
      const mobile = mobileEnding('1');
      for (let i = 0; i < 3; i++) {
        expect((await post('remitter/register', shopA, form(mobile))).status).toBe(200);
      }
      const fourth = await post('remitter/register', shopA, form(mobile));
      expect([fourth.status, fourth.body.message]).toEqual([429, DmtMessages.tooManyOtps(15)]);
    });

    it('makes the same mobile at two shops one remitter', async () => {
      const mobile = mobileEnding('1');
      // Shop A starts, shop B starts again before the OTP: still one row, one remitter.
      const a = await post('remitter/register', shopA, form(mobile));
      const b = await post('remitter/register', shopB, form(mobile, { name: 'Ramesh K' }));
      expect(b.body.data.remitterId).toBe(a.body.data.remitterId);
      expect((await post('remitter/verify', shopB, { mobile, otp: lastOtp(mobile) })).status).toBe(
        200,
      );
      const fromA = await post('remitter', shopA, { mobile });
      expect(fromA.body.remitter).toMatchObject({ id: a.body.data.remitterId, name: 'Ramesh K' });
      const again = await post('remitter/register', shopA, form(mobile));
      expect([again.status, again.body.message]).toEqual([
        409,
        DmtMessages.remitterAlreadyRegistered,
      ]);
      const [count] = await query<Json>(
        api,
        'SELECT count(*)::int AS n FROM remitters WHERE mobile = $1',
        [mobile],
      );
      expect(count).toEqual({ n: 1 });
    });

    it.each([
      [{ documentNumber: '2345 6789 0123' }, DmtMessages.aadhaarRefused],
      [{ documentType: 'aadhaar' }, DmtMessages.documentTypeInvalid],
      [{ pinCode: '012345' }, DmtMessages.pinCodeInvalid],
      [{ dateOfBirth: '21-04-1990' }, DmtMessages.dateOfBirthInvalid],
      [{ name: 'R2D2' }, DmtMessages.remitterNameInvalid],
      [{ mobile: '12345' }, Messages.mobileTenDigits],
      [{ address: 'Patna' }, DmtMessages.addressLength],
      [{ aadhaar: '234567890123' }, 'Unknown field "aadhaar".'],
    ])('refuses a registration with %j: 400 %j', async (change, message) => {
      const answer = await post('remitter/register', shopA, form(mobileEnding('1'), change));
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    });

    it('refuses a minor on India’s calendar day', async () => {
      const now = clock.now();
      const india = new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
      const seventeen = `${Number(india.slice(0, 4)) - 17}${india.slice(4)}`;
      const answer = await post(
        'remitter/register',
        shopA,
        form(mobileEnding('1'), { dateOfBirth: seventeen }),
      );
      expect([answer.status, answer.body.message]).toEqual([400, DmtMessages.notAdult]);
    });
  });

  describe('e-KYC through the sandbox provider', () => {
    it('does biometric e-KYC, and refuses it for a mobile ending 0', async () => {
      const { mobile } = await registered(mobileEnding('2'));
      const done = await post('remitter/ekyc', shopA, {
        mobile,
        method: 'biometric',
        consent: true,
        pidData: '<PidData>encrypted</PidData>',
      });
      expect([done.status, done.body.message, done.body.remitter.state]).toEqual([
        200,
        DmtMessages.ekycDone,
        'ekycDone',
      ]);
      const twice = await post('remitter/ekyc', shopA, {
        mobile,
        method: 'biometric',
        consent: true,
        pidData: '<PidData>encrypted</PidData>',
      });
      expect([twice.status, twice.body.message]).toEqual([409, DmtMessages.ekycAlreadyDone]);

      const refused = await registered(mobileEnding('0'));
      const answer = await post('remitter/ekyc', shopA, {
        mobile: refused.mobile,
        method: 'biometric',
        consent: true,
        pidData: '<PidData>encrypted</PidData>',
      });
      expect([answer.status, answer.body.message]).toEqual([
        422,
        DmtMessages.ekycRefused(SANDBOX_EKYC_MESSAGES.biometricMismatch),
      ]);
    });

    it('does Aadhaar OTP e-KYC in two calls, and answers 503 when the provider is down', async () => {
      const { mobile } = await registered(mobileEnding('3'));
      const early = await post('remitter/ekyc', shopA, {
        mobile,
        method: 'otp',
        consent: true,
        otp: '123456',
      });
      expect([early.status, early.body.message]).toEqual([409, DmtMessages.ekycNotStarted]);
      const started = await post('remitter/ekyc', shopA, { mobile, method: 'otp', consent: true });
      expect(started.body).toEqual({
        success: true,
        message: DmtMessages.ekycOtpSent,
        otpSent: true,
      });
      const wrong = await post('remitter/ekyc', shopA, {
        mobile,
        method: 'otp',
        consent: true,
        otp: '000000',
      });
      expect(wrong.status).toBe(422);
      const done = await post('remitter/ekyc', shopA, {
        mobile,
        method: 'otp',
        consent: true,
        otp: '123456',
      });
      expect(done.body.remitter.state).toBe('ekycDone');

      const down = await registered(mobileEnding('9'));
      const unavailable = await post('remitter/ekyc', shopA, {
        mobile: down.mobile,
        method: 'otp',
        consent: true,
      });
      expect([unavailable.status, unavailable.body.message]).toEqual([
        503,
        DmtMessages.ekycUnavailable,
      ]);
    });

    it('keeps the OTP usable when the provider is down at registration', async () => {
      const mobile = mobileEnding('8');
      await post('remitter/register', shopA, form(mobile));
      const down = await post('remitter/verify', shopA, { mobile, otp: lastOtp(mobile) });
      expect([down.status, down.body.message]).toEqual([503, DmtMessages.providerUnavailable]);
      expect((await post('remitter', shopA, { mobile })).body.remitter.state).toBe('otpPending');
    });

    it('needs the consent and, for biometric, the device’s data', async () => {
      const { mobile } = await registered();
      const noConsent = await post('remitter/ekyc', shopA, { mobile, method: 'otp' });
      expect([noConsent.status, noConsent.body.message]).toEqual([
        400,
        DmtMessages.consentRequired,
      ]);
      const noPid = await post('remitter/ekyc', shopA, {
        mobile,
        method: 'biometric',
        consent: true,
      });
      expect([noPid.status, noPid.body.message]).toEqual([400, DmtMessages.pidDataRequired]);
    });
  });

  describe('beneficiaries', () => {
    const beneficiary = (remitterMobile: string, change: Json = {}) => ({
      remitterMobile,
      name: 'Sita Devi',
      bankName: 'State Bank of India',
      ifsc: 'SBIN0001234',
      accountNumber: newAccount(),
      ...change,
    });

    it('adds one with the remitter’s OTP, then deletes it with another', async () => {
      const { mobile } = await registered();
      const added = await post('beneficiary/add', shopA, beneficiary(mobile));
      expect([added.status, added.body.message]).toEqual([200, DmtMessages.beneficiaryOtpSent]);
      expect(added.body.beneficiary).toMatchObject({
        state: 'otpPending',
        maskedAccountNumber: expect.stringMatching(/^X{8}\d{4}$/),
        verifiedName: null,
      });
      const id = added.body.data.beneficiaryId as string;
      const sms = api.app.get(SandboxSmsSender).lastTo(mobile)!.text;
      expect(sms).toContain('to add Sita Devi (A/c XXXX');

      const confirmed = await post('beneficiary/confirm', shopA, {
        remitterMobile: mobile,
        beneficiaryId: id,
        otp: lastOtp(mobile),
      });
      expect([confirmed.status, confirmed.body.beneficiary.state]).toEqual([200, 'active']);
      const listed = await post('remitter', shopB, { mobile });
      expect(listed.body.remitter.beneficiaries).toMatchObject([{ id, state: 'active' }]);

      const asked = await post('beneficiary/delete', shopB, {
        remitterMobile: mobile,
        beneficiaryId: id,
      });
      expect([asked.status, asked.body.message]).toEqual([200, DmtMessages.deleteOtpSent]);
      const deleted = await post('beneficiary/delete/confirm', shopB, {
        remitterMobile: mobile,
        beneficiaryId: id,
        otp: lastOtp(mobile),
      });
      expect([deleted.status, deleted.body.beneficiary.state]).toEqual([200, 'deleted']);
      expect((await post('remitter', shopA, { mobile })).body.remitter.beneficiaries).toEqual([]);
    });

    it('refuses an OTP bound to another beneficiary, and a second use of a code', async () => {
      const { mobile } = await registered();
      const first = await post('beneficiary/add', shopA, beneficiary(mobile));
      const firstCode = lastOtp(mobile);
      const second = await post('beneficiary/add', shopA, beneficiary(mobile));
      const secondCode = lastOtp(mobile);
      const crossed = await post('beneficiary/confirm', shopA, {
        remitterMobile: mobile,
        beneficiaryId: second.body.data.beneficiaryId,
        otp: firstCode === secondCode ? wrongFor(secondCode) : firstCode,
      });
      expect([crossed.status, crossed.body.message]).toEqual([422, DmtMessages.otpWrong]);
      // A double click: both confirmations race, one wins.
      const both = await Promise.all(
        [0, 1].map(() =>
          post('beneficiary/confirm', shopA, {
            remitterMobile: mobile,
            beneficiaryId: first.body.data.beneficiaryId,
            otp: firstCode,
          }),
        ),
      );
      expect(both.map((answer) => answer.status).sort()).toEqual([200, 422]);
    });

    it('penny-drops the account when asked, and refuses an account already added', async () => {
      const { mobile } = await registered();
      const body = beneficiary(mobile, { verify: true });
      const added = await post('beneficiary/add', shopA, body);
      expect(added.status).toBe(200);
      expect(added.body.beneficiary.verifiedName).toEqual(expect.any(String));
      const [check] = await query<Json>(
        api,
        `SELECT count(*)::int AS n FROM bank_account_checks WHERE checked_at > now() - interval '1 minute'
            AND owner_id = (SELECT registered_by FROM remitters WHERE mobile = $1)`,
        [mobile],
      );
      expect(check!.n).toBeGreaterThanOrEqual(1);
      await post('beneficiary/confirm', shopA, {
        remitterMobile: mobile,
        beneficiaryId: added.body.data.beneficiaryId,
        otp: lastOtp(mobile),
      });
      const again = await post('beneficiary/add', shopA, { ...body, verify: false });
      expect([again.status, again.body.message]).toEqual([409, DmtMessages.beneficiaryExists]);
      const failed = await post(
        'beneficiary/add',
        shopA,
        beneficiary(mobile, { verify: true, accountNumber: '123456789000' }),
      );
      expect(failed.status).toBe(422);
    });

    it('keeps beneficiaries to registered remitters and to their own remitter', async () => {
      const pending = mobileEnding('1');
      await post('remitter/register', shopA, form(pending));
      const early = await post('beneficiary/add', shopA, beneficiary(pending));
      expect([early.status, early.body.message]).toEqual([409, DmtMessages.remitterNotRegistered]);

      const one = await registered();
      const other = await registered();
      const added = await post('beneficiary/add', shopA, beneficiary(one.mobile));
      const foreign = await post('beneficiary/delete', shopA, {
        remitterMobile: other.mobile,
        beneficiaryId: added.body.data.beneficiaryId,
      });
      expect([foreign.status, foreign.body.message]).toEqual([
        404,
        DmtMessages.beneficiaryNotFound,
      ]);
    });

    it.each([
      [{ ifsc: 'SBIN1234' }, Messages.ifscInvalid],
      [{ accountNumber: '12' }, Messages.accountNumberInvalid],
      [{ bankName: '' }, DmtMessages.bankNameRequired],
      [{ name: 'Sita <Devi>' }, DmtMessages.beneficiaryNameInvalid],
      [{ verify: 'yes' }, 'verify must be true or false.'],
    ])('refuses a beneficiary with %j: 400 %j', async (change, message) => {
      const answer = await post('beneficiary/add', shopA, beneficiary('9876543211', change));
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    });
  });

  describe('who may', () => {
    it('refuses a retailer without the dmt service, and one whose KYC is not approved', async () => {
      const without = await signIn(
        api,
        await given(api).user({ role: 'khataEmployee2', services: ['wallet', 'payout'] }),
      );
      const answer = await post('remitter', without, { mobile: mobileEnding('1') });
      expect([answer.status, answer.body.message]).toEqual([403, DmtMessages.noDmtService]);
      const register = await post('remitter/register', without, form(mobileEnding('1')));
      expect([register.status, register.body.message]).toEqual([403, DmtMessages.noDmtService]);

      const newcomer = await signIn(api, await given(api).user({ kyc: 'none' }));
      const waiting = await post('remitter/register', newcomer, form(mobileEnding('1')));
      expect([waiting.status, waiting.body.message]).toEqual([403, kycPendingMessage('none')]);
    });

    it('lets an admin read any remitter but not act', async () => {
      const { mobile, id } = await registered();
      const read = await post('remitter', adminToken, { mobile });
      expect([read.status, read.body.remitter.id]).toEqual([200, id]);
      const act = await post('remitter/register', adminToken, form(mobileEnding('1')));
      expect([act.status, act.body.message]).toEqual([403, DmtMessages.readOnlyForAdmins]);
    });
  });
});
