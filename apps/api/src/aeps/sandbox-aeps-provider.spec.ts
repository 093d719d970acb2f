import { describe, expect, it } from '@jest/globals';
import { type AepsKind, checkAadhaar, RUPEE, verhoeffDigit } from '@khata/domain';
import { Clock } from '../common/clock.js';
import { type RailOutcome, RailUnavailableError } from '../rail/rail-adapter.js';
import { outcomeOfAepsAnswer } from './aeps-provider-answer.js';
import type { AepsDetails, AepsRequest } from './aeps-provider.js';
import { MemoryAepsSandboxBook } from './sandbox-aeps-book.js';
import {
  AEPS_SANDBOX_MESSAGES,
  aepsPidReadable,
  aepsSandboxCode,
  SandboxAepsProvider,
} from './sandbox-aeps-provider.js';

class FixedClock extends Clock {
  constructor(public at: Date) {
    super();
  }
  now() {
    return this.at;
  }
}

/** A PID block as the sandbox RD service writes a good capture (scripts/rd-sandbox.mjs). */
const GOOD_PID =
  '<PidData><Resp errCode="0" errInfo="Capture success" fCount="1" fType="2" qScore="84"/>' +
  '<DeviceInfo dpId="SANDBOX.KHATA" rdsId="SANDBOX.RD" rdsVer="1.0" mi="S1" mc="X" dc="D"/>' +
  '<Skey ci="SANDBOX">K</Skey><Hmac>H</Hmac><Data type="X">SANDBOX-NOT-A-REAL-PID</Data></PidData>';

/** A valid Aadhaar number whose two digits before the check digit are `code`. */
function aadhaarWith(code: string, lead = '234567891'): string {
  const eleven = `${lead}${code}`;
  return `${eleven}${verhoeffDigit(eleven)}`;
}

function sandbox(options: { latencyMs?: number } = {}) {
  const book = new MemoryAepsSandboxBook();
  // 10:00 UTC is 15:30 in India, the same India day: the statement's days count from 2026-11-28.
  const clock = new FixedClock(new Date('2026-11-28T10:00:00Z'));
  const provider = new SandboxAepsProvider(book, clock, options);
  const request = (
    code: string,
    kind: AepsKind = 'withdrawal',
    overrides: Partial<AepsRequest> = {},
  ): AepsRequest => ({
    reference: `ref-${kind}-${code}`,
    kind,
    aadhaar: aadhaarWith(code),
    pid: GOOD_PID,
    bankIin: '607094',
    mobile: '9876543210',
    amount: kind === 'withdrawal' || kind === 'aadhaarPay' ? 2_500 * RUPEE : 0,
    shopId: 'shop-1',
    agentAuthReference: kind === 'withdrawal' ? 'AG0000' : null,
    ...overrides,
  });
  return { book, clock, provider, request };
}

/** The made-up balance before, for the test numbers (last 4 digits `1 code check`). */
function balanceOf(aadhaar: string): number {
  const n = Number(aadhaar.slice(-4));
  return (12_000 + n * 4) * RUPEE + (n % 100);
}

/** The AEPS details of a processed or failed outcome ({} for any other). */
function detailsOf(outcome: RailOutcome): AepsDetails {
  return outcome.status === 'processed' || outcome.status === 'failed'
    ? ((outcome.details ?? {}) as AepsDetails)
    : {};
}

const processed = (details: object) => ({
  status: 'processed',
  utr: expect.stringMatching(/^\d{12}$/),
  details,
});
const failed = (reason: string, details: object = { balance: null, bankDebited: false }) => ({
  status: 'failed',
  reason,
  details,
});

describe('the sandbox AEPS provider', () => {
  it('makes valid test numbers and reads the two digits before the check digit', () => {
    const aadhaar = aadhaarWith('05');
    expect(checkAadhaar(aadhaar)).toEqual({ ok: true, value: aadhaar });
    expect(aadhaar.slice(9, 11)).toBe('05');
    expect(aepsSandboxCode(aadhaar)).toBe('05');
    expect(aepsSandboxCode(aadhaar.slice(-4))).toBe('05');
  });

  it('pays a withdrawal at once with a 12-digit RRN and the balance less the amount', async () => {
    const { book, provider, request } = sandbox();
    const sent = request('42');
    const first = await provider.send(sent);
    expect(first).toEqual(
      processed({ balance: balanceOf(sent.aadhaar) - 2_500 * RUPEE, statement: null }),
    );
    expect(await provider.status(sent.reference)).toEqual(first);
    expect(await book.calls(sent.reference, 'send')).toBe(1);
  });

  it('answers a reference sent again with the original, never making it twice', async () => {
    const { book, provider, request } = sandbox();
    const first = await provider.send(request('42'));
    const again = await provider.send(request('42', 'withdrawal', { amount: 9_000 * RUPEE }));
    expect(again).toEqual(first);
    expect(await book.calls('ref-withdrawal-42', 'send')).toBe(2);
    expect((await book.check('ref-withdrawal-42'))?.amount).toBe(2_500 * RUPEE);
  });

  it('answers a balance enquiry with the untouched balance, and Aadhaar Pay less the amount', async () => {
    const { provider, request } = sandbox();
    const enquiry = request('42', 'balance');
    expect(await provider.send(enquiry)).toEqual(
      processed({ balance: balanceOf(enquiry.aadhaar), statement: null }),
    );
    const pay = request('42', 'aadhaarPay');
    expect(await provider.send(pay)).toEqual(
      processed({ balance: balanceOf(pay.aadhaar) - 2_500 * RUPEE, statement: null }),
    );
  });

  it('gives a mini statement of 5 lines, newest first, on India days before today', async () => {
    const { provider, request } = sandbox();
    const outcome = await provider.send(request('42', 'statement'));
    expect(outcome.status).toBe('processed');
    const statement = detailsOf(outcome).statement ?? [];
    expect(statement).toHaveLength(5);
    expect(statement.map((line) => line.date)).toEqual([
      '2026-11-27',
      '2026-11-24',
      '2026-11-19',
      '2026-11-13',
      '2026-11-06',
    ]);
    expect(statement[0]).toEqual({
      date: '2026-11-27',
      type: 'Dr',
      amount: expect.any(Number),
      narration: 'AEPS CASH WITHDRAWAL',
    });
  });

  it('fails 01 for lack of funds with the (small) balance, but answers its enquiries', async () => {
    const { provider, request } = sandbox();
    const withdrawal = await provider.send(request('01'));
    expect(withdrawal).toEqual(
      failed(AEPS_SANDBOX_MESSAGES.insufficientFunds, {
        balance: expect.any(Number),
        bankDebited: false,
      }),
    );
    const low = detailsOf(withdrawal).balance ?? Infinity;
    expect(low).toBeLessThan(100 * RUPEE);
    expect(await provider.send(request('01', 'aadhaarPay'))).toMatchObject({ status: 'failed' });
    expect(await provider.send(request('01', 'balance'))).toEqual(
      processed({ balance: low, statement: null }),
    );
    expect(await provider.send(request('01', 'statement'))).toMatchObject({ status: 'processed' });
  });

  it('fails 02 (bank not available) and 07 (fingerprint mismatch) for every kind', async () => {
    const { provider, request } = sandbox();
    for (const kind of ['withdrawal', 'balance', 'statement', 'aadhaarPay'] as const) {
      expect(await provider.send(request('02', kind))).toEqual(
        failed(AEPS_SANDBOX_MESSAGES.bankUnavailable),
      );
      expect(await provider.send(request('07', kind))).toEqual(
        failed(AEPS_SANDBOX_MESSAGES.fingerprintMismatch),
      );
    }
    expect(await provider.status('ref-balance-02')).toEqual(
      failed(AEPS_SANDBOX_MESSAGES.bankUnavailable),
    );
  });

  it('times out on 03 having taken it: the enquiry finds it paid', async () => {
    const { book, provider, request } = sandbox();
    const sent = request('03');
    await expect(provider.send(sent)).rejects.toBeInstanceOf(RailUnavailableError);
    expect(await provider.status(sent.reference)).toEqual(
      processed({ balance: balanceOf(sent.aadhaar) - 2_500 * RUPEE, statement: null }),
    );
    expect(await book.calls(sent.reference, 'send')).toBe(1);
  });

  it('fails 04 with the bank having debited the customer (the T+5 reversal runs)', async () => {
    const { provider, request } = sandbox();
    const debited = failed(AEPS_SANDBOX_MESSAGES.debitedButFailed, {
      balance: null,
      bankDebited: true,
    });
    expect(await provider.send(request('04'))).toEqual(debited);
    expect(await provider.status('ref-withdrawal-04')).toEqual(debited);
    expect(await provider.send(request('04', 'aadhaarPay'))).toEqual(debited);
    expect(await provider.send(request('04', 'balance'))).toMatchObject({ status: 'processed' });
  });

  it('keeps 05 pending for two enquiries, then pays with the balance', async () => {
    const { provider, request } = sandbox();
    const sent = request('05');
    expect(await provider.send(sent)).toEqual({ status: 'pending' });
    expect(await provider.status(sent.reference)).toEqual({ status: 'pending' });
    expect(await provider.status(sent.reference)).toEqual({ status: 'pending' });
    const paid = processed({ balance: balanceOf(sent.aadhaar) - 2_500 * RUPEE, statement: null });
    expect(await provider.status(sent.reference)).toEqual(paid);
    expect(await provider.status(sent.reference)).toEqual(paid);
    expect(await provider.send(sent)).toEqual(paid);
  });

  it('is down for 06 to sends and enquiries alike, taking nothing', async () => {
    const { book, provider, request } = sandbox();
    const sent = request('06');
    await expect(provider.send(sent)).rejects.toBeInstanceOf(RailUnavailableError);
    await expect(provider.status(sent.reference)).rejects.toBeInstanceOf(RailUnavailableError);
    expect(await book.calls(sent.reference, 'send')).toBe(1);
    expect(await book.check(sent.reference)).toBeUndefined();
  });

  it('does not know a reference it was never sent', async () => {
    const { provider } = sandbox();
    expect(await provider.status('never-sent')).toEqual({ status: 'not-found' });
  });

  it.each([
    ['a failed capture', GOOD_PID.replace('errCode="0"', 'errCode="720"')],
    ['a capture with no Data', GOOD_PID.replace(/<Data.*<\/Data>/, '')],
    ['not a PidData at all', 'fingerprint'],
    ['an empty PID', ''],
  ])('fails an unreadable PID (%s) whatever the code, and keeps it failed', async (_, pid) => {
    const { provider, request } = sandbox();
    const unreadable = failed(AEPS_SANDBOX_MESSAGES.pidUnreadable);
    expect(await provider.send(request('42', 'withdrawal', { pid }))).toEqual(unreadable);
    expect(await provider.send(request('07', 'balance', { pid }))).toEqual(unreadable);
    expect(await provider.status('ref-withdrawal-42')).toEqual(unreadable);
  });

  it('reads a PID by its marks only', () => {
    expect(aepsPidReadable(GOOD_PID)).toBe(true);
    expect(aepsPidReadable(GOOD_PID.replace('errCode="0"', 'errCode="0700"'))).toBe(false);
  });

  it('registers an agent and authenticates the day with an AG reference', async () => {
    const { provider } = sandbox();
    const registered = await provider.registerAgent({
      shopId: 'shop-1',
      aadhaar: aadhaarWith('42'),
      pid: GOOD_PID,
    });
    expect(registered).toEqual({ ok: true, reference: expect.stringMatching(/^AG[0-9A-F]{12}$/) });
    const today = await provider.dailyAuth({ shopId: 'shop-1', day: '2026-11-28', pid: GOOD_PID });
    const tomorrow = await provider.dailyAuth({
      shopId: 'shop-1',
      day: '2026-11-29',
      pid: GOOD_PID,
    });
    expect(today).toEqual({ ok: true, reference: expect.stringMatching(/^AG/) });
    expect(tomorrow).not.toEqual(today);
  });

  it('refuses an agent whose fingerprint does not match (07) or cannot be read', async () => {
    const { provider } = sandbox();
    expect(
      await provider.registerAgent({ shopId: 's', aadhaar: aadhaarWith('07'), pid: GOOD_PID }),
    ).toEqual({ ok: false, reason: AEPS_SANDBOX_MESSAGES.agentFingerprintMismatch });
    expect(
      await provider.registerAgent({ shopId: 's', aadhaar: aadhaarWith('42'), pid: 'x' }),
    ).toEqual({ ok: false, reason: AEPS_SANDBOX_MESSAGES.pidUnreadable });
    expect(await provider.dailyAuth({ shopId: 's', day: '2026-11-28', pid: 'x' })).toEqual({
      ok: false,
      reason: AEPS_SANDBOX_MESSAGES.pidUnreadable,
    });
    await expect(
      provider.registerAgent({ shopId: 's', aadhaar: aadhaarWith('06'), pid: GOOD_PID }),
    ).rejects.toBeInstanceOf(RailUnavailableError);
  });

  it('takes its latency on each call when asked to', async () => {
    const { provider, request } = sandbox({ latencyMs: 40 });
    const started = performance.now();
    await provider.send(request('42'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });
});

describe("reading an AEPS provider's answer (IPAY's envelope)", () => {
  it.each([
    [
      { statuscode: 'TXN', data: { opr: '633210123456', ipayId: 'I1', balance: '5234.50' } },
      { status: 'processed', utr: '633210123456', details: { balance: 523_450, statement: null } },
    ],
    [
      { statuscode: 'TXN', data: { ipayId: 'I1' } },
      { status: 'processed', utr: 'I1', details: { balance: null, statement: null } },
    ],
    [{ statuscode: 'TXN', data: {} }, { status: 'pending' }],
    [{ statuscode: 'TUP' }, { status: 'pending' }],
    [{ statuscode: 'QQQ' }, { status: 'pending' }],
    [
      { statuscode: 'ERR', status: 'Insufficient funds', data: { balance: 12.5 } },
      {
        status: 'failed',
        reason: 'Insufficient funds',
        details: { balance: 1250, bankDebited: false },
      },
    ],
    [
      { statuscode: 'ERR', data: { bankDebited: true } },
      {
        status: 'failed',
        reason: 'The bank did not complete the transaction.',
        details: { balance: null, bankDebited: true },
      },
    ],
    [{ statuscode: 'TNF' }, { status: 'not-found' }],
  ])('reads %j as %j', (answer, outcome) => {
    expect(outcomeOfAepsAnswer(answer)).toEqual(outcome);
  });

  it('reads a mini statement in rupees, with the banks’ DD/MM/YYYY dates', () => {
    const outcome = outcomeOfAepsAnswer({
      statuscode: 'TXN',
      data: {
        opr: '633210123456',
        miniStatement: [
          { date: '27/11/2026', txnType: 'Dr', amount: '1500.25', narration: ' ATM WDL ' },
          { date: '2026-11-20', txnType: 'Cr', amount: 200, narration: 'UPI' },
        ],
      },
    });
    expect(outcome).toMatchObject({
      details: {
        statement: [
          { date: '2026-11-27', type: 'Dr', amount: 1500.25, narration: 'ATM WDL' },
          { date: '2026-11-20', type: 'Cr', amount: 200, narration: 'UPI' },
        ],
      },
    });
  });

  it('drops a statement with an unreadable line rather than guess it', () => {
    const outcome = outcomeOfAepsAnswer({
      statuscode: 'TXN',
      data: { opr: '1', miniStatement: [{ date: 'yesterday', txnType: 'Dr', amount: '1' }] },
    });
    expect(outcome).toMatchObject({ status: 'processed', details: { statement: null } });
  });

  it.each([['<html>502</html>'], [null], [42], [{}], [{ statuscode: 'txn' }], [{ statuscode: 7 }]])(
    'throws an unknown outcome for %j, never a failure',
    (answer) => {
      expect(() => outcomeOfAepsAnswer(answer)).toThrow(RailUnavailableError);
    },
  );
});
