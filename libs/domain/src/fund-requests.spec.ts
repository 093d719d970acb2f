import { describe, expect, it } from '@jest/globals';
import { checkFundModeFits, FundRequestMessages, fundModesFor } from './fund-requests.js';
import { RUPEE } from './money.js';

describe('fund request modes and the rails limits', () => {
  it('offers RTGS only from ₹2 lakh and IMPS only up to ₹5 lakh', () => {
    expect(fundModesFor(5_000 * RUPEE)).not.toContain('RTGS');
    expect(fundModesFor(2_00_000 * RUPEE)).toContain('RTGS');
    expect(fundModesFor(5_00_000 * RUPEE)).toContain('IMPS');
    expect(fundModesFor(5_00_001 * RUPEE)).not.toContain('IMPS');
    expect(fundModesFor(null)).toHaveLength(6);
  });

  it('refuses a mode that cannot carry the amount with its message', () => {
    expect(checkFundModeFits('RTGS', 5_000 * RUPEE)).toEqual({
      ok: false,
      message: FundRequestMessages.rtgsBelowMinimum,
    });
    expect(checkFundModeFits('NEFT', 5_000 * RUPEE).ok).toBe(true);
  });
});
