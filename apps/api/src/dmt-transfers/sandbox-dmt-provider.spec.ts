import { describe, expect, it } from '@jest/globals';
import { Clock } from '../common/clock.js';
import { RailUnavailableError } from '../rail/rail-adapter.js';
import { outcomeOfDmtAnswer } from './dmt-provider.js';
import { MemoryDmtSandboxBook } from './sandbox-dmt-book.js';
import {
  dmtSandboxBehaviour,
  SANDBOX_GARBAGE,
  SandboxDmtProvider,
} from './sandbox-dmt-provider.js';

class FixedClock extends Clock {
  constructor(public at: Date) {
    super();
  }
  now() {
    return this.at;
  }
}

function sandbox() {
  const book = new MemoryDmtSandboxBook();
  const clock = new FixedClock(new Date('2026-11-28T10:00:00Z'));
  const provider = new SandboxDmtProvider(book, clock, { returnAfterMs: 60_000 });
  const request = (ending: string, reference = `ref-${ending}`) => ({
    reference,
    product: 'dmt' as const,
    remitterMobile: '9876543210',
    accountNumber: `12345678${ending}`,
    ifsc: 'SBIN0000001',
    beneficiaryName: 'Asha Verma',
    amount: 500_000,
    mode: 'IMPS' as const,
  });
  return { book, clock, provider, request };
}

const paid = { status: 'processed', utr: expect.stringMatching(/^SBXD/) };

describe('the sandbox DMT provider', () => {
  it.each([
    ['4321', 'paid'],
    ['1009', 'pending-then-failed'],
    ['1010', 'garbage-then-paid'],
    ['1004', 'pending-then-paid'],
    ['2000', 'no-account'],
    ['1003', 'timeout-then-paid'],
  ])('reads the ending of %s as %s, sharing the bank rail’s table', (ending, behaviour) => {
    expect(dmtSandboxBehaviour(`12345678${ending}`)).toBe(behaviour);
  });

  it('pays any other ending at once with a UTR, and answers a resent reference with the original', async () => {
    const { book, provider, request } = sandbox();
    const first = await provider.send(request('4321'));
    expect(first).toEqual(paid);
    expect(await provider.send(request('4321'))).toEqual(first);
    expect(await provider.status('ref-4321')).toEqual(first);
    expect(await book.calls('ref-4321', 'send')).toBe(2);
  });

  it('fails a closed or unknown account with the bank’s reason', async () => {
    const { provider, request } = sandbox();
    expect(await provider.send(request('1001'))).toEqual({
      status: 'failed',
      reason: 'Beneficiary account is closed.',
    });
    expect(await provider.send(request('1000'))).toEqual({
      status: 'failed',
      reason: 'No account found with these details.',
    });
  });

  it('keeps 004 pending for two enquiries then pays, and 009 pending then fails', async () => {
    const { provider, request } = sandbox();
    expect(await provider.send(request('1004'))).toEqual({ status: 'pending' });
    expect(await provider.send(request('1009'))).toEqual({ status: 'pending' });
    for (let i = 0; i < 2; i++) {
      expect(await provider.status('ref-1004')).toEqual({ status: 'pending' });
      expect(await provider.status('ref-1009')).toEqual({ status: 'pending' });
    }
    expect(await provider.status('ref-1004')).toEqual(paid);
    expect(await provider.status('ref-1009')).toEqual({
      status: 'failed',
      reason: 'Refused by the beneficiary bank.',
    });
  });

  it('times out on 003 and 006 having taken the transfer: the enquiry decides', async () => {
    const { provider, request } = sandbox();
    await expect(provider.send(request('1003'))).rejects.toBeInstanceOf(RailUnavailableError);
    await expect(provider.send(request('1006'))).rejects.toBeInstanceOf(RailUnavailableError);
    expect(await provider.status('ref-1003')).toEqual(paid);
    expect(await provider.status('ref-1006')).toMatchObject({ status: 'failed' });
  });

  it('answers 010 with garbage, read as an unknown outcome; the enquiry finds it paid', async () => {
    const { provider, request } = sandbox();
    await expect(provider.send(request('1010'))).rejects.toThrow(
      'The DMT provider answered something unreadable.',
    );
    expect(await provider.status('ref-1010')).toEqual(paid);
  });

  it('does not know a reference 005 refused before taking it, and takes the next send', async () => {
    const { provider, request } = sandbox();
    await expect(provider.send(request('1005'))).rejects.toBeInstanceOf(RailUnavailableError);
    expect(await provider.status('ref-1005')).toEqual({ status: 'not-found' });
    expect(await provider.send(request('1005'))).toEqual(paid);
  });

  it('is down for 007 to sends and enquiries alike', async () => {
    const { provider, request } = sandbox();
    await expect(provider.send(request('1007'))).rejects.toBeInstanceOf(RailUnavailableError);
    await expect(provider.status('ref-1007')).rejects.toBeInstanceOf(RailUnavailableError);
  });

  it('returns 002 to an enquiry once the return delay passed, and 008 at once', async () => {
    const { clock, provider, request } = sandbox();
    expect(await provider.send(request('1002'))).toEqual(paid);
    expect(await provider.status('ref-1002')).toEqual(paid);
    clock.at = new Date(clock.at.getTime() + 60_000);
    expect(await provider.status('ref-1002')).toMatchObject({ status: 'reversed' });
    await expect(provider.send(request('1008'))).rejects.toBeInstanceOf(RailUnavailableError);
    expect(await provider.status('ref-1008')).toMatchObject({ status: 'reversed' });
  });
});

describe("reading a provider's answer (IPAY's envelope)", () => {
  it.each([
    [
      { statuscode: 'TXN', data: { txnReferenceId: 'U1' } },
      { status: 'processed', utr: 'U1' },
    ],
    [{ statuscode: 'TXN', data: {} }, { status: 'pending' }],
    [{ statuscode: 'TUP' }, { status: 'pending' }],
    [{ statuscode: 'DTX', status: 'Duplicate' }, { status: 'pending' }],
    [{ statuscode: 'SPD' }, { status: 'pending' }],
    [{ statuscode: 'QQQ' }, { status: 'pending' }],
    [
      { statuscode: 'FAB', status: 'Closed' },
      { status: 'failed', reason: 'Closed' },
    ],
    [{ statuscode: 'ERR' }, { status: 'failed', reason: 'The transfer failed at the bank.' }],
    [
      { statuscode: 'TRP', status: 'Refunded' },
      { status: 'reversed', reason: 'Refunded' },
    ],
    [{ statuscode: 'TNF' }, { status: 'not-found' }],
  ])('reads %j as %j', (answer, outcome) => {
    expect(outcomeOfDmtAnswer(answer)).toEqual(outcome);
  });

  it.each([[SANDBOX_GARBAGE], [null], [42], [{}], [{ statuscode: 'txn' }], [{ statuscode: 7 }]])(
    'throws an unknown outcome for %j, never a failure',
    (answer) => {
      expect(() => outcomeOfDmtAnswer(answer)).toThrow(RailUnavailableError);
    },
  );
});
