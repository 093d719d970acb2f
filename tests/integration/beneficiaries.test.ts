import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Messages } from '@khata/domain';
import { randomInt, randomUUID } from 'node:crypto';
import { BeneficiariesRepository } from '../../apps/api/src/beneficiaries/beneficiaries.repository.js';
import { Db } from '../../apps/api/src/database/unit-of-work.js';
import { SandboxSmsSender } from '../../apps/api/src/beneficiaries/otp/sandbox-sms-sender.js';
import { MovableClock } from '../support/clock.js';
import { bearer, given, newMobile, signIn, type GivenUser } from '../support/given.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const NOT_FOUND = 'Beneficiary not found.';

/** A fresh account number of `digits` digits with this ending (the sandbox rail reads it). */
function newAccount(ending = '123', digits = 12): string {
  const head = Array.from({ length: digits - ending.length }, () => randomInt(0, 10)).join('');
  return `${head}${ending}`;
}

describe('beneficiaries', () => {
  const clock = new MovableClock();
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi({}, { clock });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(() => api.close());

  async function retailer(role = 'khataEmployee2') {
    const user = await given(api).user({ role });
    return { user, token: await signIn(api, user) };
  }

  const post = (path: string, token: string, body: unknown = {}) =>
    call<Json>(`${api.url}/api/${path}`, { body, headers: bearer(token) });

  const remove = (token: string, body: unknown) =>
    call<Json>(`${api.url}/api/user/deleteBeneficiary`, {
      method: 'DELETE',
      body,
      headers: bearer(token),
    });

  const form = (overrides: Json = {}) => ({
    AccountNo: newAccount(),
    IfscCode: 'SBIN0001234',
    name: 'Asha Verma',
    bankName: 'State Bank of India',
    ...overrides,
  });

  const create = (token: string, body: Json) => post('user/createBeneficiary', token, body);
  const createAeps = (token: string, body: Json) => post('user/createAepsBeneficiary', token, body);
  /** An admin's AEPS account decision, with the PIN (issue 23). */
  const decide = (body: Json, token = adminToken, pin: string | null = admin.pin) =>
    call<Json>(`${api.url}/api/admin/approveAepsBeneficiary`, {
      body,
      headers: { ...bearer(token), ...(pin !== null && { pin }) },
    });
  const list = async (token: string, body: Json = {}) => {
    const answer = await post('user/getBeneficiaryList', token, body);
    expect(answer.status).toBe(200);
    return answer.body.beneficiaries as Json[];
  };
  const verify = (token: string, accountNumber: string, ifscCode = 'SBIN0001234') =>
    post('user/verifyBankAccount', token, { name: 'x', accountNumber, ifscCode, consent: 'Y' });

  const payable = (ownerId: string, kind: 'bank' | 'aeps', account: string, ifsc: string) =>
    api.app.get(BeneficiariesRepository).findPayable(api.app.get(Db), ownerId, kind, account, ifsc);

  /** The OTP the sandbox SMS gateway "delivered" to this number. */
  function otpSentTo(mobile: string): string {
    const sms = api.app.get(SandboxSmsSender).lastTo(mobile);
    const code = sms?.text.match(/^(\d{6}) is your Khata OTP/)?.[1];
    if (!code) throw new Error(`no OTP was sent to ${mobile}`);
    return code;
  }

  describe('the bank list', () => {
    it('lists real Indian banks, each with a valid IFSC under its own prefix', async () => {
      const { token } = await retailer();
      const answer = await post('user/getBankList', token);
      expect(answer.status).toBe(200);
      const banks = answer.body.result as Json[];
      expect(banks.length).toBeGreaterThan(50);
      for (const bank of banks) {
        expect(bank).toEqual({
          bankId: expect.any(Number),
          name: expect.any(String),
          ifscGlobal: expect.stringMatching(/^[A-Z]{4}0[A-Z0-9]{6}$/),
          ifscPrefix: bank.ifscGlobal.slice(0, 4),
        });
      }
      expect(banks).toContainEqual(
        expect.objectContaining({ name: 'State Bank of India', ifscPrefix: 'SBIN' }),
      );
    });

    it('asks for a sign-in', async () => {
      const answer = await call<Json>(`${api.url}/api/user/getBankList`, { body: {} });
      expect(answer.status).toBe(401);
    });
  });

  describe('creating and listing', () => {
    it('saves a payout beneficiary normalised and lists it with the fields of spec §3', async () => {
      const { user, token } = await retailer();
      const digits = newAccount('456');
      const spaced = digits.replace(/(\d{4})/g, '$1 ');
      const answer = await create(token, {
        ...form({ AccountNo: spaced, IfscCode: ' sbin 0001234 ', name: ' Ravi Kumar ' }),
        beneficiaryMobileNumber: '9876543210',
        status: 'verified', // the client's word is not evidence: no penny drop was made
        type: 'payout',
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        success: true,
        message: 'Beneficiary created successfully.',
        data: { beneficiaryId: expect.any(String), referenceKey: null, otpRequired: false },
      });

      const [saved] = await list(token);
      expect(saved).toEqual({
        _id: answer.body.data.beneficiaryId,
        name: 'Ravi Kumar',
        bankName: 'State Bank of India',
        accountNumber: digits,
        AccountNo: digits,
        maskedAccountNumber: `XXXXXXXX${digits.slice(-4)}`,
        ifscCode: 'SBIN0001234',
        IfscCode: 'SBIN0001234',
        status: 'pending',
        payeeName: null,
        type: 'payout',
        beneficiaryMobile: '9876543210',
        remitterMobile: null,
        registered: true,
        createdAt: expect.any(String),
      });
      expect(await payable(user.id, 'bank', digits, 'SBIN0001234')).toEqual({
        id: saved!._id,
        name: 'Ravi Kumar',
        bankName: 'State Bank of India',
        accountNumber: digits,
        ifsc: 'SBIN0001234',
        status: 'pending',
        kind: 'bank',
      });
    });

    it('searches by name or account number, case-insensitively, and filters by type', async () => {
      const { token } = await retailer();
      const meena = form({ name: 'Meena Iyer' });
      const suresh = form({ name: 'Suresh Patel' });
      expect((await create(token, meena)).status).toBe(201);
      expect((await create(token, suresh)).status).toBe(201);

      const names = async (body: Json) => (await list(token, body)).map((b) => b.name);
      expect(await names({ search: 'meena' })).toEqual(['Meena Iyer']);
      expect(await names({ search: 'PATEL' })).toEqual(['Suresh Patel']);
      expect(await names({ search: meena.AccountNo.slice(2, 9) })).toEqual(['Meena Iyer']);
      expect((await names({})).sort()).toEqual(['Meena Iyer', 'Suresh Patel']);
      expect(await names({ type: 'dmt' })).toEqual([]);
      expect(await names({ type: 'aeps' })).toEqual([]);
    });

    it('refuses the same account and IFSC twice, however it is typed', async () => {
      const { token } = await retailer();
      const first = form();
      expect((await create(token, first)).status).toBe(201);
      const again = await create(token, {
        ...first,
        AccountNo: ` ${first.AccountNo} `,
        IfscCode: first.IfscCode.toLowerCase(),
        name: 'Someone Else',
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This beneficiary is already saved.');
      // The same account at another IFSC is another beneficiary.
      expect((await create(token, { ...first, IfscCode: 'HDFC0000001' })).status).toBe(201);
    });
  });

  describe('the rules of spec §5', () => {
    let token: string;
    beforeAll(async () => {
      ({ token } = await retailer());
    });

    const refused = async (body: Json, path = 'user/createBeneficiary') => {
      const answer = await post(path, token, body);
      expect({ status: answer.status, success: answer.body.success }).toEqual({
        status: 400,
        success: false,
      });
      return answer.body.message as string;
    };

    it.each([
      ['no bank', { bankName: undefined }],
      ['no IFSC', { IfscCode: undefined }],
      ['no account number', { AccountNo: undefined }],
      ['no name', { name: undefined }],
      ['a blank name', { name: '   ' }],
      ['a blank IFSC', { IfscCode: '' }],
      [
        'no name and a bad IFSC and account',
        { name: undefined, IfscCode: 'NOPE', AccountNo: '12' },
      ],
    ])('asks for every required field when given %s', async (_what, overrides) => {
      expect(await refused(form(overrides))).toBe(Messages.beneficiaryFieldsRequired);
      expect(await refused(form(overrides), 'user/createAepsBeneficiary')).toBe(
        Messages.beneficiaryFieldsRequired,
      );
    });

    it.each(['SBIN1001234', 'SBI00001234', 'SBIN000123', 'SBIN00012345', 'SBIN0-01234'])(
      'refuses the IFSC %p',
      async (IfscCode) => {
        expect(await refused(form({ IfscCode }))).toBe(Messages.ifscInvalid);
      },
    );

    it.each([
      [8, false],
      [9, true],
      [18, true],
      [19, false],
    ])('takes an account number of %i digits: %p', async (digits, accepted) => {
      const body = form({ AccountNo: newAccount('123', digits) });
      if (accepted) expect((await create(token, body)).status).toBe(201);
      else expect(await refused(body)).toBe(Messages.accountNumberInvalid);
    });

    it.each([['12345678901A'], [123456789012], ['1234-5678-9012']])(
      'refuses the account number %p',
      async (AccountNo) => {
        expect(await refused(form({ AccountNo }))).toBe(Messages.accountNumberInvalid);
      },
    );

    it('asks for the remitter mobile of a DMT beneficiary, with the spec mobile messages', async () => {
      expect(await refused({ ...form(), type: 'dmt' })).toBe(Messages.mobileRequired);
      expect(await refused({ ...form(), type: 'dmt', mobile: '98765' })).toBe(
        Messages.mobileTenDigits,
      );
    });

    it('refuses an unknown type, an unknown status and an unknown field', async () => {
      expect(await refused({ ...form(), type: 'upi' })).toBe('Type must be payout or dmt.');
      expect(await refused({ ...form(), status: 'approved' })).toBe(
        'Status must be verified or pending.',
      );
      expect(await refused({ ...form(), ownerId: randomUUID() })).toBe('Unknown field "ownerId".');
      expect(await refused(form({ name: 'x'.repeat(121) }))).toBe(
        'Name can be at most 120 characters.',
      );
    });

    it('verifies only with an account number and an IFSC, and with consent', async () => {
      const path = 'user/verifyBankAccount';
      expect(await refused({ ifscCode: 'SBIN0001234', consent: 'Y' }, path)).toBe(
        Messages.verifyNeedsAccountAndIfsc,
      );
      expect(await refused({ accountNumber: newAccount(), consent: 'Y' }, path)).toBe(
        Messages.verifyNeedsAccountAndIfsc,
      );
      expect(await refused({ accountNumber: '12345678', ifscCode: 'SBIN0001234' }, path)).toBe(
        Messages.accountNumberInvalid,
      );
      expect(await refused({ accountNumber: newAccount(), ifscCode: 'SBIN0001234' }, path)).toBe(
        'Please give your consent to verify the account.',
      );
    });
  });

  describe('account verification (penny drop through the sandbox rail)', () => {
    it('answers the payee name in both places the spec reads, and the saved beneficiary is verified', async () => {
      const { user, token } = await retailer();
      const account = newAccount('123');
      const answer = await verify(token, account, 'sbin0001234');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        success: true,
        message: 'Account verified successfully!',
        result: {
          name: expect.any(String),
          data: { payee: { name: answer.body.result.name } },
        },
      });

      const created = await create(token, form({ AccountNo: account }));
      expect(created.status).toBe(201);
      expect(created.body.beneficiary).toMatchObject({
        status: 'verified',
        payeeName: answer.body.result.name,
      });
      const [audited] = await query<{ outcome: string; details: Json }>(
        api,
        `SELECT outcome, details FROM audit_log
          WHERE actor_id = $1 AND action = 'beneficiary.account-check'`,
        [user.id],
      );
      expect(audited).toEqual({
        outcome: 'success',
        details: {
          accountNumber: `XXXXXXXX${account.slice(-4)}`,
          ifsc: 'SBIN0001234',
          payeeName: answer.body.result.name,
        },
      });
    });

    it("fails with the bank's reason for an account the bank does not know, and a save stays pending", async () => {
      const { token } = await retailer();
      const account = newAccount('000');
      const answer = await verify(token, account);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        success: false,
        message: 'Verification failed: No account found with these details.',
      });
      const created = await create(token, form({ AccountNo: account, status: 'verified' }));
      expect(created.body.beneficiary.status).toBe('pending');
    });

    it("does not count another user's penny drop", async () => {
      const a = await retailer();
      const b = await retailer();
      const account = newAccount('123');
      expect((await verify(a.token, account)).status).toBe(200);
      const created = await create(b.token, form({ AccountNo: account }));
      expect(created.body.beneficiary.status).toBe('pending');
    });

    it('allows 20 verifications an hour per user, then answers 429', async () => {
      const { token } = await retailer();
      for (let i = 0; i < 20; i++)
        expect((await verify(token, newAccount('123'))).status).toBe(200);
      const answer = await verify(token, newAccount('123'));
      expect(answer.status).toBe(429);
      expect(answer.body.message).toMatch(/^Too many account verifications\. Please try again in/);
    });
  });

  describe('the DMT OTP step', () => {
    async function dmt(token: string, remitter = newMobile(), overrides: Json = {}) {
      const body = { ...form(overrides), type: 'dmt', mobile: remitter };
      const answer = await create(token, body);
      expect(answer.status).toBe(201);
      return {
        remitter,
        account: body.AccountNo as string,
        beneficiaryId: answer.body.data.beneficiaryId as string,
        referenceKey: answer.body.data.referenceKey as string,
        answer,
      };
    }

    const register = (token: string, body: Json) => post('user/verifyBeneficiary', token, body);

    it('sends an OTP the API never returns, stores only its hash, and registers with it', async () => {
      const { user, token } = await retailer();
      const { remitter, account, beneficiaryId, referenceKey, answer } = await dmt(token);
      const otp = otpSentTo(remitter);
      expect(answer.body.data).toEqual({ beneficiaryId, referenceKey, otpRequired: true });
      expect(JSON.stringify(answer.body)).not.toContain(otp);
      const sms = api.app.get(SandboxSmsSender).lastTo(remitter)!.text;
      expect(sms).toContain(`XXXXXXXX${account.slice(-4)}`);
      expect(sms).not.toContain(account);
      const [stored] = await query<Json>(
        api,
        `SELECT encode(otp_hash, 'hex') AS hash, expires_at - created_at AS ttl
           FROM beneficiary_otps WHERE reference_key = $1`,
        [referenceKey],
      );
      expect(stored!.hash).toHaveLength(64);
      expect(stored!.hash).not.toContain(otp);
      expect(stored!.ttl).toEqual({ minutes: 10 });

      // Not payable, and listed as waiting, until the remitter's OTP comes back.
      expect(await payable(user.id, 'bank', account, 'SBIN0001234')).toBeUndefined();
      expect((await list(token, { type: 'dmt' }))[0]).toMatchObject({
        _id: beneficiaryId,
        registered: false,
        remitterMobile: remitter,
      });

      const wrong = await register(token, {
        remitterMobileNumber: remitter,
        referenceKey,
        otp: otp === '000000' ? '111111' : '000000',
        beneficiaryId,
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.message).toBe('Failed to verify OTP.');

      const right = await register(token, {
        remitterMobileNumber: remitter,
        referenceKey,
        otp,
        beneficiaryId,
      });
      expect(right.status).toBe(200);
      expect(right.body).toMatchObject({
        success: true,
        message: 'Beneficiary registered successfully!',
        data: { beneficiaryId },
        beneficiary: { registered: true, status: 'pending' },
      });
      expect(await payable(user.id, 'bank', account, 'SBIN0001234')).toMatchObject({
        id: beneficiaryId,
      });

      const again = await register(token, {
        remitterMobileNumber: remitter,
        referenceKey,
        otp,
        beneficiaryId,
      });
      expect(again.status).toBe(409);
    });

    it("refuses the right OTP from another remitter's number", async () => {
      const { token } = await retailer();
      const { remitter, beneficiaryId, referenceKey } = await dmt(token);
      const answer = await register(token, {
        remitterMobileNumber: newMobile(),
        referenceKey,
        otp: otpSentTo(remitter),
        beneficiaryId,
      });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('Failed to verify OTP.');
    });

    it('refuses an OTP after its 10 minutes', async () => {
      const { token } = await retailer();
      const { remitter, beneficiaryId, referenceKey } = await dmt(token);
      const otp = otpSentTo(remitter);
      clock.advance({ minutes: 10, seconds: 1 });
      const answer = await register(token, {
        remitterMobileNumber: remitter,
        referenceKey,
        otp,
        beneficiaryId,
      });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('The OTP has expired. Please request a new one.');
    });

    it('burns an OTP after 3 wrong tries; submitting again sends a new one and the old stops working', async () => {
      const { token } = await retailer();
      const remitter = newMobile();
      const first = await dmt(token, remitter);
      const otp = otpSentTo(remitter);
      const wrongOtp = otp === '999999' ? '999998' : '999999';
      const attempt = (code: string, referenceKey = first.referenceKey) =>
        register(token, {
          remitterMobileNumber: remitter,
          referenceKey,
          otp: code,
          beneficiaryId: first.beneficiaryId,
        });
      for (let i = 0; i < 3; i++) expect((await attempt(wrongOtp)).status).toBe(422);
      const locked = await attempt(otp);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe('Too many wrong OTPs. Please request a new one.');

      const second = await dmt(token, remitter, { AccountNo: first.account, name: 'Fixed Name' });
      expect(second.beneficiaryId).toBe(first.beneficiaryId);
      expect(second.referenceKey).not.toBe(first.referenceKey);
      const newOtp = otpSentTo(remitter);
      expect((await attempt(newOtp, first.referenceKey)).status).toBe(422);
      const registered = await attempt(newOtp, second.referenceKey);
      expect(registered.status).toBe(200);
      expect(registered.body.beneficiary.name).toBe('Fixed Name');
    });

    it('sends at most 5 OTPs an hour to one number', async () => {
      const { token } = await retailer();
      const remitter = newMobile();
      const account = newAccount();
      for (let i = 0; i < 5; i++) await dmt(token, remitter, { AccountNo: account });
      const sixth = await create(token, {
        ...form({ AccountNo: account }),
        type: 'dmt',
        mobile: remitter,
      });
      expect(sixth.status).toBe(429);
      expect(sixth.body.message).toMatch(/^Too many OTPs sent to this number/);
    });

    it('checks the shape of the OTP call', async () => {
      const { token } = await retailer();
      const body = {
        remitterMobileNumber: newMobile(),
        referenceKey: randomUUID(),
        otp: '123456',
        beneficiaryId: randomUUID(),
      };
      const message = async (overrides: Json) =>
        (await register(token, { ...body, ...overrides })).body.message;
      expect(await message({ otp: '' })).toBe('Please enter the OTP.');
      expect(await message({ otp: '12345' })).toBe('The OTP is 6 digits.');
      expect(await message({ otp: 123456 })).toBe('The OTP is 6 digits.');
      expect(await message({ remitterMobileNumber: '' })).toBe(Messages.mobileRequired);
      expect(await message({ beneficiaryId: 'abc' })).toBe('Please choose a beneficiary.');
      expect((await register(token, body)).status).toBe(404);
    });
  });

  describe('AEPS settlement accounts', () => {
    it('takes at most 2, pending until an admin approves; only approved ones are payable', async () => {
      const { user, token } = await retailer();
      const first = form({ IfscCode: 'HDFC0000001', bankName: 'HDFC Bank' });
      const second = form();
      const one = await createAeps(token, first);
      expect(one.status).toBe(201);
      expect(one.body).toMatchObject({
        success: true,
        message: 'Beneficiary created successfully.',
        data: { beneficiaryId: expect.any(String), activationStatus: 'pending' },
      });
      expect((await createAeps(token, second)).status).toBe(201);
      const third = await createAeps(token, form());
      expect(third.status).toBe(422);
      expect(third.body.message).toBe('You can add at most 2 AEPS accounts.');

      const accounts = await list(token, { type: 'aeps' });
      expect(accounts.map((a) => a.activationStatus)).toEqual(['pending', 'pending']);
      expect(accounts.map((a) => a.AccountNo).sort()).toEqual(
        [first.AccountNo, second.AccountNo].sort(),
      );
      expect(accounts[0]).toMatchObject({ type: 'aeps' });
      expect(await list(token)).toEqual([]); // bank beneficiaries are another list
      expect(await payable(user.id, 'aeps', first.AccountNo, 'HDFC0000001')).toBeUndefined();

      const pending = await post('admin/getAepsBeneficiaries', adminToken, {});
      expect(pending.body.data).toContainEqual(
        expect.objectContaining({
          _id: one.body.data.beneficiaryId,
          owner: { _id: user.id, name: user.name, mobile: user.mobile },
        }),
      );

      const approved = await decide({
        id: one.body.data.beneficiaryId,
        action: 'approve',
        remark: 'passbook checked',
      });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({
        message: 'AEPS account approved.',
        beneficiary: { activationStatus: 'approved', activationRemark: 'passbook checked' },
      });
      expect(await payable(user.id, 'aeps', first.AccountNo, 'HDFC0000001')).toMatchObject({
        id: one.body.data.beneficiaryId,
        kind: 'aeps',
      });
      // An AEPS account is not a bank-payout beneficiary.
      expect(await payable(user.id, 'bank', first.AccountNo, 'HDFC0000001')).toBeUndefined();

      const twice = await decide({
        id: one.body.data.beneficiaryId,
        action: 'reject',
        remark: 'second thoughts',
      });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('This AEPS account is already approved.');

      const [audited] = await query<{ actor: string; subject: string; details: Json }>(
        api,
        `SELECT actor_id AS actor, subject_id AS subject, details FROM audit_log
          WHERE action = 'beneficiary.aeps-decision' AND subject_id = $1`,
        [user.id],
      );
      expect(audited).toMatchObject({
        actor: admin.id,
        details: {
          activationStatus: 'approved',
          accountNumber: `XXXXXXXX${first.AccountNo.slice(-4)}`,
        },
      });
    });

    it('frees the place of a rejected account', async () => {
      const { token } = await retailer();
      const one = await createAeps(token, form());
      await createAeps(token, form());
      const rejected = await decide({
        id: one.body.data.beneficiaryId,
        action: 'reject',
        remark: 'name does not match',
      });
      expect(rejected.body.message).toBe('AEPS account rejected.');
      expect((await createAeps(token, form())).status).toBe(201);
      expect((await createAeps(token, form())).status).toBe(422);
    });

    it('takes the PIN and, to reject, a reason; a refused decision decides nothing', async () => {
      const { token } = await retailer();
      const id = (await createAeps(token, form())).body.data.beneficiaryId as string;
      const refusal = async (body: Json, pin: string | null = admin.pin) => {
        const answer = await decide({ id, ...body }, adminToken, pin);
        return [answer.status, answer.body.message];
      };
      expect(await refusal({ action: 'approve' }, null)).toEqual([400, Messages.pinRequired]);
      expect((await refusal({ action: 'approve' }, '9999'))[0]).toBe(422);
      expect(await refusal({ action: 'reject' })).toEqual([
        400,
        'Please give the reason for rejecting this AEPS account.',
      ]);
      expect(await refusal({ action: 'reject', remark: '   ' })).toEqual([
        400,
        'Please give the reason for rejecting this AEPS account.',
      ]);
      expect((await list(token, { type: 'aeps' })).map((a) => a.activationStatus)).toEqual([
        'pending',
      ]);
      const rejected = await decide({ id, action: 'reject', remark: 'Passbook name differs.' });
      expect(rejected.status).toBe(200);
      expect(rejected.body.beneficiary).toMatchObject({
        activationStatus: 'rejected',
        activationRemark: 'Passbook name differs.',
      });
    });

    it('lists a rejected account with its reason until deleted; only pending and approved hold the 2 places, under a burst too', async () => {
      const { token } = await retailer();
      const first = (await createAeps(token, form())).body.data.beneficiaryId as string;
      await decide({ id: first, action: 'reject', remark: 'Account is not in your name.' });
      const burst = await Promise.all([1, 2, 3, 4].map(() => createAeps(token, form())));
      expect(burst.map((a) => a.status).sort()).toEqual([201, 201, 422, 422]);
      const accounts = await list(token, { type: 'aeps' });
      expect(accounts).toHaveLength(3);
      expect(accounts.find((a) => a._id === first)).toMatchObject({
        activationStatus: 'rejected',
        activationRemark: 'Account is not in your name.',
      });
      expect((await remove(token, { id: first })).status).toBe(200);
      expect((await list(token, { type: 'aeps' })).map((a) => a.activationStatus)).toEqual([
        'pending',
        'pending',
      ]);
      expect((await createAeps(token, form())).status).toBe(422);
    });

    it("flags, in the admins' queue, an account holder whose name is not the retailer's", async () => {
      const { user, token } = await retailer();
      const own = (await createAeps(token, form({ name: user.name.toUpperCase() }))).body.data
        .beneficiaryId as string;
      const other = (await createAeps(token, form({ name: 'Someone Else Entirely' }))).body.data
        .beneficiaryId as string;
      const queue = (await post('admin/getAepsBeneficiaries', adminToken, {})).body.data as Json[];
      expect(queue.find((a) => a._id === own)?.holder).toEqual({
        name: user.name.toUpperCase(),
        differs: false,
      });
      expect(queue.find((a) => a._id === other)?.holder).toEqual({
        name: 'Someone Else Entirely',
        differs: true,
      });
    });

    it('lets only 2 of 4 simultaneous requests through', async () => {
      const { token } = await retailer();
      const answers = await Promise.all([1, 2, 3, 4].map(() => createAeps(token, form())));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 422, 422]);
    });

    it('is for employee 2 (AEPS Settlement), and approvals for admins', async () => {
      const counter = await retailer('khataEmployee1');
      expect((await createAeps(counter.token, form())).status).toBe(403);
      const { token } = await retailer();
      const answer = await decide({ id: randomUUID(), action: 'approve' }, token);
      expect(answer.status).toBe(403);
      const unknown = await decide({
        id: randomUUID(),
        action: 'approve',
      });
      expect(unknown.status).toBe(404);
      const bad = await decide({
        id: randomUUID(),
        action: 'maybe',
      });
      expect(bad.body.message).toBe('Action must be approve or reject.');
    });
  });

  describe('ownership and deleting', () => {
    it("keeps one user's beneficiaries from another: no list, no OTP, no payout, no delete", async () => {
      const a = await retailer();
      const b = await retailer();
      const remitter = newMobile();
      const body = { ...form(), type: 'dmt', mobile: remitter };
      const created = await create(a.token, body);
      const beneficiaryId = created.body.data.beneficiaryId as string;

      expect(await list(b.token)).toEqual([]);
      expect(await list(b.token, { search: body.AccountNo })).toEqual([]);

      const stolen = await post('user/verifyBeneficiary', b.token, {
        remitterMobileNumber: remitter,
        referenceKey: created.body.data.referenceKey,
        otp: otpSentTo(remitter),
        beneficiaryId,
      });
      expect(stolen.status).toBe(404);
      expect(stolen.body.message).toBe(NOT_FOUND);

      const deleted = await remove(b.token, { id: beneficiaryId });
      expect(deleted.status).toBe(404);
      expect(deleted.body.message).toBe(NOT_FOUND);
      const unknown = await remove(b.token, { id: randomUUID() });
      expect(unknown.body).toEqual(deleted.body); // an unknown id answers the same

      expect(await payable(b.user.id, 'bank', body.AccountNo, body.IfscCode)).toBeUndefined();
      expect(await list(a.token)).toHaveLength(1);
    });

    it('soft-deletes for the owner: gone from the list and from payouts, the row stays', async () => {
      const { user, token } = await retailer();
      const body = form();
      const created = await create(token, body);
      const id = created.body.data.beneficiaryId as string;

      const answer = await remove(token, { id });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: 'Beneficiary deleted successfully.' });
      expect(await list(token)).toEqual([]);
      expect(await payable(user.id, 'bank', body.AccountNo, body.IfscCode)).toBeUndefined();
      const [row] = await query<{ deleted: boolean }>(
        api,
        'SELECT deleted_at IS NOT NULL AS deleted FROM beneficiaries WHERE id = $1',
        [id],
      );
      expect(row).toEqual({ deleted: true });
      expect((await remove(token, { id })).status).toBe(404);
      expect((await remove(token, { id: 'not-an-id' })).body.message).toBe(
        'Please choose a beneficiary.',
      );

      // The account can be saved again.
      expect((await create(token, body)).status).toBe(201);
    });

    it('never writes a full account number to the audit log', async () => {
      const { user, token } = await retailer();
      const body = { ...form(), type: 'dmt', mobile: newMobile() };
      const created = await create(token, body);
      await verify(token, body.AccountNo);
      await remove(token, { id: created.body.data.beneficiaryId });
      const rows = await query<{ action: string; details: string }>(
        api,
        'SELECT action, details::text AS details FROM audit_log WHERE actor_id = $1 ORDER BY id',
        [user.id],
      );
      expect(rows.map((r) => r.action)).toEqual([
        'auth.login',
        'beneficiary.create',
        'beneficiary.account-check',
        'beneficiary.delete',
      ]);
      for (const row of rows) expect(row.details).not.toContain(body.AccountNo);
      expect(rows[1]!.details).toContain(`XXXXXXXX${body.AccountNo.slice(-4)}`);
    });

    it('asks for the payout service, as payouts do; listing stays open to the owner', async () => {
      const user = await given(api).user({ role: 'distributor', services: [] });
      const token = await signIn(api, user);
      const refused = await create(token, form());
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Your account does not have the payout service.');
      expect((await verify(token, newAccount())).status).toBe(403);
      expect(await list(token)).toEqual([]);
      expect((await post('user/getBankList', token)).status).toBe(200);

      const granted = await retailer('distributor'); // given users hold every service
      expect((await create(granted.token, form())).status).toBe(201);
    });
  });
});
