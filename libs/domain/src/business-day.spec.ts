import { describe, expect, it } from '@jest/globals';
import {
  addDays,
  indiaDay,
  indiaDayEnd,
  indiaDayRange,
  indiaDayStart,
  indiaMonth,
} from './business-day.js';

describe('the Indian business day', () => {
  it.each([
    // 18:29:59.999 UTC is 23:59:59.999 IST; 18:30 UTC is the next IST midnight.
    ['2026-11-23T18:29:59.999Z', '2026-11-23'],
    ['2026-11-23T18:30:00.000Z', '2026-11-24'],
    ['2026-11-23T00:00:00.000Z', '2026-11-23'],
    ['2026-12-31T18:30:00.000Z', '2027-01-01'],
    ['2028-02-28T20:00:00.000Z', '2028-02-29'],
  ])('%s falls on %s in India', (at, day) => {
    expect(indiaDay(new Date(at))).toBe(day);
  });

  it('reads the month in India: the last evening of November (UTC) is already December', () => {
    expect(indiaMonth(new Date('2026-11-30T18:29:00Z'))).toBe('2026-11');
    expect(indiaMonth(new Date('2026-11-30T18:31:00Z'))).toBe('2026-12');
  });

  it('starts and ends a day at IST midnight', () => {
    expect(indiaDayStart('2026-11-24').toISOString()).toBe('2026-11-23T18:30:00.000Z');
    expect(indiaDayEnd(new Date('2026-11-23T19:00:00Z')).toISOString()).toBe(
      '2026-11-24T18:29:59.999Z',
    );
  });

  it('counts calendar days across months, years and leap days', () => {
    expect(addDays('2026-11-24', -30)).toBe('2026-10-25');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(() => addDays('24/11/2026', 1)).toThrow(RangeError);
  });

  describe('a range of India days', () => {
    const rule = { defaultDays: 7, maxDays: 31, backwards: 'backwards', tooLong: 'too long' };
    // 20:00 UTC on the 23rd is already the 24th in India.
    const now = new Date('2026-11-23T20:00:00Z');

    it.each([
      [{}, { from: '2026-11-18', to: '2026-11-24' }],
      [{ from: '2026-11-01' }, { from: '2026-11-01', to: '2026-11-07' }],
      [{ to: '2026-03-01' }, { from: '2026-02-23', to: '2026-03-01' }],
      [
        { from: '2026-11-01', to: '2026-12-01' },
        { from: '2026-11-01', to: '2026-12-01' },
      ],
    ])('fills %j in as %j', (asked, range) => {
      expect(indiaDayRange(asked, rule, now)).toEqual({ ok: true, value: range });
    });

    it('refuses a range that runs backwards or is longer than allowed', () => {
      expect(indiaDayRange({ from: '2026-11-02', to: '2026-11-01' }, rule, now)).toEqual({
        ok: false,
        message: 'backwards',
      });
      expect(indiaDayRange({ from: '2026-11-01', to: '2026-12-02' }, rule, now)).toEqual({
        ok: false,
        message: 'too long',
      });
    });
  });
});
