import { describe, expect, it } from '@jest/globals';
import { inr, inWords, termEnd } from './rent-pdf.js';

describe('rent agreement PDF formats', () => {
  it('ends a term the day before the same date that many months later, at month ends too', () => {
    expect(termEnd('2026-11-29', 11)).toBe('2027-10-28');
    expect(termEnd('2026-01-01', 12)).toBe('2026-12-31');
    // 31 January + 1 month has no 31 February: the term ends on the month's last day.
    expect(termEnd('2026-01-31', 1)).toBe('2026-02-28');
    expect(termEnd('2028-01-31', 1)).toBe('2028-02-29');
    expect(termEnd('2026-01-28', 1)).toBe('2026-02-27');
    // The first of a month: the day before is the previous month's last.
    expect(termEnd('2026-03-01', 11)).toBe('2027-01-31');
  });

  it('writes rupees with lakh grouping, without .00 for whole rupees, and in words', () => {
    expect(inr(1_50_000_00)).toBe('₹1,50,000');
    expect(inr(15_000_50)).toBe('₹15,000.50');
    expect(inWords(1_50_000_00)).toBe('Rupees one lakh fifty thousand only');
    expect(inWords(488_00)).toBe('Rupees four hundred eighty eight only');
  });
});
