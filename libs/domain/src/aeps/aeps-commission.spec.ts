import { describe, expect, it } from '@jest/globals';
import {
  aepsCommissionSplit,
  DEFAULT_SCHEMES,
  DEFAULT_TAX_RATES,
  quoteScheme,
} from '../commission.js';

const shop = { userId: 'shop', hasPan: true };
const share = (level: 'distributor' | 'superDistributor', gross: number, hasPan = true) => ({
  level,
  userId: level,
  hasPan,
  gross,
});

describe('aepsCommissionSplit', () => {
  it('gives the shop the commission less the uplines’ shares, TDS withheld from every line', () => {
    const quote = quoteScheme(DEFAULT_SCHEMES.aeps, 250_000); // ₹2,500: slab 4
    expect(quote).toMatchObject({ fee: 1300, shares: { distributor: 100, superDistributor: 50 } });
    const split = aepsCommissionSplit(
      quote.fee,
      shop,
      [share('distributor', 100), share('superDistributor', 50, false)],
      DEFAULT_TAX_RATES,
    );
    expect(split.earner).toMatchObject({ userId: 'shop', gross: 1150, tds: 23, net: 1127 });
    expect(split.commissions.map((line) => [line.userId, line.gross, line.tds, line.net])).toEqual([
      ['distributor', 100, 2, 98],
      ['superDistributor', 50, 10, 40], // no PAN: 20%
    ]);
    expect(split.tds).toBe(23 + 2 + 10);
    // The company pays it all: the lines' net and the TDS add up to the commission.
    expect(-split.company).toBe(1127 + 98 + 40 + split.tds);
    expect(split.gst + split.company + 100 + 50 + 1150).toBe(0);
  });

  it('cuts the shares to the commission and leaves the shop nothing when they take it all', () => {
    const split = aepsCommissionSplit(
      120,
      shop,
      [share('distributor', 100), share('superDistributor', 50)],
      DEFAULT_TAX_RATES,
    );
    expect(split.commissions.map((line) => line.gross)).toEqual([100, 20]);
    expect(split.earner).toBeNull();
    expect(split.company).toBe(-120);
  });

  it('refuses a negative commission', () => {
    expect(() => aepsCommissionSplit(-1, shop, [], DEFAULT_TAX_RATES)).toThrow(RangeError);
  });
});
