import { describe, expect, it } from '@jest/globals';
import type { TransactionRecord } from './contract/transactions.js';
import { moneyArrivedMessage } from './money-arrived.js';

const record = (over: Partial<TransactionRecord>): TransactionRecord =>
  ({
    _id: 'r1',
    type: 'walletTransfer',
    status: 'success',
    direction: 'credit',
    amount: { amount: 1500.5 },
    counterparty: { name: 'Asha Stores', reference: null },
    ...over,
  }) as TransactionRecord;

describe('moneyArrivedMessage', () => {
  it('tells the recipient of a transfer who sent how much', () => {
    expect(moneyArrivedMessage(record({}))).toBe('₹1,500.50 received from Asha Stores.');
  });

  it('tells of an admin credit and an approved fund request', () => {
    expect(
      moneyArrivedMessage(
        record({ type: 'walletCredit', counterparty: { name: 'Khata', reference: null } }),
      ),
    ).toBe('₹1,500.50 received from Khata.');
    expect(
      moneyArrivedMessage(
        record({ type: 'fundRequest', counterparty: { name: null, reference: null } }),
      ),
    ).toBe('₹1,500.50 added to your wallet.');
  });

  it('says nothing to the sender, of a payout, or of money not yet arrived', () => {
    expect(moneyArrivedMessage(record({ direction: 'debit' }))).toBeUndefined();
    expect(moneyArrivedMessage(record({ type: 'payout' }))).toBeUndefined();
    expect(moneyArrivedMessage(record({ status: 'queued' }))).toBeUndefined();
  });
});
