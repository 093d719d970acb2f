import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  checkPayoutRates,
  checkScheme,
  commissionSplit,
  CommissionMessages,
  type CommissionShare,
  DEFAULT_SCHEMES,
  DEFAULT_TAX_RATES,
  quoteScheme,
  rateOf,
  reversedLegs,
  splitLegs,
  type SchemeDefinition,
} from './commission.js';
import { RUPEE } from './money.js';

const share = (level: CommissionShare['level'], gross: number, hasPan = true): CommissionShare => ({
  level,
  userId: level,
  hasPan,
  gross,
});

/** The ledger legs the payout posts for a split (as apps/api/src/payouts/payout-ledger.ts). */
function legsOf(split: ReturnType<typeof commissionSplit>): Record<string, number> {
  const legs: Record<string, number> = { retailer: -split.fee };
  for (const line of split.commissions) legs[line.level] = line.net;
  legs.tds = split.tds;
  legs.gst = split.gst;
  legs.company = split.company;
  return legs;
}
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('commissionSplit', () => {
  it('splits ₹15 with ₹3 and ₹1 shares: GST inclusive, TDS 2%, the company the remainder', () => {
    const split = commissionSplit(
      15 * RUPEE,
      [share('distributor', 3 * RUPEE), share('superDistributor', 1 * RUPEE)],
      DEFAULT_TAX_RATES,
    );
    // 1500 × 18 / 118 = 228.81 → 229 paise.
    expect(split.gst).toBe(229);
    expect(split.commissions.map((line) => [line.gross, line.tds, line.net])).toEqual([
      [300, 6, 294],
      [100, 2, 98],
    ]);
    expect(split.tds).toBe(8);
    expect(split.company).toBe(1500 - 229 - 400);
    expect(sum(Object.values(legsOf(split)))).toBe(0);
  });

  it('withholds 20% from a payee without a PAN', () => {
    const split = commissionSplit(
      25 * RUPEE,
      [share('distributor', 5 * RUPEE, false), share('superDistributor', 2 * RUPEE, true)],
      DEFAULT_TAX_RATES,
    );
    expect(split.commissions.map((line) => [line.tdsRate, line.tds, line.net])).toEqual([
      [2000, 100, 400],
      [200, 4, 196],
    ]);
  });

  it('rounds each TDS half up to the paisa and the company takes what rounding leaves', () => {
    // 2% of 25 paise is 0.5 → 1 paisa; 2% of 24 paise is 0.48 → 0.
    const split = commissionSplit(
      1 * RUPEE,
      [share('distributor', 25), share('superDistributor', 24)],
      DEFAULT_TAX_RATES,
    );
    expect(split.commissions.map((line) => line.tds)).toEqual([1, 0]);
    // GST on ₹1: 100 × 18 / 118 = 15.25 → 15.
    expect(split.gst).toBe(15);
    expect(split.company).toBe(100 - 15 - 49);
    expect(sum(Object.values(legsOf(split)))).toBe(0);
  });

  it('cuts shares to the fee net of GST (a per-user fee below the scheme), distributor first', () => {
    const split = commissionSplit(
      5 * RUPEE,
      [share('distributor', 4 * RUPEE), share('superDistributor', 3 * RUPEE)],
      DEFAULT_TAX_RATES,
    );
    expect(split.gst).toBe(76);
    expect(split.commissions.map((line) => [line.level, line.gross])).toEqual([
      ['distributor', 400],
      ['superDistributor', 24],
    ]);
    expect(split.company).toBe(0);
  });

  it('has no commission lines and no GST on a free payout', () => {
    const split = commissionSplit(0, [share('distributor', 300)], DEFAULT_TAX_RATES);
    expect(split).toMatchObject({ gst: 0, commissions: [], tds: 0, company: 0 });
  });

  it('uses the rates it is given', () => {
    const split = commissionSplit(11800, [share('distributor', 1000)], {
      gst: 1200,
      tds: 500,
      tdsNoPan: 2000,
    });
    // 11800 × 12 / 112 = 1264.29 → 1264.
    expect(split.gst).toBe(1264);
    expect(split.commissions[0]!.tds).toBe(50);
  });
});

describe('quoteScheme', () => {
  const scheme = DEFAULT_SCHEMES.payout;
  it.each([
    [1, 1, 1500, 300, 100],
    [25_000, 1, 1500, 300, 100],
    [25_000.01, 2, 2500, 500, 200],
    [100_000, 2, 2500, 500, 200],
    [100_000.01, 3, 4000, 800, 300],
    [199_999, 3, 4000, 800, 300],
  ])('₹%d falls in slab %d: fee %d, shares %d and %d', (rupees, slab, fee, dist, sd) => {
    const quote = quoteScheme(scheme, Math.round(rupees * RUPEE));
    expect(quote).toEqual({ slab, fee, shares: { distributor: dist, superDistributor: sd } });
  });

  it('never shares more than the fee when percents round up together', () => {
    // 0.7% + 0.26% of ₹1,10,110.72 round to 77078 + 28629 = 105707 > 0.96% = 105706.
    const quote = quoteScheme(
      {
        slabs: [
          {
            upTo: null,
            fee: { percentBase: 0.96 },
            distributor: { percentBase: 0.7 },
            superDistributor: { percentBase: 0.26 },
          },
        ],
      },
      11011072,
    );
    expect(quote.fee).toBe(105706);
    expect(quote.shares.distributor + quote.shares.superDistributor).toBe(105706);
  });

  it('charges a percent of the amount, half up', () => {
    expect(rateOf(12345, { percentBase: 0.5 })).toBe(62); // 61.725 → 62
    expect(rateOf(12300, { percentBase: 0.5 })).toBe(62); // 61.5 → 62
    expect(rateOf(12200, { percentBase: 0.5 })).toBe(61);
    expect(rateOf(12200, { flatBase: 2.5 })).toBe(250);
  });
});

describe('checkScheme', () => {
  const slab = (upTo: number | null, fee: object, d: object, s: object) => ({
    upTo,
    fee,
    distributor: d,
    superDistributor: s,
  });

  it('accepts the default schemes', () => {
    for (const scheme of Object.values(DEFAULT_SCHEMES)) {
      expect(checkScheme(scheme)).toEqual({ ok: true, value: scheme });
    }
  });

  it('refuses flat shares above a flat fee', () => {
    const scheme = {
      name: 'Greedy',
      service: 'payout',
      slabs: [slab(null, { flatBase: 10 }, { flatBase: 6 }, { flatBase: 5 })],
    };
    expect(checkScheme(scheme)).toEqual({
      ok: false,
      message: CommissionMessages.sharesExceedFee(1),
    });
  });

  it('refuses percent shares that outgrow a flat fee at the top of the slab', () => {
    const scheme = {
      name: 'Percent',
      service: 'payout',
      slabs: [
        slab(1000, { flatBase: 10 }, { percentBase: 0.5 }, { flatBase: 0 }),
        slab(null, { flatBase: 20 }, { flatBase: 1 }, { flatBase: 1 }),
      ],
    };
    // 0.5% of ₹1,000 is ₹5 ≤ ₹10: fine. Raise the bound to ₹3,000 and it is ₹15 > ₹10.
    expect(checkScheme(scheme).ok).toBe(true);
    scheme.slabs[0]!.upTo = 3000;
    expect(checkScheme(scheme)).toEqual({
      ok: false,
      message: CommissionMessages.sharesExceedFee(1),
    });
  });

  it('refuses a percent fee below flat shares at the bottom of the slab', () => {
    const scheme = {
      name: 'Low',
      service: 'aepsSettlement',
      slabs: [slab(null, { percentBase: 1 }, { flatBase: 2 }, { flatBase: 0 })],
    };
    expect(checkScheme(scheme).ok).toBe(false);
  });

  it.each([
    [{ name: '', service: 'payout', slabs: [] }, CommissionMessages.nameRequired],
    [{ name: 'x', service: 'lottery', slabs: [] }, CommissionMessages.serviceInvalid],
    [{ name: 'x', service: 'payout', slabs: [] }, CommissionMessages.slabsRequired],
    [
      {
        name: 'x',
        service: 'payout',
        slabs: [slab(100, { flatBase: 1 }, { flatBase: 0 }, { flatBase: 0 })],
      },
      CommissionMessages.lastSlabOpen,
    ],
    [
      {
        name: 'x',
        service: 'payout',
        slabs: [
          slab(100, { flatBase: 1 }, { flatBase: 0 }, { flatBase: 0 }),
          slab(50, { flatBase: 1 }, { flatBase: 0 }, { flatBase: 0 }),
          slab(null, { flatBase: 1 }, { flatBase: 0 }, { flatBase: 0 }),
        ],
      },
      CommissionMessages.slabUpToInvalid,
    ],
    [
      {
        name: 'x',
        service: 'payout',
        slabs: [slab(null, { flatBase: 1, percentBase: 1 }, { flatBase: 0 }, { flatBase: 0 })],
      },
      CommissionMessages.rateInvalid,
    ],
    [
      {
        name: 'x',
        service: 'payout',
        slabs: [slab(null, { percentBase: 101 }, { flatBase: 0 }, { flatBase: 0 })],
      },
      CommissionMessages.rateInvalid,
    ],
    [
      {
        name: 'x',
        service: 'payout',
        slabs: [slab(null, { flatBase: 1.234 }, { flatBase: 0 }, { flatBase: 0 })],
      },
      CommissionMessages.rateInvalid,
    ],
  ])('refuses %j', (input, message) => {
    expect(checkScheme(input)).toEqual({ ok: false, message });
  });
});

describe('checkPayoutRates', () => {
  it('keeps the slabs set, drops the empty ones, refuses two rates in one slab', () => {
    expect(checkPayoutRates({ limit1: { flatBase: 12 }, limit2: null })).toEqual({
      ok: true,
      value: { limit1: { flatBase: 12 } },
    });
    expect(checkPayoutRates({ limit3: { percentBase: 0.25 } })).toEqual({
      ok: true,
      value: { limit3: { percentBase: 0.25 } },
    });
    expect(checkPayoutRates({ limit1: { flatBase: 1, percentBase: 1 } }).ok).toBe(false);
    expect(checkPayoutRates({ limit4: { flatBase: 1 } }).ok).toBe(false);
  });
});

describe('the split, over random amounts, schemes and rates (fast-check)', () => {
  const rate = fc.oneof(
    fc.integer({ min: 0, max: 50_000 }).map((paise) => ({ flatBase: paise / 100 })),
    fc.integer({ min: 0, max: 300 }).map((bp) => ({ percentBase: bp / 100 })),
  );
  const schemeArb: fc.Arbitrary<SchemeDefinition> = fc
    .array(fc.record({ fee: rate, distributor: rate, superDistributor: rate }), {
      minLength: 1,
      maxLength: 4,
    })
    .chain((slabs) =>
      fc
        .uniqueArray(fc.integer({ min: 1, max: 999_999 }), {
          minLength: slabs.length - 1,
          maxLength: slabs.length - 1,
        })
        .map((bounds) => {
          const sorted = [...bounds].sort((a, b) => a - b);
          return {
            name: 'random',
            service: 'payout' as const,
            slabs: slabs.map((slab, index) => ({ ...slab, upTo: sorted[index] ?? null })),
          };
        }),
    );
  const ratesArb = fc.record({
    gst: fc.integer({ min: 0, max: 3000 }),
    tds: fc.integer({ min: 0, max: 1000 }),
    tdsNoPan: fc.integer({ min: 0, max: 3000 }),
  });

  it('every split sums to zero, TDS payable is the sum of its legs, a reversal nets to zero', () => {
    fc.assert(
      fc.property(
        schemeArb,
        fc.integer({ min: 1, max: 100_000_000 }),
        ratesArb,
        fc.boolean(),
        fc.boolean(),
        (scheme, amount, rates, panD, panS) => {
          const quote = quoteScheme(scheme, amount);
          const split = commissionSplit(
            quote.fee,
            [
              share('distributor', quote.shares.distributor, panD),
              share('superDistributor', quote.shares.superDistributor, panS),
            ],
            rates,
          );
          const legs = legsOf(split);
          expect(sum(Object.values(legs))).toBe(0);
          expect(split.tds).toBe(sum(split.commissions.map((line) => line.tds)));
          expect(split.company).toBeGreaterThanOrEqual(0);
          expect(split.gst).toBeGreaterThanOrEqual(0);
          expect(split.gst).toBeLessThanOrEqual(split.fee);
          for (const line of split.commissions) {
            expect(line.net + line.tds).toBe(line.gross);
            expect(line.tds).toBeGreaterThanOrEqual(0);
            expect(line.net).toBeGreaterThanOrEqual(0);
          }
          // The legs the payout posts: the retailer's fee and splitLegs; then the reversal.
          const posted = splitLegs(split);
          expect(sum(posted.map((leg) => leg.amount))).toBe(split.fee);
          const tdsLegs = posted.filter((leg) => leg.party.kind === 'tds');
          expect(sum(tdsLegs.map((leg) => leg.amount))).toBe(split.tds);
          const gstLegs = posted.filter((leg) => leg.party.kind === 'gst');
          expect(sum(gstLegs.map((leg) => leg.amount))).toBe(split.gst);
          const balances = new Map<string, number>();
          for (const leg of [...posted, ...reversedLegs(posted)]) {
            const key = JSON.stringify(leg.party);
            balances.set(key, (balances.get(key) ?? 0) + leg.amount);
          }
          for (const balance of balances.values()) expect(balance).toBe(0);
          expect(posted.every((leg) => leg.amount !== 0)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a scheme checkScheme accepts never shares more than its fee', () => {
    fc.assert(
      fc.property(schemeArb, fc.integer({ min: 1, max: 100_000_000 }), (scheme, amount) => {
        const checked = checkScheme(scheme);
        fc.pre(checked.ok);
        if (!checked.ok) return;
        const quote = quoteScheme(checked.value, amount);
        expect(quote.shares.distributor + quote.shares.superDistributor).toBeLessThanOrEqual(
          quote.fee,
        );
      }),
      { numRuns: 500 },
    );
  });
});
