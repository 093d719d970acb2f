import { describe, expect, it } from '@jest/globals';
import { checkIfsc, maskAccountNumber } from './bank-account.js';
import { INDIAN_BANKS } from './banks.data.js';
import { bankList, bankOfIfsc, ifscForBank } from './banks.js';

describe('the bank list', () => {
  it('lists the big public and private sector banks under their RBI prefixes', () => {
    const prefixes = new Map(bankList().map((bank) => [bank.name, bank.ifscPrefix]));
    expect(prefixes.get('State Bank of India')).toBe('SBIN');
    expect(prefixes.get('HDFC Bank')).toBe('HDFC');
    expect(prefixes.get('ICICI Bank')).toBe('ICIC');
    expect(prefixes.get('Axis Bank')).toBe('UTIB');
    expect(prefixes.get('Punjab National Bank')).toBe('PUNB');
    expect(prefixes.get('Bank of Baroda')).toBe('BARB');
    expect(prefixes.get('India Post Payments Bank')).toBe('IPOS');
  });

  it.each(INDIAN_BANKS.map((bank) => [bank.name, bank] as const))(
    "gives %s a valid global IFSC under the bank's own prefix",
    (_name, bank) => {
      expect(bank.ifscPrefix).toMatch(/^[A-Z]{4}$/);
      expect(checkIfsc(bank.ifscGlobal)).toEqual({ ok: true, value: bank.ifscGlobal });
      expect(bank.ifscGlobal.slice(0, 4)).toBe(bank.ifscPrefix);
    },
  );

  it('has no two banks with the same id, name or prefix', () => {
    for (const key of ['bankId', 'name', 'ifscPrefix'] as const) {
      const values = INDIAN_BANKS.map((bank) => bank[key]);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('answers the spec fields, sorted by name', () => {
    const list = bankList();
    expect(list).toHaveLength(INDIAN_BANKS.length);
    expect(Object.keys(list[0]!).sort()).toEqual(['bankId', 'ifscGlobal', 'ifscPrefix', 'name']);
    const names = list.map((bank) => bank.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-IN')));
  });

  it('finds the bank of an IFSC by its prefix, whatever its case and spaces', () => {
    expect(bankOfIfsc(' sbin 0001234')?.name).toBe('State Bank of India');
    expect(bankOfIfsc('UTIB0000123')?.name).toBe('Axis Bank');
    expect(bankOfIfsc('ZZZZ0000001')).toBeUndefined();
  });

  it('fills the IFSC of a picked bank', () => {
    expect(ifscForBank(1)).toBe('SBIN0000001');
    expect(ifscForBank(0)).toBeUndefined();
  });
});

describe('maskAccountNumber', () => {
  it.each([
    ['123456789', 'XXXXX6789'],
    ['123456789012', 'XXXXXXXX9012'],
    ['123456789012345678', 'XXXXXXXXXXXXXX5678'],
    ['1234 5678 9012', 'XXXXXXXX9012'],
    ['00001234', 'XXXX1234'],
    ['1234', 'XXXX'],
    ['12', 'XX'],
    ['', ''],
  ])('masks %p as %p', (input, masked) => {
    expect(maskAccountNumber(input)).toBe(masked);
  });
});
