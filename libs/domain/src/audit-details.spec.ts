import { describe, expect, it } from '@jest/globals';
import { auditMoney, describeAuditDetails, orderIdOfSeq } from './audit-details.js';

describe('describeAuditDetails', () => {
  it('writes money in rupees with Indian grouping, whatever unit an entry was written in', () => {
    // Since issue 23: marked paise.
    expect(describeAuditDetails('lien.place', { amount: auditMoney(1_000_000) })).toEqual([
      { label: 'Amount', value: '₹10,000.00' },
    ]);
    // Before: bare paise under a lien, bare rupees under an admin debit.
    expect(describeAuditDetails('lien.place', { amount: 1_000_000 })[0]!.value).toBe('₹10,000.00');
    expect(describeAuditDetails('wallet.debit', { amount: 250 })[0]!.value).toBe('₹250.00');
    expect(describeAuditDetails('wallet.credit', { amount: 250.5 })[0]!.value).toBe('₹250.50');
    expect(describeAuditDetails('overdraft.set', { overdraftLimit: 5_000_00 })).toEqual([
      { label: 'Overdraft limit', value: '₹5,000.00' },
    ]);
  });

  it('shows labels, order ids and dates, and leaves UUIDs out', () => {
    expect(
      describeAuditDetails('lien.release', {
        holdingId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
        seq: 42,
        reason: 'cleared',
        depositDate: '2026-11-27',
        enabled: true,
      }),
    ).toEqual([
      { label: 'Order ID', value: orderIdOfSeq(42) },
      { label: 'Reason', value: 'cleared' },
      { label: 'Deposit date', value: '27 Nov 2026' },
      { label: 'Enabled', value: 'Yes' },
    ]);
    expect(orderIdOfSeq(42)).toBe('KH0000000042');
  });
});
