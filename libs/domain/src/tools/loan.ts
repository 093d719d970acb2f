import { type Check, fail, pass } from '../check.js';
import { readDecimal } from '../decimal.js';
import { Messages } from '../messages.js';
import { type Paise, parseRupees, RUPEE } from '../money.js';
import { divideHalfUp } from './rounding.js';

/**
 * The loan calculator (public tool /tools/loan-calculator): a reducing-balance loan repaid in
 * equal monthly instalments (EMI).
 *
 * Rounding, so every screen and test agrees to the paisa:
 * - the rate is read in basis points (hundredths of a percent), so 10.25% is exactly 1025;
 * - the EMI is computed with the usual formula in doubles and rounded half-up to the paisa
 *   (the doubles are exact to far below a paisa for any loan this tool accepts);
 * - each month's interest is balance × rate ÷ 12 on integers, rounded half-up to the paisa;
 * - the principal part is the EMI less that interest, and the last month repays exactly the
 *   balance left, so its instalment absorbs the rounding and the balance ends at 0.
 */

export type TenureUnit = 'months' | 'years';

export interface LoanTerms {
  principal: Paise;
  /** Annual interest rate in basis points: 10% is 1000. */
  annualRateBps: number;
  months: number;
}

export interface Instalment {
  month: number;
  payment: Paise;
  principal: Paise;
  interest: Paise;
  /** What is still owed after this payment. */
  balance: Paise;
}

export interface LoanPlan {
  emi: Paise;
  totalInterest: Paise;
  totalPayment: Paise;
  schedule: Instalment[];
}

/** Ours: the spec has no loan calculator; these bound what the tool accepts. */
/** ₹100 crore. */
export const LOAN_MAX_PRINCIPAL: Paise = 1_000_000_000 * RUPEE;
export const LOAN_MAX_RATE_BPS = 5000;
export const LOAN_MAX_MONTHS = 480;

export const LoanMessages = {
  principalTooLarge: 'Loan amount can be at most ₹100 crore (₹1,00,00,00,000).',
  rateRequired: 'Please enter the interest rate.',
  rateInvalid: 'Please enter a rate from 0 to 50, with at most 2 decimals, e.g. 10.5.',
  tenureRequired: 'Please enter the tenure.',
  tenureMonths: 'Tenure must be a whole number of months from 1 to 480.',
  tenureYears: 'Tenure must be a whole number of years from 1 to 40.',
} as const;

export function checkLoanAmount(input: unknown): Check<Paise> {
  const amount = parseRupees(input);
  if (!amount.ok) return amount;
  if (amount.value <= 0) return fail(Messages.amountNotPositive);
  if (amount.value > LOAN_MAX_PRINCIPAL) return fail(LoanMessages.principalTooLarge);
  return amount;
}

/** A yearly rate in percent ("10.5", 10.5) to basis points. Zero is a valid (interest-free) loan. */
export function checkInterestRate(input: unknown): Check<number> {
  const reading = readDecimal(input);
  if (reading.kind === 'missing') return fail(LoanMessages.rateRequired);
  if (reading.kind === 'invalid' || reading.fraction.length > 2) {
    return fail(LoanMessages.rateInvalid);
  }
  const bps = Number(reading.whole) * 100 + Number(reading.fraction.padEnd(2, '0'));
  return bps <= LOAN_MAX_RATE_BPS ? pass(bps) : fail(LoanMessages.rateInvalid);
}

/** The tenure in months, from a whole number of months or years. */
export function checkTenure(input: unknown, unit: TenureUnit): Check<number> {
  const reading = readDecimal(input);
  if (reading.kind === 'missing') return fail(LoanMessages.tenureRequired);
  const perUnit = unit === 'years' ? 12 : 1;
  const message = unit === 'years' ? LoanMessages.tenureYears : LoanMessages.tenureMonths;
  if (reading.kind === 'invalid' || /[^0]/.test(reading.fraction)) return fail(message);
  const months = Number(reading.whole) * perUnit;
  return months >= 1 && months <= LOAN_MAX_MONTHS ? pass(months) : fail(message);
}

export function checkLoanTerms(input: {
  principal: unknown;
  annualRate: unknown;
  tenure: unknown;
  tenureUnit: TenureUnit;
}): Check<LoanTerms> {
  const principal = checkLoanAmount(input.principal);
  if (!principal.ok) return principal;
  const rate = checkInterestRate(input.annualRate);
  if (!rate.ok) return rate;
  const months = checkTenure(input.tenure, input.tenureUnit);
  if (!months.ok) return months;
  return pass({ principal: principal.value, annualRateBps: rate.value, months: months.value });
}

// Basis points per year to a monthly fraction: bps / 10,000 / 12.
const MONTHLY_BPS_DENOMINATOR = 120_000n;

/** One month's interest on the balance, exact on integers, rounded half-up to the paisa. */
export function monthlyInterest(balance: Paise, annualRateBps: number): Paise {
  return Number(divideHalfUp(BigInt(balance) * BigInt(annualRateBps), MONTHLY_BPS_DENOMINATOR));
}

/** EMI = P·r·(1+r)^n / ((1+r)^n − 1) with r the monthly rate; P / n without interest. */
export function emiOf({ principal, annualRateBps, months }: LoanTerms): Paise {
  if (annualRateBps === 0) return Number(divideHalfUp(BigInt(principal), BigInt(months)));
  const r = annualRateBps / Number(MONTHLY_BPS_DENOMINATOR);
  const growth = (1 + r) ** months;
  return Math.round((principal * r * growth) / (growth - 1));
}

export function planLoan(terms: LoanTerms): LoanPlan {
  const emi = emiOf(terms);
  const schedule: Instalment[] = [];
  let balance = terms.principal;
  for (let month = 1; month <= terms.months; month += 1) {
    const interest = monthlyInterest(balance, terms.annualRateBps);
    const principal =
      month === terms.months ? balance : Math.min(Math.max(emi - interest, 0), balance);
    balance -= principal;
    schedule.push({ month, payment: principal + interest, principal, interest, balance });
  }
  const totalInterest = schedule.reduce((sum, row) => sum + row.interest, 0);
  return {
    emi,
    totalInterest,
    totalPayment: terms.principal + totalInterest,
    schedule,
  };
}

export interface PeriodSplit {
  /** 1-based: month number, or year number when grouped by year. */
  period: number;
  principal: Paise;
  interest: Paise;
}

/**
 * Principal and interest paid in each period, for the chart: month by month for short loans,
 * year by year (12 instalments each, the last year possibly shorter) for longer ones.
 */
export function splitByPeriod(schedule: readonly Instalment[], monthsPerPeriod: number) {
  const periods: PeriodSplit[] = [];
  for (const row of schedule) {
    const period = Math.ceil(row.month / monthsPerPeriod);
    const current = periods[period - 1] ?? { period, principal: 0, interest: 0 };
    current.principal += row.principal;
    current.interest += row.interest;
    periods[period - 1] = current;
  }
  return periods;
}
