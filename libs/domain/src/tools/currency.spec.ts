import { describe, expect, it } from '@jest/globals';
import { Messages } from '../messages.js';
import {
  checkCurrencyCode,
  convertAmount,
  CURRENCIES,
  CurrencyMessages,
  formatForeign,
  inrPerUnitNumber,
  inrPerUnitString,
  parseInrPerUnit,
} from './currency.js';

describe('parseInrPerUnit', () => {
  it('reads rupees per unit into micro-rupees, up to 6 decimals', () => {
    expect(parseInrPerUnit('83.25')).toEqual({ ok: true, value: 83_250_000 });
    expect(parseInrPerUnit(0.571234)).toEqual({ ok: true, value: 571_234 });
    expect(parseInrPerUnit('0.000001')).toEqual({ ok: true, value: 1 });
    expect(parseInrPerUnit('1000000')).toEqual({ ok: true, value: 1_000_000_000_000 });
  });

  it.each([
    [undefined, CurrencyMessages.rateRequired],
    ['', CurrencyMessages.rateRequired],
    ['abc', CurrencyMessages.rateInvalid],
    [-1, CurrencyMessages.rateInvalid],
    ['0', CurrencyMessages.rateNotPositive],
    ['0.000000', CurrencyMessages.rateNotPositive],
    ['83.1234567', CurrencyMessages.rateDecimals],
    ['1000000.000001', CurrencyMessages.rateTooLarge],
  ])('refuses %p: %s', (input, message) => {
    expect(parseInrPerUnit(input)).toEqual({ ok: false, message });
  });

  it('writes a rate back with its 6 decimals, and as an exact number', () => {
    expect(inrPerUnitString(83_250_000)).toBe('83.250000');
    expect(inrPerUnitString(1)).toBe('0.000001');
    expect(inrPerUnitNumber(571_234)).toBe(0.571234);
  });
});

describe('checkCurrencyCode', () => {
  it('knows the ten currencies of the converter, in capitals only', () => {
    expect(CURRENCIES).toHaveLength(10);
    expect(checkCurrencyCode('USD')).toEqual({ ok: true, value: 'USD' });
    for (const bad of ['usd', 'INR', 'XYZ', '', 7]) {
      expect(checkCurrencyCode(bad)).toEqual({
        ok: false,
        message: CurrencyMessages.currencyUnknown,
      });
    }
  });
});

describe('convertAmount', () => {
  // $100.00 at ₹83.25: 10,000 cents × 83,250,000 µ₹ / 10⁶ = 8,32,500 paise = ₹8,325.00.
  it('converts dollars to rupees exactly', () => {
    expect(convertAmount(10_000, 83_250_000, 'toInr')).toEqual({ ok: true, value: 832_500 });
  });

  // ₹10,000 at ₹83.25 a dollar: 10,00,000 paise × 10⁶ / 83,250,000 = 12,012.012 cents → $120.12.
  it('converts rupees to dollars, rounding to the cent', () => {
    expect(convertAmount(1_000_000, 83_250_000, 'fromInr')).toEqual({ ok: true, value: 12_012 });
  });

  // ¥1,000 at ₹0.571234: 1,00,000 × 571,234 / 10⁶ = 57,123.4 paise → ₹571.23.
  // ₹1 → 100 × 10⁶ / 571,234 = 175.06 hundredths → ¥1.75.
  it('uses all 6 decimals of a small rate', () => {
    expect(convertAmount(100_000, 571_234, 'toInr')).toEqual({ ok: true, value: 57_123 });
    expect(convertAmount(100, 571_234, 'fromInr')).toEqual({ ok: true, value: 175 });
  });

  it('rounds half a hundredth up', () => {
    // 1 cent at ₹0.50 is half a paisa → 1; 1 paisa at ₹2.00 is half a cent → 1.
    expect(convertAmount(1, 500_000, 'toInr')).toEqual({ ok: true, value: 1 });
    expect(convertAmount(1, 2_000_000, 'fromInr')).toEqual({ ok: true, value: 1 });
    expect(convertAmount(1, 499_999, 'toInr')).toEqual({ ok: true, value: 0 });
  });

  it('refuses an answer too large to hold exactly', () => {
    expect(convertAmount(Number.MAX_SAFE_INTEGER, 2_000_000, 'toInr')).toEqual({
      ok: false,
      message: Messages.amountTooLarge,
    });
  });
});

describe('formatForeign', () => {
  it('shows two decimals with the currency sign, in Indian grouping', () => {
    expect(formatForeign(12_012, 'USD')).toBe('$120.12');
    expect(formatForeign(175, 'JPY')).toBe('JP¥1.75');
    expect(formatForeign(1_234_567_89, 'EUR')).toBe('€12,34,567.89');
    expect(formatForeign(5, 'GBP')).toBe('£0.05');
  });
});
