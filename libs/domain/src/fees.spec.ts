import { describe, it, expect } from '@jest/globals';
import { aepsSettlementFee, feeToCharge, payoutFee, payoutSlab } from './fees.js';

const rupees = (r: number) => Math.round(r * 100);

describe('payoutSlab', () => {
  it.each([
    [0, 1],
    [rupees(25_000), 1],
    [rupees(25_000.01), 2],
    [rupees(100_000), 2],
    [rupees(100_000.01), 3],
    [Number.MAX_SAFE_INTEGER, 3],
  ])('puts %p paise in slab %p', (amount, slab) => {
    expect(payoutSlab(amount)).toBe(slab);
  });
});

describe('payoutFee', () => {
  it('charges the defaults ₹15, ₹25 and ₹40 at the slab edges', () => {
    expect(payoutFee(rupees(25_000))).toBe(1500);
    expect(payoutFee(rupees(25_000.01))).toBe(2500);
    expect(payoutFee(rupees(100_000))).toBe(2500);
    expect(payoutFee(rupees(100_000.01))).toBe(4000);
    expect(payoutFee(rupees(1), {})).toBe(1500);
    expect(payoutFee(rupees(1), { limit1: {} })).toBe(1500);
    expect(payoutFee(rupees(1), { limit1: { flatBase: null, percentBase: null } })).toBe(1500);
  });

  it('uses the slab of the amount to pick the rate', () => {
    const rates = { limit1: { flatBase: 5 }, limit2: { flatBase: 10 }, limit3: { flatBase: 20 } };
    expect(payoutFee(rupees(25_000), rates)).toBe(500);
    expect(payoutFee(rupees(25_000.01), rates)).toBe(1000);
    expect(payoutFee(rupees(100_000.01), rates)).toBe(2000);
  });

  it('charges a flat rate in rupees, exactly, and lets it win over a percent', () => {
    expect(payoutFee(rupees(500), { limit1: { flatBase: 12.5, percentBase: 1 } })).toBe(1250);
    expect(payoutFee(rupees(500), { limit1: { flatBase: 0 } })).toBe(0);
  });

  it('charges a percent of the amount when no flat rate is set', () => {
    expect(payoutFee(rupees(10_000), { limit1: { percentBase: 0.5 } })).toBe(5000);
    expect(payoutFee(rupees(50_000), { limit2: { percentBase: 1.25 } })).toBe(62500);
    expect(payoutFee(rupees(10_000), { limit1: { percentBase: 0 } })).toBe(0);
  });

  it('rounds a percent fee half up to the paisa', () => {
    // Exactly half a paisa rounds up; just under half rounds down.
    expect(payoutFee(100, { limit1: { percentBase: 0.5 } })).toBe(1);
    expect(payoutFee(100, { limit1: { percentBase: 0.49 } })).toBe(0);
    // 1.5% of ₹41 is 61.5 paise; 0.33% of ₹123.45 is 40.7385 paise.
    expect(payoutFee(4100, { limit1: { percentBase: 1.5 } })).toBe(62);
    expect(payoutFee(12345, { limit1: { percentBase: 0.33 } })).toBe(41);
  });

  it('stays exact for the largest safe amount', () => {
    // 1% of 9007199254740991 paise is 90071992547409.91 → 90071992547410.
    const fee = payoutFee(Number.MAX_SAFE_INTEGER, { limit3: { percentBase: 1 } });
    expect(fee).toBe(90071992547410);
  });

  it.each([
    [{ flatBase: -1 }],
    [{ flatBase: 1.234 }],
    [{ flatBase: NaN }],
    [{ percentBase: -0.5 }],
    [{ percentBase: 0.125 }],
    [{ percentBase: 100.01 }],
    [{ percentBase: Infinity }],
  ])('throws on a malformed rate %p rather than guess a fee', (rate) => {
    expect(() => payoutFee(rupees(10), { limit1: rate })).toThrow(RangeError);
  });

  it.each([-1, 1.5, NaN])('throws on %p, which is not an amount', (amount) => {
    expect(() => payoutFee(amount)).toThrow(RangeError);
  });
});

describe('aepsSettlementFee', () => {
  it('charges ₹8 up to and including ₹25,000 and ₹15 above', () => {
    expect(aepsSettlementFee(1)).toBe(800);
    expect(aepsSettlementFee(rupees(25_000))).toBe(800);
    expect(aepsSettlementFee(rupees(25_000.01))).toBe(1500);
    expect(aepsSettlementFee(rupees(1_000_000))).toBe(1500);
  });

  it('throws on a negative amount', () => {
    expect(() => aepsSettlementFee(-1)).toThrow(RangeError);
  });
});

describe('feeToCharge', () => {
  it("charges a payout the scheme's fee unless the user has an own rate for the slab", () => {
    const basis = { service: 'payout' as const, amount: rupees(10_000), schemeFee: 2000 };
    expect(feeToCharge(basis)).toBe(2000);
    expect(feeToCharge({ ...basis, rates: { limit2: { flatBase: 5 } } })).toBe(2000);
    expect(feeToCharge({ ...basis, rates: { limit1: { flatBase: 5 } } })).toBe(500);
    expect(feeToCharge({ ...basis, rates: { limit1: { percentBase: 0.5 } } })).toBe(5000);
  });

  it('falls back to the defaults without a scheme', () => {
    expect(feeToCharge({ service: 'payout', amount: rupees(10_000) })).toBe(1500);
    expect(feeToCharge({ service: 'aepsSettlement', amount: rupees(30_000) })).toBe(1500);
    expect(feeToCharge({ service: 'aepsSettlement', amount: rupees(300), schemeFee: null })).toBe(
      800,
    );
  });

  it("charges an AEPS settlement the scheme's fee, whatever the payout rates", () => {
    expect(
      feeToCharge({
        service: 'aepsSettlement',
        amount: rupees(300),
        schemeFee: 1000,
        rates: { limit1: { flatBase: 1 } },
      }),
    ).toBe(1000);
  });
});
