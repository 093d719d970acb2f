import { describe, expect, it } from '@jest/globals';
import { FY_2025_26, FY_2026_27, TAX_YEARS, taxYearOn } from './income-tax-rules.js';

describe('the years', () => {
  it('keeps FY 2026-27 on FY 2025-26 rules, marked as unconfirmed', () => {
    expect(FY_2026_27.regimes).toBe(FY_2025_26.regimes);
    expect(FY_2026_27).toMatchObject({ financialYear: '2026-27', assessmentYear: '2027-28' });
    expect(FY_2026_27.caveat).toBe('Rules as for FY 2025-26; check against the Finance Act.');
    expect(FY_2025_26.caveat).toBeNull();
  });

  it('picks the financial year that contains the day', () => {
    expect(taxYearOn('2026-11-21')).toBe(FY_2026_27);
    expect(taxYearOn('2026-03-31')).toBe(FY_2025_26);
    expect(taxYearOn('2020-01-01')).toBe(TAX_YEARS.at(-1));
  });
});

describe('the rules of FY 2025-26 (Finance Act, 2025)', () => {
  const lakh = 100_000 * 100;

  it('has the Budget 2025 slabs of both regimes', () => {
    expect(FY_2025_26.regimes.new.slabs).toEqual([
      { upTo: 4 * lakh, ratePercent: 0 },
      { upTo: 8 * lakh, ratePercent: 5 },
      { upTo: 12 * lakh, ratePercent: 10 },
      { upTo: 16 * lakh, ratePercent: 15 },
      { upTo: 20 * lakh, ratePercent: 20 },
      { upTo: 24 * lakh, ratePercent: 25 },
      { upTo: null, ratePercent: 30 },
    ]);
    expect(FY_2025_26.regimes.old.slabs).toEqual([
      { upTo: 2.5 * lakh, ratePercent: 0 },
      { upTo: 5 * lakh, ratePercent: 5 },
      { upTo: 10 * lakh, ratePercent: 20 },
      { upTo: null, ratePercent: 30 },
    ]);
  });

  it('has the standard deductions, the 87A limits and the 4% cess', () => {
    expect(FY_2025_26.regimes.new.standardDeduction).toBe(75_000 * 100);
    expect(FY_2025_26.regimes.old.standardDeduction).toBe(50_000 * 100);
    expect(FY_2025_26.regimes.new.rebate).toEqual({
      taxableIncomeUpTo: 12 * lakh,
      maxRebate: 60_000 * 100,
      marginalRelief: true,
    });
    expect(FY_2025_26.regimes.old.rebate).toEqual({
      taxableIncomeUpTo: 5 * lakh,
      maxRebate: 12_500 * 100,
      marginalRelief: false,
    });
    expect(FY_2025_26.cessPercent).toBe(4);
  });
});
