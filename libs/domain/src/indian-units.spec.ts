import { describe, expect, it } from '@jest/globals';
import { indianScale, inScale } from './indian-units.js';

describe('indianScale', () => {
  it('chooses one unit from the largest figure, the Indian way', () => {
    expect(indianScale(999).label).toBe('₹');
    expect(indianScale(90_000).unit).toBe('thousand');
    expect(indianScale(1_80_000).unit).toBe('lakh');
    expect(indianScale(-2_50_00_000).unit).toBe('crore');
  });

  it('writes every tick of an axis in that one unit', () => {
    const scale = indianScale(1_80_000);
    expect([0, 50_000, 90_000, 1_50_000, 1_80_000].map((v) => inScale(v, scale))).toEqual([
      '0',
      '0.5',
      '0.9',
      '1.5',
      '1.8',
    ]);
    expect(inScale(12_34_56_789, indianScale(12_34_56_789))).toBe('12.35');
  });
});
