import type { Paise } from '../money.js';
import { RUPEE } from '../money.js';

/**
 * Stamp duty on an 11-month (or longer) rent agreement, per state (issue 28). The rates are a
 * table, not code: secondary sources conflict (india-rails.md §5), so each row says where its
 * figure comes from and whether it is sourced or only our configuration (docs/decisions.md,
 * "Issue 28: rent agreements"). A row holds from its `effectiveFrom` (an India day) until a
 * later row of the same state takes over, so a rate change is a new row, never an edit.
 */

/** What a rate is applied to, each in paise, from the agreement's terms. */
export interface StampBasis {
  /** Months of the term. */
  termMonths: number;
  /** The rent of the whole term, with the yearly increase (`termRent`). */
  totalRent: Paise;
  /** The average rent of a year: the term's rent × 12 / max(term, 12). */
  averageAnnualRent: Paise;
  deposit: Paise;
}

/** One rate of one state from one day. */
export interface StampDutyRule {
  state: RentStateCode;
  effectiveFrom: string;
  /** What the rule charges, in words, for the breakdown ("0.25% of the term's rent + deposit"). */
  basis: string;
  /** The duty in paise for the terms (before rounding up to the rupee). */
  duty: (basis: StampBasis) => Paise;
  /** `sourced` (a published figure, cited) or `configuration` (ours, to confirm with a vendor). */
  kind: 'sourced' | 'configuration';
  source: string;
}

export const RENT_STATES = [
  { code: 'MH', name: 'Maharashtra' },
  { code: 'KA', name: 'Karnataka' },
  { code: 'DL', name: 'Delhi' },
  { code: 'HR', name: 'Haryana' },
  { code: 'UP', name: 'Uttar Pradesh' },
  { code: 'TN', name: 'Tamil Nadu' },
  { code: 'TG', name: 'Telangana' },
] as const;
export type RentStateCode = (typeof RENT_STATES)[number]['code'];

export function rentStateName(code: string): string {
  return RENT_STATES.find((state) => state.code === code)?.name ?? code;
}

export function isRentState(code: unknown): code is RentStateCode {
  return RENT_STATES.some((state) => state.code === code);
}

/** `percent` (basis points: 25 = 0.25%) of an amount, half up to the paisa. */
export function basisPointsOf(amount: Paise, bp: number): Paise {
  return Math.floor((amount * bp * 2 + 10_000) / 20_000);
}

const EFFECTIVE = '2025-04-01';

/**
 * The table Khata ships with. The effective date of every row is the day Khata started
 * charging it (the financial year 2025-26), not the state's notification date, which the
 * sources do not give.
 */
export const STAMP_DUTY_TABLE: readonly StampDutyRule[] = [
  {
    state: 'MH',
    effectiveFrom: EFFECTIVE,
    basis: '0.25% of the whole term’s rent + deposit (leave and licence)',
    duty: (b) => basisPointsOf(b.totalRent + b.deposit, 25),
    kind: 'sourced',
    source: 'india-rails.md §5: rentdraft, score99, farmsmart (Maharashtra Stamp Act, art. 36A)',
  },
  {
    state: 'KA',
    effectiveFrom: EFFECTIVE,
    basis: 'up to a year: 0.5% of average annual rent + deposit, at most ₹500; longer: 1%',
    duty: (b) =>
      b.termMonths <= 12
        ? Math.min(basisPointsOf(b.averageAnnualRent + b.deposit, 50), 500 * RUPEE)
        : basisPointsOf(b.averageAnnualRent + b.deposit, 100),
    kind: 'sourced',
    source: 'india-rails.md §5: rentalagreement.in (Karnataka Stamp Act, art. 30)',
  },
  {
    state: 'DL',
    effectiveFrom: EFFECTIVE,
    basis:
      'under a year: ₹100 stamp; a year or more: 2% of average annual rent (+₹100 with a deposit)',
    duty: (b) =>
      b.termMonths < 12
        ? 100 * RUPEE
        : basisPointsOf(b.averageAnnualRent, 200) + (b.deposit > 0 ? 100 * RUPEE : 0),
    kind: 'configuration',
    source:
      'a year or more: india-rails.md §5 (riskfreetrademarks, farmsmart); the 11-month ₹100 is ' +
      'our configuration of score99’s “nominal” stamp',
  },
  {
    state: 'HR',
    effectiveFrom: EFFECTIVE,
    basis: '1% of average annual rent, at least ₹100',
    duty: (b) => Math.max(basisPointsOf(b.averageAnnualRent, 100), 100 * RUPEE),
    kind: 'sourced',
    source:
      'india-rails.md §5: rentagreementbanao (riskfreetrademarks’ 1.5–3% conflicts; see decisions)',
  },
  {
    state: 'UP',
    effectiveFrom: EFFECTIVE,
    basis: '2% of average annual rent',
    duty: (b) => basisPointsOf(b.averageAnnualRent, 200),
    kind: 'configuration',
    source: 'our configuration: no source in india-rails.md; confirm with the e-stamp vendor',
  },
  {
    state: 'TN',
    effectiveFrom: EFFECTIVE,
    basis: '1% of (average annual rent + deposit)',
    duty: (b) => basisPointsOf(b.averageAnnualRent + b.deposit, 100),
    kind: 'configuration',
    source: 'our configuration: no source in india-rails.md; confirm with the e-stamp vendor',
  },
  {
    state: 'TG',
    effectiveFrom: EFFECTIVE,
    basis: '0.4% of (average annual rent + deposit)',
    duty: (b) => basisPointsOf(b.averageAnnualRent + b.deposit, 40),
    kind: 'configuration',
    source: 'our configuration: no source in india-rails.md; confirm with the e-stamp vendor',
  },
];

/** The rule of a state in force on an India day (`YYYY-MM-DD`): the latest that started by then. */
export function stampRuleOn(
  state: string,
  day: string,
  table: readonly StampDutyRule[] = STAMP_DUTY_TABLE,
): StampDutyRule | undefined {
  return table
    .filter((rule) => rule.state === state && rule.effectiveFrom <= day)
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1))[0];
}

/** Stamp paper is sold in whole rupees: the duty rounds up to the next rupee. */
export function roundUpToRupee(paise: Paise): Paise {
  return Math.ceil(paise / RUPEE) * RUPEE;
}

/**
 * The rent of a term: `monthly` for each month, raised by `increaseBp` (basis points, 500 = 5%)
 * at the start of every 12 months after the first, each year's rent half up to the paisa.
 */
export function termRent(monthly: Paise, termMonths: number, increaseBp: number): Paise {
  let total = 0;
  let rent = monthly;
  for (let month = 0; month < termMonths; month++) {
    if (month > 0 && month % 12 === 0) rent = rent + basisPointsOf(rent, increaseBp);
    total += rent;
  }
  return total;
}

export function stampBasis(terms: {
  rent: Paise;
  deposit: Paise;
  termMonths: number;
  yearlyIncreaseBp: number;
}): StampBasis {
  const totalRent = termRent(terms.rent, terms.termMonths, terms.yearlyIncreaseBp);
  return {
    termMonths: terms.termMonths,
    totalRent,
    averageAnnualRent: Math.round((totalRent * 12) / Math.max(terms.termMonths, 12)),
    deposit: terms.deposit,
  };
}
