import { type Paise, RUPEE } from '../money.js';

/**
 * Indian income-tax rules for an individual below 60 (resident), as data: one entry per
 * financial year, so a new Finance Act is a new entry, not new code. Amounts in paise.
 */

export type TaxRegime = 'new' | 'old';

export interface TaxSlab {
  /** The slab covers income above the previous slab's `upTo` up to this; null: no upper end. */
  upTo: Paise | null;
  ratePercent: number;
}

export interface SurchargeBand {
  /** The rate applies when taxable income exceeds this. */
  above: Paise;
  ratePercent: number;
}

export interface RegimeRules {
  slabs: readonly TaxSlab[];
  /** Section 16(ia), salaried income only. */
  standardDeduction: Paise;
  /** Section 87A. */
  rebate: {
    taxableIncomeUpTo: Paise;
    maxRebate: Paise;
    /** Just above the limit, tax is capped at the income above it (new regime only). */
    marginalRelief: boolean;
  };
  /** Ascending; each band with marginal relief at its threshold. */
  surcharge: readonly SurchargeBand[];
  /** Old regime only: null where the regime allows no such deductions. */
  deductionCaps: { section80C: Paise; section80D: Paise } | null;
}

export interface TaxYear {
  /** "2025-26": April 2025 to March 2026. */
  financialYear: string;
  assessmentYear: string;
  /** The day the year starts, ISO: the calculator opens on the year that contains today. */
  startsOn: string;
  /** The law the numbers come from. */
  source: string;
  /** Shown on the page when the numbers are not yet confirmed by that year's Finance Act. */
  caveat: string | null;
  cessPercent: number;
  regimes: Record<TaxRegime, RegimeRules>;
}

const lakh = (n: number): Paise => n * 100_000 * RUPEE;
const crore = (n: number): Paise => n * 10_000_000 * RUPEE;

/** Finance Act 2025 (Budget 2025): the new regime's slabs, ₹75,000 deduction, 87A to ₹12 lakh. */
const newRegime2025: RegimeRules = {
  slabs: [
    { upTo: lakh(4), ratePercent: 0 },
    { upTo: lakh(8), ratePercent: 5 },
    { upTo: lakh(12), ratePercent: 10 },
    { upTo: lakh(16), ratePercent: 15 },
    { upTo: lakh(20), ratePercent: 20 },
    { upTo: lakh(24), ratePercent: 25 },
    { upTo: null, ratePercent: 30 },
  ],
  standardDeduction: 75_000 * RUPEE,
  rebate: { taxableIncomeUpTo: lakh(12), maxRebate: 60_000 * RUPEE, marginalRelief: true },
  // The new regime caps surcharge at 25%: no 37% band above ₹5 crore.
  surcharge: [
    { above: lakh(50), ratePercent: 10 },
    { above: crore(1), ratePercent: 15 },
    { above: crore(2), ratePercent: 25 },
  ],
  deductionCaps: null,
};

const oldRegime2025: RegimeRules = {
  slabs: [
    { upTo: lakh(2.5), ratePercent: 0 },
    { upTo: lakh(5), ratePercent: 5 },
    { upTo: lakh(10), ratePercent: 20 },
    { upTo: null, ratePercent: 30 },
  ],
  standardDeduction: 50_000 * RUPEE,
  rebate: { taxableIncomeUpTo: lakh(5), maxRebate: 12_500 * RUPEE, marginalRelief: false },
  surcharge: [
    { above: lakh(50), ratePercent: 10 },
    { above: crore(1), ratePercent: 15 },
    { above: crore(2), ratePercent: 25 },
    { above: crore(5), ratePercent: 37 },
  ],
  // 80D: ₹25,000 for self and family plus up to ₹50,000 for parents who are senior citizens.
  deductionCaps: { section80C: lakh(1.5), section80D: 75_000 * RUPEE },
};

export const FY_2025_26: TaxYear = {
  financialYear: '2025-26',
  assessmentYear: '2026-27',
  startsOn: '2025-04-01',
  source: 'Finance Act, 2025',
  caveat: null,
  cessPercent: 4,
  regimes: { new: newRegime2025, old: oldRegime2025 },
};

/**
 * No change to these rules for FY 2026-27 is known to us: the year reuses FY 2025-26's rules
 * and says so on the page until someone checks them against the Finance Act.
 */
export const FY_2026_27: TaxYear = {
  ...FY_2025_26,
  financialYear: '2026-27',
  assessmentYear: '2027-28',
  startsOn: '2026-04-01',
  source: 'Finance Act, 2025 (carried forward)',
  caveat: 'Rules as for FY 2025-26; check against the Finance Act.',
};

/** Newest first. */
export const TAX_YEARS: readonly TaxYear[] = [FY_2026_27, FY_2025_26];

/** The year whose April–March contains the day (ISO date); the oldest known year before it. */
export function taxYearOn(isoDate: string): TaxYear {
  return TAX_YEARS.find((year) => year.startsOn <= isoDate) ?? TAX_YEARS.at(-1)!;
}
