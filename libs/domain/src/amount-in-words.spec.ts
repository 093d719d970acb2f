import { describe, it, expect } from '@jest/globals';
import { amountToWords, wholeToWords } from './amount-in-words.js';
import { Messages } from './messages.js';

const words = (input: unknown) => amountToWords(input);

describe('amountToWords', () => {
  it("reads the spec's example with Indian grouping and paise", () => {
    expect(words(123456.78)).toEqual({
      ok: true,
      value: 'one lakh twenty three thousand four hundred fifty six and seventy eight paise',
    });
  });

  it.each([
    [0, 'zero'],
    ['0', 'zero'],
    ['0.00', 'zero'],
    [-0, 'zero'],
    [1, 'one'],
    [7, 'seven'],
    [10, 'ten'],
    [13, 'thirteen'],
    [19, 'nineteen'],
    [20, 'twenty'],
    [21, 'twenty one'],
    [99, 'ninety nine'],
    [100, 'one hundred'],
    [101, 'one hundred one'],
    [110, 'one hundred ten'],
    [999, 'nine hundred ninety nine'],
    [1000, 'one thousand'],
    [1001, 'one thousand one'],
    [99999, 'ninety nine thousand nine hundred ninety nine'],
    [100000, 'one lakh'],
    [250000, 'two lakh fifty thousand'],
    [10000000, 'one crore'],
    [1000000000, 'one arab'],
    [100000000000, 'one kharab'],
    [10000000000000, 'one nil'],
    [1000000000000000, 'one padma'],
    [1000000001, 'one arab one'],
  ])('reads %p as "%s"', (input, expected) => {
    expect(words(input)).toEqual({ ok: true, value: expected });
  });

  it('reads every Indian scale in one amount, exactly, up to the largest safe integer', () => {
    expect(words(Number.MAX_SAFE_INTEGER)).toEqual({
      ok: true,
      value:
        'nine padma seventy one kharab ninety nine arab twenty five crore forty seven lakh ' +
        'forty thousand nine hundred ninety one',
    });
    expect(words('9007199254740991.99').ok).toBe(true);
  });

  it.each([
    ['0.5', 'fifty paise'],
    [0.5, 'fifty paise'],
    ['0.05', 'five paise'],
    ['0.01', 'one paise'],
    ['1.5', 'one and fifty paise'],
    ['1.50', 'one and fifty paise'],
    [1.999, 'one and ninety nine paise'],
    ['2.0999', 'two and nine paise'],
    ['0.009', 'zero'],
    [1e-7, 'zero'],
  ])('reads only the first 2 decimals of %p, truncating: "%s"', (input, expected) => {
    expect(words(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    undefined,
    null,
    '',
    '  ',
    'abc',
    '12abc',
    NaN,
    Infinity,
    -Infinity,
    -1,
    -0.5,
    '-1',
    '1,000',
    true,
    {},
  ])('refuses %p with the spec message', (input) => {
    expect(words(input)).toEqual({ ok: false, message: Messages.amountToWordsInvalid });
  });

  it.each(['9007199254740992', 1e16, 1e21])('refuses %p as past the largest amount', (input) => {
    expect(words(input)).toEqual({ ok: false, message: Messages.amountTooLarge });
  });
});

describe('wholeToWords', () => {
  it('refuses numbers outside 0 to the largest safe integer', () => {
    expect(() => wholeToWords(-1n)).toThrow(RangeError);
    expect(() => wholeToWords(BigInt(Number.MAX_SAFE_INTEGER) + 1n)).toThrow(RangeError);
  });
});
