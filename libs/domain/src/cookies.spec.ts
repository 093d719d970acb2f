import { describe, it, expect } from '@jest/globals';
import { cookieExpiry, termsFlagExpiry } from './cookies.js';

const now = new Date(2024, 2, 15, 10, 30, 0, 0);

describe('cookieExpiry', () => {
  it('ends at the last millisecond of the current local day when no days are given', () => {
    const expiry = cookieExpiry(now);
    expect(expiry).toEqual(new Date(2024, 2, 15, 23, 59, 59, 999));
    expect(new Date(expiry.getTime() + 1).getDate()).toBe(16);
  });

  it('ends the same day even a millisecond before midnight', () => {
    const late = new Date(2024, 2, 15, 23, 59, 59, 999);
    expect(cookieExpiry(late)).toEqual(late);
  });

  it('adds whole 24-hour days when days are given', () => {
    expect(cookieExpiry(now, 1).getTime() - now.getTime()).toBe(86_400_000);
    expect(cookieExpiry(now, 7).getTime() - now.getTime()).toBe(7 * 86_400_000);
    expect(cookieExpiry(now, 0)).toEqual(now);
  });

  it('refuses a lifetime that is not a number of days', () => {
    expect(() => cookieExpiry(now, NaN)).toThrow(RangeError);
    expect(() => cookieExpiry(now, Infinity)).toThrow(RangeError);
  });

  it('keeps the terms flag for 1 day', () => {
    expect(termsFlagExpiry(now).getTime() - now.getTime()).toBe(86_400_000);
  });
});
