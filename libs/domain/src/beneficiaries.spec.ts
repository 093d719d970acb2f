import { describe, it, expect } from '@jest/globals';
import {
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
