import { type Check, fail, pass } from '../check.js';
import { type Paise, parseRupees, RUPEE } from '../money.js';
import type { RegimeRules, TaxRegime, TaxYear } from './income-tax-rules.js';
import { divideHalfUp } from './rounding.js';

/**
 * The income-tax calculator (public tool /tools/tax-calculator): the tax of an individual
 * below 60 under one regime of one year, step by step as the return computes it:
 * HRA exemption → standard deduction → Chapter VI-A deductions → taxable income rounded to
 * ₹10 (section 288A) → slab tax → 87A rebate → surcharge with marginal relief → 4% cess on
 * tax plus surcharge (half-up to the paisa) → tax payable rounded to ₹10 (section 288B).
 * Every amount is in paise; every rate is a whole percent, so slab tax and surcharge
 * are exact and only the cess needs rounding.
 */

export interface TaxpayerIncome {
  salary: Paise;
  otherIncome: Paise;
  /** Old regime only; the new regime ignores them. */
  section80C: Paise;
  section80D: Paise;
  /** The HRA exemption already worked out, as one number. */
  hraExemption: Paise;
}

export interface SlabLine {
  from: Paise;
  upTo: Paise | null;
  ratePercent: number;
  /** The part of taxable income that falls in this slab. */
  income: Paise;
  tax: Paise;
}

export interface TaxComputation {
  regime: TaxRegime;
  grossIncome: Paise;
  hraExemption: Paise;
  standardDeduction: Paise;
  section80C: Paise;
  section80D: Paise;
  taxableIncome: Paise;
  slabs: SlabLine[];
  slabTax: Paise;
  /** 87A rebate, marginal relief included. */
  rebate: Paise;
  surcharge: Paise;
  cess: Paise;
  /** Tax plus surcharge plus cess, rounded to ₹10. */
  totalTax: Paise;
}

export function computeIncomeTax(
  year: TaxYear,
  regime: TaxRegime,
  income: TaxpayerIncome,
): TaxComputation {
  const rules = year.regimes[regime];
  const caps = rules.deductionCaps;
  const hraExemption = caps ? Math.min(income.hraExemption, income.salary) : 0;
  const standardDeduction = Math.min(rules.standardDeduction, income.salary - hraExemption);
  const grossTotal = income.salary - hraExemption - standardDeduction + income.otherIncome;
  // Chapter VI-A deductions cannot exceed the gross total income.
  const section80C = caps ? Math.min(income.section80C, caps.section80C, grossTotal) : 0;
  const section80D = caps
    ? Math.min(income.section80D, caps.section80D, grossTotal - section80C)
    : 0;
  const taxableIncome = roundToTenRupees(grossTotal - section80C - section80D);

  const slabs = slabLines(rules, taxableIncome);
  const slabTax = slabs.reduce((sum, line) => sum + line.tax, 0);
  const rebate = rebateOf(rules, taxableIncome, slabTax);
  const tax = slabTax - rebate;
  const surcharge = surchargeOf(rules, taxableIncome, tax);
  const cess = percentOf(tax + surcharge, year.cessPercent);
  return {
    regime,
    grossIncome: income.salary + income.otherIncome,
    hraExemption,
    standardDeduction,
    section80C,
    section80D,
    taxableIncome,
    slabs,
    slabTax,
    rebate,
    surcharge,
    cess,
    totalTax: roundToTenRupees(tax + surcharge + cess),
  };
}

/** Both regimes of the year for the same income, for the side-by-side view. */
export function compareRegimes(year: TaxYear, income: TaxpayerIncome) {
  return {
    new: computeIncomeTax(year, 'new', income),
    old: computeIncomeTax(year, 'old', income),
  };
}

/**
 * Sections 288A and 288B: paise are dropped, then the rupees go to the nearest multiple of
 * ten, a last digit of 5 or more going up.
 */
export function roundToTenRupees(amount: Paise): Paise {
  const rupees = Math.floor(Math.max(amount, 0) / RUPEE);
  const lastDigit = rupees % 10;
  return (lastDigit >= 5 ? rupees - lastDigit + 10 : rupees - lastDigit) * RUPEE;
}

function percentOf(amount: Paise, percent: number): Paise {
  return Number(divideHalfUp(BigInt(amount) * BigInt(percent), 100n));
}

function slabLines(rules: RegimeRules, taxableIncome: Paise): SlabLine[] {
  let from = 0;
  return rules.slabs.map(({ upTo, ratePercent }) => {
    const top = upTo === null ? taxableIncome : Math.min(upTo, taxableIncome);
    const income = Math.max(top - from, 0);
    const line = { from, upTo, ratePercent, income, tax: percentOf(income, ratePercent) };
    from = upTo ?? from;
    return line;
  });
}

export function slabTaxOf(rules: RegimeRules, taxableIncome: Paise): Paise {
  return slabLines(rules, taxableIncome).reduce((sum, line) => sum + line.tax, 0);
}

function rebateOf(rules: RegimeRules, taxableIncome: Paise, slabTax: Paise): Paise {
  const { taxableIncomeUpTo, maxRebate, marginalRelief } = rules.rebate;
  if (taxableIncome <= taxableIncomeUpTo) return Math.min(slabTax, maxRebate);
  if (!marginalRelief) return 0;
  // Tax may not exceed the income above the limit.
  return Math.max(slabTax - (taxableIncome - taxableIncomeUpTo), 0);
}

/**
 * The band's rate on the tax, less marginal relief: tax plus surcharge may exceed what it
 * would be on an income of exactly the band's threshold by no more than the income above it.
 */
function surchargeOf(rules: RegimeRules, taxableIncome: Paise, tax: Paise): Paise {
  const index = rules.surcharge.findLastIndex((band) => taxableIncome > band.above);
  if (index < 0) return 0;
  const band = rules.surcharge[index]!;
  const previousRate = index > 0 ? rules.surcharge[index - 1]!.ratePercent : 0;
  const taxAtThreshold = slabTaxOf(rules, band.above);
  const ceiling =
    taxAtThreshold + percentOf(taxAtThreshold, previousRate) + (taxableIncome - band.above);
  return Math.max(Math.min(percentOf(tax, band.ratePercent), ceiling - tax), 0);
}

export const TaxMessages = {
  salaryRequired: 'Please enter your annual salary, or 0.',
} as const;

/** An optional rupee field of the tax form: empty reads as ₹0; otherwise as any amount. */
export function checkTaxAmount(input: unknown): Check<Paise> {
  if (input === undefined || input === null || String(input).trim() === '') return pass(0);
  return parseRupees(input);
}

/** The salary field: required, so an empty form shows no tax rather than a tax of ₹0. */
export function checkSalary(input: unknown): Check<Paise> {
  if (input === undefined || input === null || String(input).trim() === '') {
    return fail(TaxMessages.salaryRequired);
  }
  return parseRupees(input);
}

export function checkTaxpayerIncome(
  input: Record<keyof TaxpayerIncome, unknown>,
): Check<TaxpayerIncome> {
  const salary = checkSalary(input.salary);
  if (!salary.ok) return salary;
  const fields = ['otherIncome', 'section80C', 'section80D', 'hraExemption'] as const;
  const income: TaxpayerIncome = {
    salary: salary.value,
    otherIncome: 0,
    section80C: 0,
    section80D: 0,
    hraExemption: 0,
  };
  for (const field of fields) {
    const amount = checkTaxAmount(input[field]);
    if (!amount.ok) return amount;
    income[field] = amount.value;
  }
  return pass(income);
}
