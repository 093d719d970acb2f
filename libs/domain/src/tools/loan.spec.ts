import { describe, expect, it } from '@jest/globals';
import { Messages } from '../messages.js';
import {
  checkInterestRate,
  checkLoanAmount,
  checkLoanTerms,
  checkTenure,
  emiOf,
  LoanMessages,
  monthlyInterest,
  planLoan,
  splitByPeriod,
} from './loan.js';

const lakh = 100_000 * 100;

describe('planLoan', () => {
  /*
   * ₹1,00,000 at 10% a year for 12 months, by hand:
   *   r = 10% / 12 = 0.0083333…; (1 + r)^12 = 1.1047131
   *   EMI = 1,00,000 × 0.0083333 × 1.1047131 / 0.1047131 = 8,791.5887 → ₹8,791.59
   * Month 1: interest = 1,00,000 × 10% / 12 = 833.3333 → ₹833.33;
   *          principal = 8,791.59 − 833.33 = 7,958.26; balance = 92,041.74.
   * Month 2: interest = 92,041.74 × 10% / 12 = 767.0145 → ₹767.01;
   *          principal = 8,024.58; balance = 84,017.16.
   * Months 3–11 the same way; after month 11 the balance is ₹8,718.90.
   * Month 12: interest = 8,718.90 × 10% / 12 = 72.6575 → ₹72.66; the last row repays the
   *          whole ₹8,718.90, so it pays 8,718.90 + 72.66 = ₹8,791.56 (3 paise less than the
   *          EMI: the EMI's rounding up, carried over 11 months) and the balance is 0.
   * Interest over the 12 months adds up to ₹5,499.05; total paid ₹1,05,499.05.
   */
  it('works out ₹1,00,000 at 10% for 12 months as worked by hand', () => {
    const plan = planLoan({ principal: lakh, annualRateBps: 1000, months: 12 });
    expect(plan.emi).toBe(879_159);
    expect(plan.schedule[0]).toEqual({
      month: 1,
      payment: 879_159,
      principal: 795_826,
      interest: 83_333,
      balance: 9_204_174,
    });
    expect(plan.schedule[1]).toEqual({
      month: 2,
      payment: 879_159,
      principal: 802_458,
      interest: 76_701,
      balance: 8_401_716,
    });
    expect(plan.schedule[10]?.balance).toBe(871_890);
    expect(plan.schedule[11]).toEqual({
      month: 12,
      payment: 879_156,
      principal: 871_890,
      interest: 7_266,
      balance: 0,
    });
    expect(plan.totalInterest).toBe(549_905);
    expect(plan.totalPayment).toBe(10_549_905);
  });

  it('adds up when the EMI is rounded down: the last row repays what is left', () => {
    // ₹5,00,000 at 11% for 60 months: EMI 10,871.2115… → ₹10,871.21, a fraction of a paisa
    // short each month, so the last instalment pays a little more than the EMI.
    const plan = planLoan({ principal: 5 * lakh, annualRateBps: 1100, months: 60 });
    expect(plan.emi).toBe(1_087_121);
    expect(plan.schedule.reduce((total, row) => total + row.principal, 0)).toBe(5 * lakh);
    expect(plan.schedule.at(-1)?.balance).toBe(0);
    expect(plan.schedule.at(-1)!.payment).toBeGreaterThan(plan.emi);
  });

  it('adds up: the rows repay the principal exactly and their payments make the total', () => {
    const plan = planLoan({ principal: 25 * lakh, annualRateBps: 875, months: 240 });
    const sum = (pick: (row: (typeof plan.schedule)[number]) => number) =>
      plan.schedule.reduce((total, row) => total + pick(row), 0);
    expect(plan.schedule).toHaveLength(240);
    expect(sum((row) => row.principal)).toBe(25 * lakh);
    expect(sum((row) => row.payment)).toBe(plan.totalPayment);
    expect(plan.schedule.at(-1)?.balance).toBe(0);
    expect(plan.schedule.every((row) => row.payment === row.principal + row.interest)).toBe(true);
    // ₹25,00,000 at 8.75% for 20 years: EMI ₹22,092.77 (22,092.7677 by the formula, rounded half-up).
    expect(plan.emi).toBe(2_209_277);
  });

  /*
   * Interest-free: ₹1,00,000 over 12 months is 8,333.333… a month → EMI ₹8,333.33; eleven
   * of those repay ₹91,666.63, so the last month repays the other ₹8,333.37.
   */
  it('splits an interest-free loan evenly, the last month taking the odd paise', () => {
    const plan = planLoan({ principal: lakh, annualRateBps: 0, months: 12 });
    expect(plan.emi).toBe(833_333);
    expect(plan.totalInterest).toBe(0);
    expect(plan.totalPayment).toBe(lakh);
    expect(plan.schedule[0]).toMatchObject({ payment: 833_333, interest: 0 });
    expect(plan.schedule.at(-1)).toEqual({
      month: 12,
      payment: 833_337,
      principal: 833_337,
      interest: 0,
      balance: 0,
    });
  });

  it('repays a one-month loan with one month of interest', () => {
    // ₹10,000 at 12% for 1 month: interest 10,000 × 1% = ₹100; one payment of ₹10,100.
    const plan = planLoan({ principal: 1_000_000, annualRateBps: 1200, months: 1 });
    expect(plan.emi).toBe(1_010_000);
    expect(plan.schedule).toEqual([
      { month: 1, payment: 1_010_000, principal: 1_000_000, interest: 10_000, balance: 0 },
    ]);
  });
});

describe('monthlyInterest and emiOf', () => {
  it('rounds half a paisa up', () => {
    // ₹1.50 at 10% for a month is 1.25 paise → 1; ₹1.80 is 1.5 paise → 2.
    expect(monthlyInterest(150, 1000)).toBe(1);
    expect(monthlyInterest(180, 1000)).toBe(2);
  });

  it('rounds an interest-free EMI half-up too', () => {
    // ₹1.00 over 8 months is 12.5 paise → 13.
    expect(emiOf({ principal: 100, annualRateBps: 0, months: 8 })).toBe(13);
  });
});

describe('the loan form rules', () => {
  it('reads the amount in rupees, refusing zero and more than ₹100 crore', () => {
    expect(checkLoanAmount('100000')).toEqual({ ok: true, value: lakh });
    expect(checkLoanAmount('')).toEqual({ ok: false, message: Messages.amountRequired });
    expect(checkLoanAmount('0')).toEqual({ ok: false, message: Messages.amountNotPositive });
    expect(checkLoanAmount('1000000001')).toEqual({
      ok: false,
      message: LoanMessages.principalTooLarge,
    });
  });

  it('reads the rate in basis points, zero included, up to 50% with 2 decimals', () => {
    expect(checkInterestRate('10.25')).toEqual({ ok: true, value: 1025 });
    expect(checkInterestRate(8.5)).toEqual({ ok: true, value: 850 });
    expect(checkInterestRate('0')).toEqual({ ok: true, value: 0 });
    expect(checkInterestRate('50')).toEqual({ ok: true, value: 5000 });
    expect(checkInterestRate('')).toEqual({ ok: false, message: LoanMessages.rateRequired });
    for (const bad of ['50.01', '10.125', 'ten', '-1']) {
      expect(checkInterestRate(bad)).toEqual({ ok: false, message: LoanMessages.rateInvalid });
    }
  });

  it('reads the tenure in whole months or years, 1 month to 40 years', () => {
    expect(checkTenure('12', 'months')).toEqual({ ok: true, value: 12 });
    expect(checkTenure('20', 'years')).toEqual({ ok: true, value: 240 });
    expect(checkTenure('', 'years')).toEqual({ ok: false, message: LoanMessages.tenureRequired });
    expect(checkTenure('1.5', 'years')).toEqual({ ok: false, message: LoanMessages.tenureYears });
    expect(checkTenure('41', 'years')).toEqual({ ok: false, message: LoanMessages.tenureYears });
    expect(checkTenure('0', 'months')).toEqual({ ok: false, message: LoanMessages.tenureMonths });
  });

  it('puts the three together', () => {
    expect(
      checkLoanTerms({ principal: '100000', annualRate: '10', tenure: '1', tenureUnit: 'years' }),
    ).toEqual({ ok: true, value: { principal: lakh, annualRateBps: 1000, months: 12 } });
  });
});

describe('splitByPeriod', () => {
  it('adds up principal and interest per year, the last year possibly short', () => {
    const plan = planLoan({ principal: lakh, annualRateBps: 1000, months: 18 });
    const years = splitByPeriod(plan.schedule, 12);
    expect(years.map((year) => year.period)).toEqual([1, 2]);
    expect(years[0]!.principal + years[1]!.principal).toBe(lakh);
    expect(years[0]!.interest + years[1]!.interest).toBe(plan.totalInterest);
  });
});
