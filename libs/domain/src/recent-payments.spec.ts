import { describe, it, expect } from '@jest/globals';
import { findDuplicatePayment, pruneRecentPayments, rememberedPayment } from './recent-payments.js';

const now = new Date('2024-03-15T10:00:00Z');
const minutesAgo = (m: number) => now.getTime() - m * 60_000;
const payment = { accountNumber: '1234 5678 9012', ifscCode: 'sbin0001234', amount: 150050 };
const earlier = { ...rememberedPayment(payment, now), timestamp: minutesAgo(5) };

describe('rememberedPayment', () => {
  it('keeps the account number masked, never whole (issue 31: it goes to browser storage)', () => {
    expect(rememberedPayment(payment, now)).toEqual({
      maskedAccountNumber: 'XXXXXXXX9012',
      ifscCode: 'SBIN0001234',
      amount: 150050,
      timestamp: now.getTime(),
    });
  });
});

describe('findDuplicatePayment', () => {
  it('finds the same amount to the same account and IFSC within 20 minutes', () => {
    expect(findDuplicatePayment([earlier], payment, now)).toBe(earlier);
  });

  it('includes the exact 20-minute edge and excludes a millisecond past it', () => {
    const atEdge = { ...earlier, timestamp: minutesAgo(20) };
    const pastEdge = { ...earlier, timestamp: minutesAgo(20) - 1 };
    expect(findDuplicatePayment([atEdge], payment, now)).toBe(atEdge);
    expect(findDuplicatePayment([pastEdge], payment, now)).toBeUndefined();
  });

  it('counts a payment stamped in the future as recent', () => {
    const skewed = { ...earlier, timestamp: now.getTime() + 60_000 };
    expect(findDuplicatePayment([skewed], payment, now)).toBe(skewed);
  });

  it.each([
    ['amount', { amount: 150051 }],
    ['account', { accountNumber: '123456789013' }],
    ['account length', { accountNumber: '23456789012' }],
    ['IFSC', { ifscCode: 'SBIN0001235' }],
  ])('ignores a payment with a different %s', (_field, change) => {
    expect(findDuplicatePayment([earlier], { ...payment, ...change }, now)).toBeUndefined();
  });

  it('asks about an account of the same length and last 4 digits at the same branch: one extra question', () => {
    expect(
      findDuplicatePayment([earlier], { ...payment, accountNumber: '999999999012' }, now),
    ).toBe(earlier);
  });
});

describe('pruneRecentPayments', () => {
  it('keeps only payments inside the window', () => {
    const old = { ...earlier, timestamp: minutesAgo(21) };
    expect(pruneRecentPayments([earlier, old], now)).toEqual([earlier]);
  });
});
