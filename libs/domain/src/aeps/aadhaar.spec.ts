import { describe, expect, it } from '@jest/globals';
import { checkAadhaar, maskAadhaar, verhoeffDigit, verhoeffValid } from './aadhaar.js';
import { checkAepsTransaction, DEFAULT_AEPS_LIMITS } from './transactions.js';

/** A 12-digit number with its Verhoeff check digit, from 11 digits. */
const aadhaar = (eleven: string) => `${eleven}${verhoeffDigit(eleven)}`;

describe('Verhoeff', () => {
  it('knows the textbook example: 236 has check digit 3', () => {
    expect(verhoeffDigit('236')).toBe(3);
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
  });

  it('catches every single-digit error and every adjacent swap of a valid number', () => {
    const valid = aadhaar('23456789012');
    expect(verhoeffValid(valid)).toBe(true);
    for (let i = 0; i < valid.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        const wrong = valid.slice(0, i) + d + valid.slice(i + 1);
        expect(verhoeffValid(wrong)).toBe(false);
      }
      if (i + 1 < valid.length && valid[i] !== valid[i + 1]) {
        const swapped = valid.slice(0, i) + valid[i + 1] + valid[i] + valid.slice(i + 2);
        expect(verhoeffValid(swapped)).toBe(false);
      }
    }
  });
});

describe('checkAadhaar', () => {
  it('takes 12 digits with spaces or dashes', () => {
    const valid = aadhaar('98765432109');
    const spaced = `${valid.slice(0, 4)} ${valid.slice(4, 8)}-${valid.slice(8)}`;
    expect(checkAadhaar(spaced)).toEqual({ ok: true, value: valid });
  });

  it.each([
    ['', 'Please enter'],
    [undefined, 'Please enter'],
    ['12345', 'not a valid'],
    [aadhaar('13456789012'), 'not a valid'], // starts with 1
    [aadhaar('03456789012'), 'not a valid'],
    ['2345678901ab', 'not a valid'],
  ])('refuses %p', (input, message) => {
    const checked = checkAadhaar(input);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toContain(message);
  });

  it('refuses a wrong check digit', () => {
    const valid = aadhaar('23456789012');
    const wrong = valid.slice(0, 11) + ((Number(valid[11]) + 1) % 10);
    expect(checkAadhaar(wrong).ok).toBe(false);
  });

  it('masks to the last four digits', () => {
    expect(maskAadhaar('234567890124')).toBe('XXXX XXXX 0124');
  });
});

describe('checkAepsTransaction', () => {
  const base = { aadhaar: aadhaar('23456789012'), bankIin: '607094', mobile: '9876543210' };

  it('takes a withdrawal in the limits, in paise', () => {
    const checked = checkAepsTransaction({ ...base, kind: 'withdrawal', amount: '2500' });
    expect(checked).toEqual({
      ok: true,
      value: { ...base, kind: 'withdrawal', amount: 250_000 },
    });
  });

  it('needs no amount for a balance enquiry or a mini statement', () => {
    for (const kind of ['balance', 'statement']) {
      const checked = checkAepsTransaction({ ...base, kind, amount: 'x' });
      expect(checked.ok && checked.value.amount).toBe(0);
    }
  });

  it.each([
    [{ amount: '99.99' }, 'The least amount is ₹100.00.'],
    [{ amount: '10000.01' }, 'One withdrawal can be at most ₹10,000.00.'],
    [{ amount: 'lots' }, 'Please enter the amount'],
    [{ bankIin: '999999' }, 'Please choose the customer’s bank.'],
    [{ kind: 'deposit' }, 'Please choose cash withdrawal'],
    [{ mobile: '123' }, 'mobile'],
  ])('refuses %p', (change, message) => {
    const checked = checkAepsTransaction(
      { ...base, kind: 'withdrawal', amount: '500', ...change },
      DEFAULT_AEPS_LIMITS,
    );
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message.toLowerCase()).toContain(message.toLowerCase());
  });
});
