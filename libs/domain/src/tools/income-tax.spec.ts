import { describe, expect, it } from '@jest/globals';
import { Messages } from '../messages.js';
import {
  checkTaxpayerIncome,
  compareRegimes,
  computeIncomeTax,
  roundToTenRupees,
  TaxMessages,
  type TaxpayerIncome,
} from './income-tax.js';
import { FY_2025_26, FY_2026_27 } from './income-tax-rules.js';

const rupees = (r: number) => r * 100;
const income = (salary: number, more: Partial<TaxpayerIncome> = {}): TaxpayerIncome => ({
  salary: rupees(salary),
  otherIncome: 0,
  section80C: 0,
  section80D: 0,
  hraExemption: 0,
  ...more,
});
const taxOf = (regime: 'new' | 'old', salary: number, more: Partial<TaxpayerIncome> = {}) =>
  computeIncomeTax(FY_2025_26, regime, income(salary, more));

describe('the new regime, FY 2025-26', () => {
  // Salary 12,75,000 − standard deduction 75,000 = taxable 12,00,000.
  // Slabs: 4–8L at 5% = 20,000; 8–12L at 10% = 40,000; tax 60,000.
  // Taxable income is not above 12,00,000, so the 87A rebate takes all 60,000: tax 0.
  it('charges nothing on a ₹12,75,000 salary: ₹12,00,000 taxable, all rebated under 87A', () => {
    const tax = taxOf('new', 1_275_000);
    expect(tax).toMatchObject({
      standardDeduction: rupees(75_000),
      taxableIncome: rupees(1_200_000),
      slabTax: rupees(60_000),
      rebate: rupees(60_000),
      cess: 0,
      totalTax: 0,
    });
  });

  // Salary 15,75,000 − 75,000 = taxable 15,00,000. Slabs: 20,000 + 40,000 + 12–15L at 15%
  // (3,00,000 × 15% = 45,000) = 1,05,000. Above 12L: no rebate (marginal relief would cap the
  // tax at 3,00,000, more than 1,05,000). Cess 4% = 4,200. Total 1,09,200.
  it('charges ₹1,09,200 on a ₹15,75,000 salary', () => {
    const tax = taxOf('new', 1_575_000);
    expect(tax).toMatchObject({
      taxableIncome: rupees(1_500_000),
      slabTax: rupees(105_000),
      rebate: 0,
      surcharge: 0,
      cess: rupees(4_200),
      totalTax: rupees(109_200),
    });
    expect(tax.slabs.map((line) => line.tax)).toEqual(
      [0, 20_000, 40_000, 45_000, 0, 0, 0].map(rupees),
    );
  });

  // Salary 12,85,000 → taxable 12,10,000: slab tax 60,000 + 10,000 × 15% = 61,500. Marginal
  // relief: the tax may not exceed the 10,000 earned above 12L, so relief 51,500 and tax
  // 10,000. Cess 400. Total 10,400.
  it('gives marginal relief just above ₹12 lakh', () => {
    expect(taxOf('new', 1_285_000)).toMatchObject({
      taxableIncome: rupees(1_210_000),
      slabTax: rupees(61_500),
      rebate: rupees(51_500),
      cess: rupees(400),
      totalTax: rupees(10_400),
    });
  });

  it('takes the standard deduction from salary only, not from other income', () => {
    // Salary 12,75,000 and interest 10,000: taxable 12,10,000, as above: 10,400.
    expect(taxOf('new', 1_275_000, { otherIncome: rupees(10_000) }).totalTax).toBe(rupees(10_400));
    // No salary: no standard deduction. Interest 5,00,000: 1L at 5% = 5,000, rebated.
    expect(taxOf('new', 0, { otherIncome: rupees(500_000) })).toMatchObject({
      standardDeduction: 0,
      taxableIncome: rupees(500_000),
      slabTax: rupees(5_000),
      totalTax: 0,
    });
  });

  it('ignores the old regime deductions', () => {
    const tax = taxOf('new', 1_575_000, {
      section80C: rupees(150_000),
      section80D: rupees(25_000),
      hraExemption: rupees(100_000),
    });
    expect(tax.totalTax).toBe(rupees(109_200));
    expect(tax).toMatchObject({ section80C: 0, section80D: 0, hraExemption: 0 });
  });

  // Salary 60,75,000 → taxable 60,00,000. Slab tax: 20,000 + 40,000 + 60,000 + 80,000 +
  // 1,00,000 (up to 24L: 3,00,000) + 36,00,000 × 30% (10,80,000) = 13,80,000. Surcharge 10%
  // = 1,38,000. Marginal relief ceiling: tax at 50L (3,00,000 + 26L × 30% = 10,80,000) +
  // 10,00,000 above it = 20,80,000 > 15,18,000, so none. Cess 4% of 15,18,000 = 60,720.
  it('adds a 10% surcharge above ₹50 lakh', () => {
    expect(taxOf('new', 6_075_000)).toMatchObject({
      slabTax: rupees(1_380_000),
      surcharge: rupees(138_000),
      cess: rupees(60_720),
      totalTax: rupees(1_578_720),
    });
  });

  // Taxable 50,10,000: slab tax 3,00,000 + 26,10,000 × 30% = 10,83,000; 10% would be
  // 1,08,300. Ceiling: 10,80,000 (tax at 50L, no surcharge there) + 10,000 = 10,90,000, so
  // surcharge 7,000. Cess 4% of 10,90,000 = 43,600. Total 11,33,600.
  it('gives marginal relief on the surcharge just above ₹50 lakh', () => {
    expect(taxOf('new', 5_085_000)).toMatchObject({
      surcharge: rupees(7_000),
      cess: rupees(43_600),
      totalTax: rupees(1_133_600),
    });
  });

  it('caps the surcharge at 25% above ₹5 crore', () => {
    // Taxable 6 crore: 3,00,000 + 5,76,00,000 × 30% = 1,75,80,000; 25% = 43,95,000.
    expect(taxOf('new', 60_075_000)).toMatchObject({
      slabTax: rupees(17_580_000),
      surcharge: rupees(4_395_000),
    });
  });
});

describe('the old regime, FY 2025-26', () => {
  // Salary 10,00,000 − standard deduction 50,000 = 9,50,000; 80C 1,50,000 and 80D 25,000
  // leave 7,75,000. Slabs: 2.5–5L at 5% = 12,500; 5–7.75L at 20% = 55,000; tax 67,500.
  // Above 5L: no rebate. Cess 2,700. Total 70,200.
  it('charges ₹70,200 on ₹10,00,000 with 80C and 80D', () => {
    const tax = taxOf('old', 1_000_000, {
      section80C: rupees(150_000),
      section80D: rupees(25_000),
    });
    expect(tax).toMatchObject({
      standardDeduction: rupees(50_000),
      taxableIncome: rupees(775_000),
      slabTax: rupees(67_500),
      rebate: 0,
      cess: rupees(2_700),
      totalTax: rupees(70_200),
    });
  });

  it('caps 80C at ₹1,50,000 and 80D at ₹75,000', () => {
    // 10,00,000 − 50,000 − 1,50,000 − 75,000 = 7,25,000: 12,500 + 45,000 = 57,500 + 2,300.
    const tax = taxOf('old', 1_000_000, {
      section80C: rupees(200_000),
      section80D: rupees(100_000),
    });
    expect(tax).toMatchObject({
      section80C: rupees(150_000),
      section80D: rupees(75_000),
      taxableIncome: rupees(725_000),
      totalTax: rupees(59_800),
    });
  });

  // Salary 5,50,000 − 50,000 = 5,00,000: 2.5–5L at 5% = 12,500, all rebated (87A up to 5L).
  it('rebates up to ₹12,500 when taxable income is at most ₹5 lakh', () => {
    expect(taxOf('old', 550_000)).toMatchObject({
      taxableIncome: rupees(500_000),
      slabTax: rupees(12_500),
      rebate: rupees(12_500),
      totalTax: 0,
    });
  });

  // Salary 8,00,000 − HRA 1,20,000 = 6,80,000 − 50,000 = 6,30,000 − 80C 1,50,000 = 4,80,000:
  // 2,30,000 at 5% = 11,500, rebated.
  it('takes the HRA exemption off the salary', () => {
    expect(
      taxOf('old', 800_000, { hraExemption: rupees(120_000), section80C: rupees(150_000) }),
    ).toMatchObject({ taxableIncome: rupees(480_000), slabTax: rupees(11_500), totalTax: 0 });
  });

  // Salary 15,75,000 − 50,000 = 15,25,000: 12,500 + 5–10L at 20% (1,00,000) + 5,25,000 × 30%
  // (1,57,500) = 2,70,000; no rebate above 5L, so no marginal relief either. Cess 10,800.
  it('charges ₹2,80,800 on ₹15,75,000 without deductions', () => {
    expect(taxOf('old', 1_575_000)).toMatchObject({
      taxableIncome: rupees(1_525_000),
      slabTax: rupees(270_000),
      totalTax: rupees(280_800),
    });
  });

  // Taxable 1,00,50,000: 1,12,500 + 90,50,000 × 30% = 28,27,500; 15% would be 4,24,125.
  // Ceiling: tax at 1 crore 28,12,500 + its 10% surcharge 2,81,250 + 50,000 = 31,43,750, so
  // surcharge 3,16,250. Cess 4% of 31,43,750 = 1,25,750. Total 32,69,500.
  it('gives marginal relief on the surcharge just above ₹1 crore', () => {
    expect(taxOf('old', 10_100_000)).toMatchObject({
      taxableIncome: rupees(10_050_000),
      slabTax: rupees(2_827_500),
      surcharge: rupees(316_250),
      cess: rupees(125_750),
      totalTax: rupees(3_269_500),
    });
  });

  it('charges 37% surcharge above ₹5 crore', () => {
    // Taxable 6 crore: 1,12,500 + 5,90,00,000 × 30% = 1,78,12,500; 37% = 65,90,625.
    expect(taxOf('old', 60_050_000).surcharge).toBe(rupees(6_590_625));
  });
});

describe('rounding to ₹10 (sections 288A and 288B)', () => {
  it('rounds a last digit of 5 or more up and drops paise first', () => {
    expect(roundToTenRupees(rupees(1_600_004))).toBe(rupees(1_600_000));
    expect(roundToTenRupees(rupees(1_600_005))).toBe(rupees(1_600_010));
    expect(roundToTenRupees(rupees(124_804) + 99)).toBe(rupees(124_800));
  });

  // Salary 16,75,030 → taxable 16,00,030: 1,20,000 + 30 × 20% = 1,20,006; cess 4,800.24;
  // 1,24,806.24 → ₹1,24,806 → ₹1,24,810.
  it('rounds the taxable income and the tax payable', () => {
    expect(taxOf('new', 1_675_004).taxableIncome).toBe(rupees(1_600_000));
    expect(taxOf('new', 1_675_030)).toMatchObject({
      taxableIncome: rupees(1_600_030),
      cess: 480_024,
      totalTax: rupees(124_810),
    });
  });
});

describe('compareRegimes', () => {
  it('works out both regimes of the year on the same income', () => {
    const both = compareRegimes(FY_2026_27, income(1_575_000));
    expect(both.new.totalTax).toBe(rupees(109_200));
    expect(both.old.totalTax).toBe(rupees(280_800));
  });
});

describe('the tax form', () => {
  it('needs the salary and reads empty optional fields as zero', () => {
    expect(checkTaxpayerIncome({ salary: '', otherIncome: '' } as never)).toEqual({
      ok: false,
      message: TaxMessages.salaryRequired,
    });
    expect(
      checkTaxpayerIncome({
        salary: '1575000',
        otherIncome: '',
        section80C: undefined,
        section80D: '25000.50',
        hraExemption: null,
      }),
    ).toEqual({ ok: true, value: income(1_575_000, { section80D: 2_500_050 }) });
    expect(
      checkTaxpayerIncome({
        salary: '100',
        otherIncome: 'abc',
        section80C: '',
        section80D: '',
        hraExemption: '',
      }),
    ).toEqual({ ok: false, message: Messages.amountInvalid });
  });
});
