import { describe, it, expect } from '@jest/globals';
import {
  checkAccountNumber,
  checkIfsc,
  normalizeAccountNumber,
  normalizeIfsc,
} from './bank-account.js';
import { Messages } from './messages.js';

describe('IFSC', () => {
  it('normalises to upper case without whitespace', () => {
    expect(normalizeIfsc(' sbin 0001234 ')).toBe('SBIN0001234');
  });

  it.each([
    ['SBIN0001234', 'SBIN0001234'],
    ['hdfc0abc123', 'HDFC0ABC123'],
    ['ICIC0ABCDEF', 'ICIC0ABCDEF'],
  ])('accepts %p as %p', (input, ifsc) => {
    expect(checkIfsc(input)).toEqual({ ok: true, value: ifsc });
  });

  it.each([undefined, null, '', '  '])('asks for the IFSC when given %p', (input) => {
    expect(checkIfsc(input)).toEqual({ ok: false, message: Messages.ifscRequired });
  });

  it.each([
    'SBIN1001234', // fifth character must be 0
    'SBI00001234', // bank code is 4 letters
    'SBIN000123', // 10 characters
    'SBIN00012345', // 12 characters
    'SBIN0-01234',
    12345678901,
  ])('refuses %p as not an IFSC', (input) => {
    expect(checkIfsc(input)).toEqual({ ok: false, message: Messages.ifscInvalid });
  });
});

describe('account number', () => {
  it('normalises by removing whitespace and keeps leading zeros', () => {
    expect(normalizeAccountNumber(' 0012 3456 7890 ')).toBe('001234567890');
  });

  it.each([
    ['123456789', '123456789'],
    ['123456789012345678', '123456789012345678'],
    ['0012 3456 7890', '001234567890'],
  ])('accepts %p as %p', (input, stored) => {
    expect(checkAccountNumber(input)).toEqual({ ok: true, value: stored });
  });

  it.each([undefined, null, '', ' '])('asks for the account number when given %p', (input) => {
    expect(checkAccountNumber(input)).toEqual({
      ok: false,
      message: Messages.accountNumberRequired,
    });
  });

  it.each(['12345678', '1234567890123456789', '12345-6789', 'ABCD12345', 123456789012])(
    'refuses %p as not 9 to 18 digits',
    (input) => {
      expect(checkAccountNumber(input)).toEqual({
        ok: false,
        message: 'Account number must be 9 to 18 digits.',
      });
    },
  );
});
