import { describe, expect, it } from '@jest/globals';
import {
  checkProfitWindow,
  checkTaxRateChange,
  isCalendarDay,
  profitEarnerOf,
  profitRecord,
  profitTotal,
  taxRateRecord,
  type ProfitLine,
} from './commission-admin.js';
import { CommissionMessages } from './commission.js';
import { Messages } from './messages.js';

const TODAY = '2026-11-28';
const EARNER = '7f0c3c1e-1b2a-4c3d-9e8f-0a1b2c3d4e5f';

describe('isCalendarDay', () => {
  it.each(['2026-02-28', '2024-02-29', '2026-12-31'])('takes %s', (day) => {
    expect(isCalendarDay(day)).toBe(true);
  });
  it.each(['2026-02-29', '2026-13-01', '2026-1-01', '', 20261128, null])('refuses %p', (day) => {
    expect(isCalendarDay(day)).toBe(false);
  });
});

describe('checkTaxRateChange', () => {
  it('takes a percent as basis points from today on', () => {
    expect(checkTaxRateChange({ kind: 'gst', rate: 18.5, effectiveFrom: TODAY }, TODAY)).toEqual({
      ok: true,
      value: { kind: 'gst', rate: 1850, effectiveFrom: TODAY },
    });
  });
  it.each([
    [{ kind: 'vat', rate: 1, effectiveFrom: TODAY }, CommissionMessages.taxKindInvalid],
    [{ kind: 'tds', rate: 100.01, effectiveFrom: TODAY }, CommissionMessages.taxRateInvalid],
    [{ kind: 'tds', rate: -1, effectiveFrom: TODAY }, CommissionMessages.taxRateInvalid],
    [{ kind: 'tds', rate: 2.001, effectiveFrom: TODAY }, CommissionMessages.taxRateInvalid],
    [
      { kind: 'tds', rate: 2, effectiveFrom: '28-11-2026' },
      CommissionMessages.effectiveFromInvalid,
    ],
    [{ kind: 'tds', rate: 2, effectiveFrom: '2026-11-27' }, CommissionMessages.effectiveFromPast],
  ])('refuses %p with its message', (body, message) => {
    expect(checkTaxRateChange(body, TODAY)).toEqual({ ok: false, message });
  });
});

describe('taxRateRecord', () => {
  it('writes basis points as a percent and the time as ISO', () => {
    const createdAt = new Date('2026-11-28T01:02:03.004Z');
    expect(
      taxRateRecord({
        id: '3',
        kind: 'tdsNoPan',
        rate: 2000,
        effectiveFrom: TODAY,
        createdAt,
        createdBy: null,
      }),
    ).toEqual({
      id: '3',
      kind: 'tdsNoPan',
      rate: 20,
      effectiveFrom: TODAY,
      createdAt: '2026-11-28T01:02:03.004Z',
      createdBy: null,
    });
  });
});

describe('checkProfitWindow', () => {
  it('reads the last 30 days by day when nothing is given', () => {
    expect(checkProfitWindow({}, TODAY)).toEqual({
      ok: true,
      value: { from: '2026-10-29', to: TODAY, by: 'day' },
    });
  });
  it('takes a year of months', () => {
    expect(checkProfitWindow({ from: '2025-11-27', to: TODAY, groupBy: 'month' }, TODAY)).toEqual({
      ok: true,
      value: { from: '2025-11-27', to: TODAY, by: 'month' },
    });
  });
  it.each([
    [{ from: '2026-11-29', to: TODAY }, CommissionMessages.profitRangeInvalid],
    [{ from: '2025-11-26', to: TODAY }, CommissionMessages.profitRangeInvalid],
    [{ from: '2026-02-30' }, CommissionMessages.profitRangeInvalid],
    [{ to: 5 }, CommissionMessages.profitRangeInvalid],
    [{ groupBy: 'week' }, CommissionMessages.profitGroupInvalid],
  ])('refuses %p with its message', (body, message) => {
    expect(checkProfitWindow(body, TODAY)).toEqual({ ok: false, message });
  });
});

describe('profitEarnerOf', () => {
  const admin = { userId: 'a', kind: 'admin' as const };
  const distributor = { userId: 'd', kind: 'distributor' as const };

  it('gives an admin every earner, or the one it names', () => {
    expect(profitEarnerOf(admin, undefined)).toEqual({ ok: true, value: null });
    expect(profitEarnerOf(admin, '')).toEqual({ ok: true, value: null });
    expect(profitEarnerOf(admin, EARNER)).toEqual({ ok: true, value: EARNER });
  });
  it('refuses an admin a name that is no user id', () => {
    expect(profitEarnerOf(admin, 'someone')).toEqual({ ok: false, message: Messages.userNotFound });
  });
  it('gives anyone else its own, whatever it names', () => {
    expect(profitEarnerOf(distributor, EARNER)).toEqual({ ok: true, value: 'd' });
  });
});

describe('profit lines', () => {
  const line = (gross: number, tds: number): ProfitLine => ({
    period: '2026-11',
    userId: EARNER,
    name: 'D',
    mobile: '9876543210',
    role: 'distributor',
    gross,
    tds,
    net: gross - tds,
    count: 1,
  });

  it('writes a line in rupees', () => {
    expect(profitRecord(line(1001, 20))).toEqual({
      ...line(0, 0),
      gross: 10.01,
      tds: 0.2,
      net: 9.81,
    });
  });
  it('sums in paise before it writes rupees (ten lines of 10 paise are one rupee)', () => {
    const lines = Array.from({ length: 10 }, () => line(10, 1));
    expect(profitTotal(lines)).toEqual({ gross: 1, tds: 0.1, net: 0.9 });
  });
  it('totals nothing as zeros, and a returned payment subtracts', () => {
    expect(profitTotal([])).toEqual({ gross: 0, tds: 0, net: 0 });
    expect(profitTotal([line(500, 10), line(-500, -10)])).toEqual({ gross: 0, tds: 0, net: 0 });
  });
});
