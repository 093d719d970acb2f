import { describe, it, expect } from '@jest/globals';
import {
  aepsPlacesTaken,
  checkAepsDecisionReason,
  holderNameDiffers,
  approvedAepsAccounts,
  beneficiaryStatus,
  searchBeneficiaries,
  verifiedPayeeName,
} from './beneficiaries.js';

const list = [
  { name: 'Asha Verma', accountNumber: '123456789012' },
  { name: 'Ravi Kumar', accountNumber: '998877665544' },
  { name: 'ASHOK Rao', accountNumber: '555566667777' },
];

describe('searchBeneficiaries', () => {
  it('matches the name case-insensitively', () => {
    expect(searchBeneficiaries(list, 'ash').map((b) => b.name)).toEqual([
      'Asha Verma',
      'ASHOK Rao',
    ]);
  });

  it('matches the account number', () => {
    expect(searchBeneficiaries(list, '8877').map((b) => b.name)).toEqual(['Ravi Kumar']);
  });

  it('shows all for a blank query and nothing for no match', () => {
    expect(searchBeneficiaries(list, '  ')).toHaveLength(3);
    expect(searchBeneficiaries(list, 'zzz')).toEqual([]);
  });
});

describe('approvedAepsAccounts', () => {
  it('lists only approved accounts', () => {
    const accounts = [
      { id: 1, activationStatus: 'approved' },
      { id: 2, activationStatus: 'pending' },
      { id: 3 },
      { id: 4, activationStatus: 'Approved' },
    ];
    expect(approvedAepsAccounts(accounts).map((a) => a.id)).toEqual([1]);
  });
});

describe('verifiedPayeeName', () => {
  it('reads result.name or result.data.payee.name', () => {
    expect(verifiedPayeeName({ name: 'ASHA VERMA' })).toBe('ASHA VERMA');
    expect(verifiedPayeeName({ data: { payee: { name: ' Ravi ' } } })).toBe('Ravi');
  });

  it('counts an account as verified only when a payee name is returned', () => {
    for (const result of [undefined, null, {}, { name: '' }, { name: 42 }, { data: {} }]) {
      expect(verifiedPayeeName(result)).toBeUndefined();
      expect(beneficiaryStatus(verifiedPayeeName(result))).toBe('pending');
    }
    expect(beneficiaryStatus(verifiedPayeeName({ name: 'Asha' }))).toBe('verified');
  });
});

describe('AEPS accounts (issue 23)', () => {
  it('counts pending and approved accounts toward the places, never rejected ones', () => {
    const accounts = [
      { activationStatus: 'rejected' },
      { activationStatus: 'pending' },
      { activationStatus: 'rejected' },
      { activationStatus: 'approved' },
    ];
    expect(aepsPlacesTaken(accounts)).toBe(2);
    expect(aepsPlacesTaken(accounts.slice(0, 3))).toBe(1);
  });

  it('needs a reason to reject, and keeps it within 200 characters', () => {
    expect(checkAepsDecisionReason('reject', '  ')).toEqual({
      ok: false,
      message: 'Please give the reason for rejecting this AEPS account.',
    });
    expect(checkAepsDecisionReason('reject', ' name differs ')).toEqual({
      ok: true,
      value: 'name differs',
    });
    expect(checkAepsDecisionReason('approve', undefined)).toEqual({ ok: true, value: null });
    expect(checkAepsDecisionReason('reject', 'x'.repeat(201)).ok).toBe(false);
    expect(checkAepsDecisionReason('reject', 42).ok).toBe(false);
  });

  it("flags a holder whose name is not the retailer's, in any order and with initials", () => {
    expect(holderNameDiffers('Asha Verma', 'VERMA ASHA')).toBe(false);
    expect(holderNameDiffers('Asha Verma', 'Mrs. A. Verma')).toBe(false);
    expect(holderNameDiffers('Asha Verma', 'Ravi Kumar')).toBe(true);
    expect(holderNameDiffers('Asha Verma', 'Asha Kumari Verma')).toBe(false);
    expect(holderNameDiffers('Asha Verma', 'Asha Devi Verma')).toBe(true);
    expect(holderNameDiffers('Asha Verma', 'B. Verma')).toBe(true);
    expect(holderNameDiffers('Asha Verma', '')).toBe(true);
  });
});
