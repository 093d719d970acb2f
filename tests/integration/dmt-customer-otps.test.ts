import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CustomerOtpRules, DmtMessages, type CustomerOtpPurpose } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { SandboxSmsSender } from '../../apps/api/src/beneficiaries/otp/sandbox-sms-sender.js';
import { DataAtRest } from '../../apps/api/src/common/crypto/data-at-rest.js';
import { AppError } from '../../apps/api/src/common/errors.js';
import { UnitOfWork } from '../../apps/api/src/database/unit-of-work.js';
import { CustomerOtps } from '../../apps/api/src/dmt/customer-otps.js';
import { RemittersRepository } from '../../apps/api/src/dmt/remitters.repository.js';
import { MovableClock } from '../support/clock.js';
import { given, newMobile, type GivenUser } from '../support/given.js';
import { query, startTestApi, type TestApi } from '../support/test-api.js';

/**
 * The customer OTPs of DMT (issue 25) against the real database: the rules hold in Postgres,
 * under bursts, whatever the caller does. The routes that use them are in dmt-remitters.test.ts.
 */
describe('DMT customer OTPs', () => {
  const clock = new MovableClock();
  let api: TestApi;
  let retailer: GivenUser;
  let otps: CustomerOtps;

  beforeAll(async () => {
    api = await startTestApi({}, { clock });
    retailer = await given(api).user({ role: 'khataEmployee2' });
    otps = api.app.get(CustomerOtps);
  });
  afterAll(() => api.close());

  async function remitter(): Promise<{ id: string; mobile: string }> {
    const mobile = newMobile();
    const atRest = api.app.get(DataAtRest);
    const row = await api.app.get(UnitOfWork).run((tx) =>
      api.app.get(RemittersRepository).upsertPending(tx, {
        id: randomUUID(),
        mobile,
        name: 'Ramesh Kumar',
        dateOfBirth: '1990-04-21',
        address: '12 Gandhi Nagar, Patna',
        pinCode: '800001',
        documentType: 'voterId',
        documentSealed: atRest.seal('ABC1234567'),
        documentLast4: '4567',
        registeredBy: retailer.id,
        createdAt: clock.now(),
      }),
    );
    return { id: row!.id, mobile };
  }

  async function issue(
    who: { id: string; mobile: string },
    binding: string,
    purpose: CustomerOtpPurpose = 'addBeneficiary',
  ): Promise<string> {
    await api.app.get(UnitOfWork).run((tx) =>
      otps.issue(tx, {
        purpose,
        remitterId: who.id,
        mobile: who.mobile,
        binding,
        requestedBy: retailer.id,
        smsText: (code, minutes) => `${code} is your OTP, valid ${minutes} minutes.`,
      }),
    );
    const sms = api.app.get(SandboxSmsSender).lastTo(who.mobile);
    return /^(\d{6}) /.exec(sms!.text)![1]!;
  }

  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof AppError) return { kind: error.kind, message: error.message };
      throw error;
    }
    throw new Error('expected a refusal');
  };

  const useIt = (proven: { id: string; at: Date }) =>
    api.app.get(UnitOfWork).run((tx) => otps.use(tx, proven));

  it('sends the code by SMS, keeps only a keyed hash, and proves it once', async () => {
    const who = await remitter();
    const code = await issue(who, 'ben-1');
    const rows = await query<{ otp_hash: Buffer }>(
      api,
      'SELECT otp_hash FROM customer_otps WHERE remitter_id = $1',
      [who.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.otp_hash.toString('hex')).not.toContain(Buffer.from(code).toString('hex'));
    const proven = await otps.check('addBeneficiary', who.id, 'ben-1', code);
    await useIt(proven);
    expect(await refusal(useIt(proven))).toEqual({
      kind: 'refused',
      message: DmtMessages.otpExpired,
    });
    expect(await refusal(otps.check('addBeneficiary', who.id, 'ben-1', code))).toEqual({
      kind: 'refused',
      message: DmtMessages.otpNotOpen,
    });
  });

  it('refuses a code bound to another binding, purpose or remitter, and counts no try on it', async () => {
    const who = await remitter();
    const other = await remitter();
    const code = await issue(who, 'ben-1');
    for (const attempt of [
      otps.check('addBeneficiary', who.id, 'ben-2', code),
      otps.check('deleteBeneficiary', who.id, 'ben-1', code),
      otps.check('addBeneficiary', other.id, 'ben-1', code),
    ]) {
      expect(await refusal(attempt)).toEqual({ kind: 'refused', message: DmtMessages.otpNotOpen });
    }
    const [row] = await query<{ attempts: number }>(
      api,
      'SELECT attempts FROM customer_otps WHERE remitter_id = $1',
      [who.id],
    );
    expect(row!.attempts).toBe(0);
    await otps.check('addBeneficiary', who.id, 'ben-1', code);
  });

  it('counts 20 parallel wrong codes as tries: exactly 3 compared, then the code is void', async () => {
    const who = await remitter();
    const code = await issue(who, 'ben-1');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        refusal(otps.check('addBeneficiary', who.id, 'ben-1', wrong)),
      ),
    );
    const messages = answers.map((answer) => answer.message);
    expect(messages.filter((m) => m === DmtMessages.otpWrong)).toHaveLength(2);
    expect(messages.filter((m) => m === DmtMessages.otpVoid)).toHaveLength(1);
    expect(messages.filter((m) => m === DmtMessages.otpNotOpen)).toHaveLength(17);
    const [row] = await query<{ attempts: number; voided: boolean }>(
      api,
      'SELECT attempts, voided_at IS NOT NULL AS voided FROM customer_otps WHERE remitter_id = $1',
      [who.id],
    );
    expect(row).toEqual({ attempts: CustomerOtpRules.maxAttempts, voided: true });
    // The right code no longer works either.
    expect((await refusal(otps.check('addBeneficiary', who.id, 'ben-1', code))).message).toBe(
      DmtMessages.otpNotOpen,
    );
  });

  it('lets a code expire after 5 minutes', async () => {
    const who = await remitter();
    const code = await issue(who, 'ben-1');
    clock.advance({ minutes: 5, seconds: 1 });
    try {
      expect((await refusal(otps.check('addBeneficiary', who.id, 'ben-1', code))).message).toBe(
        DmtMessages.otpNotOpen,
      );
    } finally {
      clock.reset();
    }
  });

  it('lets only the newest code of a binding work', async () => {
    const who = await remitter();
    const first = await issue(who, 'ben-1');
    const second = await issue(who, 'ben-1');
    if (first !== second) {
      expect((await refusal(otps.check('addBeneficiary', who.id, 'ben-1', first))).message).toBe(
        DmtMessages.otpWrong,
      );
    }
    await otps.check('addBeneficiary', who.id, 'ben-1', second);
  });

  it('sends at most 3 codes per purpose and binding in 15 minutes, even in a burst', async () => {
    const who = await remitter();
    const sends = await Promise.allSettled(
      Array.from({ length: 8 }, () => issue(who, 'ben-1', 'register')),
    );
    expect(sends.filter((send) => send.status === 'fulfilled')).toHaveLength(3);
    const refused = sends.find((send) => send.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).message).toBe(DmtMessages.tooManyOtps(15));
    // Another binding has its own sends.
    await issue(who, 'ben-2', 'register');
    clock.advance({ minutes: 15, seconds: 1 });
    try {
      await issue(who, 'ben-1', 'register');
    } finally {
      clock.reset();
    }
  });

  it('counts only unused codes as resends: five equal transfers in one visit each get a code', async () => {
    const who = await remitter();
    const binding = 'ben-1:500000:IMPS';
    for (let transfer = 1; transfer <= 5; transfer += 1) {
      const code = await issue(who, binding, 'transfer');
      await useIt(await otps.check('transfer', who.id, binding, code));
    }
    // Unused codes still count: three resends, then the fourth is refused.
    await issue(who, binding, 'transfer');
    await issue(who, binding, 'transfer');
    await issue(who, binding, 'transfer');
    const fourth = await refusal(issue(who, binding, 'transfer'));
    expect(fourth.message).toBe(DmtMessages.tooManyOtps(15));
  });

  it('uses a code once under a double click', async () => {
    const who = await remitter();
    const code = await issue(who, 'ben-1');
    const proven = await otps.check('addBeneficiary', who.id, 'ben-1', code);
    const uses = await Promise.allSettled([useIt(proven), useIt(proven), useIt(proven)]);
    expect(uses.filter((use) => use.status === 'fulfilled')).toHaveLength(1);
  });
  it('counts a double click (one Idempotency-Key, one code) as one try, and nothing else', async () => {
    const who = await remitter();
    const code = await issue(who, 'ben-1', 'transfer');
    const wrong = code === '000000' ? '111111' : '000000';
    const attempts = async () =>
      (
        await query<{ attempts: number }>(
          api,
          'SELECT attempts FROM customer_otps WHERE remitter_id = $1',
          [who.id],
        )
      )[0]!.attempts;
    const click = randomUUID();
    // Five parallel clicks with the right code: one try, every click proven.
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => otps.check('transfer', who.id, 'ben-1', code, click)),
    );
    expect(new Set(clicks.map((proven) => proven.id)).size).toBe(1);
    expect(await attempts()).toBe(1);
    // The same key with other codes is a guess each time: two more spend the code.
    const guesses = await Promise.all([
      refusal(otps.check('transfer', who.id, 'ben-1', wrong, click)),
      refusal(
        otps.check('transfer', who.id, 'ben-1', String(Number(wrong) + 1).padStart(6, '0'), click),
      ),
    ]);
    expect(guesses.map((guess) => guess.message).sort()).toEqual(
      [DmtMessages.otpVoid, DmtMessages.otpWrong].sort(),
    );
    expect(await attempts()).toBe(CustomerOtpRules.maxAttempts);
    // Spent and void: not even the first click's repeat opens it again.
    expect((await refusal(otps.check('transfer', who.id, 'ben-1', code, click))).message).toBe(
      DmtMessages.otpNotOpen,
    );
  });

  it('counts the right code under three different keys as three tries', async () => {
    const who = await remitter();
    const code = await issue(who, 'ben-1', 'transfer');
    for (let i = 0; i < CustomerOtpRules.maxAttempts; i++) {
      await otps.check('transfer', who.id, 'ben-1', code, randomUUID());
    }
    expect(
      (await refusal(otps.check('transfer', who.id, 'ben-1', code, randomUUID()))).message,
    ).toBe(DmtMessages.otpNotOpen);
  });
});
