import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { amountToWordsHindi, wholeToHindiWords } from './amount-in-words-hi.js';
import { AMOUNT_WORDS_MAX_RUPEES, wholeToWords } from './amount-in-words.js';
import { Messages } from './messages.js';

describe('amountToWordsHindi', () => {
  it("reads the spec's example with Indian grouping and paise", () => {
    expect(amountToWordsHindi(123456.78)).toEqual({
      ok: true,
      value: 'एक लाख तेईस हज़ार चार सौ छप्पन और अठहत्तर पैसे',
    });
  });

  it.each([
    [0, 'शून्य'],
    [5, 'पाँच'],
    [11, 'ग्यारह'],
    [21, 'इक्कीस'],
    [49, 'उनचास'],
    [79, 'उन्यासी'],
    [99, 'निन्यानवे'],
    [100, 'एक सौ'],
    [1999, 'एक हज़ार नौ सौ निन्यानवे'],
    [250000, 'दो लाख पचास हज़ार'],
    [100000000, 'दस करोड़'],
    ['0.50', 'पचास पैसे'],
    ['2500.05', 'दो हज़ार पाँच सौ और पाँच पैसे'],
    // Two decimal digits, truncated as in English: 1.999 reads 99 paise.
    ['1.999', 'एक और निन्यानवे पैसे'],
  ])('reads %p as %p', (input, expected) => {
    expect(amountToWordsHindi(input)).toEqual({ ok: true, value: expected });
  });

  it('refuses what the English reading refuses, with the same messages', () => {
    expect(amountToWordsHindi('abc')).toEqual({
      ok: false,
      message: Messages.amountToWordsInvalid,
    });
    expect(amountToWordsHindi(`${AMOUNT_WORDS_MAX_RUPEES}0`)).toEqual({
      ok: false,
      message: Messages.amountTooLarge,
    });
  });

  it('has a word of its own for each number below a hundred', () => {
    const words = Array.from({ length: 100 }, (_, n) => wholeToHindiWords(BigInt(n)));
    expect(new Set(words).size).toBe(100);
    for (const word of words) expect(word).toMatch(/^[\u0900-\u097F]+$/);
  });

  it('names the same scales, in the same order, as the English reading of any amount', () => {
    const scales: [string, string][] = [
      ['padma', 'पद्म'],
      ['nil', 'नील'],
      ['kharab', 'खरब'],
      ['arab', 'अरब'],
      ['crore', 'करोड़'],
      ['lakh', 'लाख'],
      ['thousand', 'हज़ार'],
      ['hundred', 'सौ'],
    ];
    const scalesIn = (words: string, column: 0 | 1) =>
      words.split(' ').flatMap((word) => {
        const scale = scales.find((pair) => pair[column] === word);
        return scale ? [scale[0]] : [];
      });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: BigInt(AMOUNT_WORDS_MAX_RUPEES) }), (n) => {
        expect(scalesIn(wholeToHindiWords(n), 1)).toEqual(scalesIn(wholeToWords(n), 0));
      }),
    );
  });
});
