import { describe, expect, it } from '@jest/globals';
import { isUuid } from './ids.js';
import {
  isTransactionKind,
  isTransactionStatus,
  kindOfStreamPrefix,
  streamPrefixOf,
  TRANSACTION_KINDS,
  transactionKindLabel,
} from './transaction-kinds.js';

describe('the transaction vocabulary', () => {
  it.each([
    ['walletTransfer', 'transfer'],
    ['walletCredit', 'credit'],
    ['payout', 'payout'],
    ['aepsSettlement', 'aeps-settlement'],
  ] as const)('maps %s to the stream prefix %s and back', (kind, prefix) => {
    expect(streamPrefixOf(kind)).toBe(prefix);
    expect(kindOfStreamPrefix(prefix)).toBe(kind);
  });

  it('has one stream prefix per kind', () => {
    const prefixes = Object.values(TRANSACTION_KINDS).map((kind) => kind.stream);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('reads an unknown prefix or type as none, and shows an unknown type as it came', () => {
    expect(kindOfStreamPrefix('aepsSettlement')).toBeUndefined();
    expect(isTransactionKind('aeps-settlement')).toBe(false);
    expect(isTransactionKind('toString')).toBe(false);
    expect(transactionKindLabel('payout')).toBe('Bank payout');
    expect(transactionKindLabel('mystery')).toBe('mystery');
  });

  it('knows the six statuses', () => {
    expect(
      ['success', 'queued', 'processing', 'processed', 'reversed', 'failed'].every(
        isTransactionStatus,
      ),
    ).toBe(true);
    expect(isTransactionStatus('pending')).toBe(false);
  });
});

describe('isUuid', () => {
  it('takes a UUID in either case and nothing else', () => {
    expect(isUuid('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isUuid('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
    expect(isUuid('0f8fad5b-d9cb-469f-a165-70867728950')).toBe(false);
    expect(isUuid(' 0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
