import { describe, expect, it } from '@jest/globals';
import {
  payoutKindOfBodyType,
  payoutKindOfStream,
  PAYOUT_KINDS,
  streamPrefixOf,
} from './contract/transaction-kinds.js';
import { decideCompensation, decidePayoutRequest } from './payout-decisions.js';

// 2026-03-02 is a Monday; IST is UTC+05:30.
const ist = (day: string, time: string) => new Date(`${day}T${time}+05:30`);

describe('decidePayoutRequest', () => {
  const fresh = { requestHash: 'h1', payeeFound: true, unconfirmedTwin: false };

  it('opens a first request with a payee and no unconfirmed twin', () => {
    expect(decidePayoutRequest(fresh)).toEqual({ do: 'open' });
  });

  it('replays the same request under the same key, whatever else is true now', () => {
    expect(
      decidePayoutRequest({
        ...fresh,
        earlier: { requestHash: 'h1' },
        payeeFound: false,
        unconfirmedTwin: true,
      }),
    ).toEqual({ do: 'replay' });
  });

  it('refuses another request under a used key before looking at anything else', () => {
    expect(
      decidePayoutRequest({ ...fresh, earlier: { requestHash: 'h2' }, payeeFound: false }),
    ).toEqual({ do: 'refuse', because: 'key-reused' });
  });

  it('refuses a missing payee before an unconfirmed twin', () => {
    expect(decidePayoutRequest({ ...fresh, payeeFound: false, unconfirmedTwin: true })).toEqual({
      do: 'refuse',
      because: 'no-payee',
    });
    expect(decidePayoutRequest({ ...fresh, unconfirmedTwin: true })).toEqual({
      do: 'refuse',
      because: 'duplicate',
    });
  });
});

describe('decideCompensation', () => {
  const failedLate = {
    status: 'failed',
    createdAt: ist('2026-03-02', '10:00:00'),
    finishedAt: ist('2026-03-06', '09:00:00'),
    updatedAt: ist('2026-03-07', '09:00:00'),
    alreadyPaid: false,
    wasProcessed: false,
  };

  it('pays ₹100 for each India day after T + 1, counted to when it came back', () => {
    // T = 2nd, T + 1 = 3rd; back on the 6th: the 4th, 5th and 6th are late.
    expect(decideCompensation(failedLate)).toEqual({ pay: true, amount: 300_00, daysLate: 3 });
    expect(decideCompensation({ ...failedLate, status: 'reversed', finishedAt: null })).toEqual({
      pay: true,
      amount: 400_00,
      daysLate: 4,
    });
  });

  it('refuses, in this order: already paid, not failed, paid by the bank, on time', () => {
    expect(decideCompensation({ ...failedLate, alreadyPaid: true, status: 'processed' })).toEqual({
      pay: false,
      because: 'already-paid',
    });
    expect(decideCompensation({ ...failedLate, status: 'processing', wasProcessed: true })).toEqual(
      { pay: false, because: 'not-failed' },
    );
    expect(decideCompensation({ ...failedLate, status: 'reversed', wasProcessed: true })).toEqual({
      pay: false,
      because: 'paid-by-bank',
    });
    expect(
      decideCompensation({ ...failedLate, finishedAt: ist('2026-03-03', '23:59:00') }),
    ).toEqual({ pay: false, because: 'on-time' });
  });
});

describe('the payout kinds’ spellings', () => {
  it('reads a transfer body’s type: empty, payout and bank are a bank payout, aeps a settlement', () => {
    for (const type of [undefined, null, '', 'payout', 'bank']) {
      expect(payoutKindOfBodyType(type)).toBe('payout');
    }
    expect(payoutKindOfBodyType('aeps')).toBe('aepsSettlement');
    for (const type of ['aepsSettlement', 'aeps-settlement', 'BANK', 1, {}]) {
      expect(payoutKindOfBodyType(type)).toBeUndefined();
    }
  });

  it('maps each kind to its stream, beneficiary kind and ledger account, and back', () => {
    expect(streamPrefixOf('aepsSettlement')).toBe('aeps-settlement');
    expect(payoutKindOfStream('aeps-settlement')).toBe('aepsSettlement');
    expect(payoutKindOfStream('payout')).toBe('payout');
    expect(payoutKindOfStream('transfer')).toBeUndefined();
    expect(PAYOUT_KINDS.payout).toMatchObject({ beneficiary: 'bank', account: 'wallet' });
    expect(PAYOUT_KINDS.aepsSettlement).toMatchObject({ beneficiary: 'aeps', account: 'aeps' });
  });
});
