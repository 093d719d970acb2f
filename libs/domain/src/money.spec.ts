import { describe, it, expect } from '@jest/globals';
import { Messages } from './messages.js';
import { formatPaise, isPaise, paiseToRupees, parseRupees, rupeesString } from './money.js';

const MAX = Number.MAX_SAFE_INTEGER;

describe('parseRupees', () => {
  it.each([
    ['1500.50', 150050],
    ['1500.5', 150050],
    [1500.5, 150050],
    ['0.01', 1],
    ['1.10', 110],
    ['1.1', 110],
    ['  42 ', 4200],
    ['007', 700],
    ['0', 0],
    [0, 0],
    [-0, 0],
    [0.07, 7],
    [19.99, 1999],
  ])('reads %p as %p paise', (input, paise) => {
    expect(parseRupees(input)).toEqual({ ok: true, value: paise });
  });

  it('uses exact digits, not float multiplication (1.15 * 100 is 114.99999999999999)', () => {
    expect(1.15 * 100).not.toBe(115);
    expect(parseRupees(1.15)).toEqual({ ok: true, value: 115 });
    expect(parseRupees('4.35')).toEqual({ ok: true, value: 435 });
  });

  it.each([undefined, null, '', '   '])('asks for an amount when given %p', (input) => {
    expect(parseRupees(input)).toEqual({ ok: false, message: Messages.amountRequired });
  });

  it.each([
    'abc',
    '-5',
    -5,
    '+5',
    '1e3',
    '1,500',
    '0x10',
    'Infinity',
    Infinity,
    -Infinity,
    NaN,
    'NaN',
    '1.',
    '.5',
    '1 000',
    '1.2.3',
    true,
    {},
    [],
    10n,
  ])('refuses %p as not a valid amount', (input) => {
    expect(parseRupees(input)).toEqual({ ok: false, message: Messages.amountInvalid });
  });

  it.each(['1.234', 1.234, '1.230', 0.1 + 0.2, 1.005 * 1000, 1e-7])(
    'refuses %p for having more than 2 decimals',
    (input) => {
      expect(parseRupees(input)).toEqual({ ok: false, message: Messages.amountDecimals });
    },
  );

  it('accepts exactly the largest safe amount in paise', () => {
    expect(parseRupees('90071992547409.91')).toEqual({ ok: true, value: MAX });
  });

  it.each(['90071992547409.92', '90071992547410', 1e21, 1e300])(
    'refuses %p as past the safe-integer range',
    (input) => {
      expect(parseRupees(input)).toEqual({ ok: false, message: Messages.amountTooLarge });
    },
  );
});

describe('formatPaise', () => {
  it.each([
    [12345678, '₹1,23,456.78'],
    [0, '₹0.00'],
    [-0, '₹0.00'],
    [-500, '-₹5.00'],
    [5, '₹0.05'],
    [99999, '₹999.99'],
    [100000, '₹1,000.00'],
    [10000000, '₹1,00,000.00'],
    [1000000000, '₹1,00,00,000.00'],
    [MAX, '₹9,00,71,99,25,47,409.91'],
    [-MAX, '-₹9,00,71,99,25,47,409.91'],
  ])('shows %p paise as %p', (paise, shown) => {
    expect(formatPaise(paise)).toBe(shown);
  });

  it.each([1, 999, 1000, 123456, 9999999, 12345678901, MAX])(
    'groups the rupees of %p paise exactly as Intl en-IN does',
    (paise) => {
      const rupees = new Intl.NumberFormat('en-IN').format(BigInt(paise) / 100n);
      const paisePart = String(paise % 100).padStart(2, '0');
      expect(formatPaise(paise)).toBe(`₹${rupees}.${paisePart}`);
    },
  );

  it.each([1.5, NaN, Infinity, MAX + 1])('throws on %p, which is not an amount in paise', (p) => {
    expect(() => formatPaise(p)).toThrow(RangeError);
  });
});

describe('rupeesString and paiseToRupees', () => {
  it.each([
    [150050, '1500.50', 1500.5],
    [1, '0.01', 0.01],
    [0, '0.00', 0],
    [-500, '-5.00', -5],
    [999999999999999, '9999999999999.99', 9999999999999.99],
  ])('writes %p paise as "%s" and %p', (paise, text, rupees) => {
    expect(rupeesString(paise)).toBe(text);
    expect(paiseToRupees(paise)).toBe(rupees);
  });

  it.each([1, 10, 110, 115, 435, 150050, 99999999, 999999999999999])(
    'round-trips %p paise through a JSON number',
    (paise) => {
      const json = JSON.parse(JSON.stringify({ amount: paiseToRupees(paise) })) as {
        amount: number;
      };
      expect(parseRupees(json.amount)).toEqual({ ok: true, value: paise });
    },
  );
});

describe('isPaise', () => {
  it('accepts safe integers only', () => {
    expect(isPaise(0)).toBe(true);
    expect(isPaise(MAX)).toBe(true);
    expect(isPaise(MAX + 1)).toBe(false);
    expect(isPaise(1.5)).toBe(false);
    expect(isPaise('100')).toBe(false);
  });
});
