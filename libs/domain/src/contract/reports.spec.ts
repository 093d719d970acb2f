import { describe, expect, it } from '@jest/globals';
import {
  checkReportSearch,
  checkReportSort,
  REPORT_MAX_DAYS,
  ReportMessages,
  reportRange,
  reportTypes,
} from './reports.js';

describe('the transaction report rules', () => {
  it("defaults to the last 30 of India's days, whatever the machine's clock", () => {
    // 19:00 UTC is already 00:30 the next day in India.
    expect(reportRange(undefined, undefined, new Date('2026-11-25T19:00:00Z'))).toEqual({
      ok: true,
      value: { from: '2026-10-28', to: '2026-11-26' },
    });
    expect(reportRange('2026-01-01', undefined)).toEqual({
      ok: true,
      value: { from: '2026-01-01', to: '2026-01-30' },
    });
  });

  it(`takes at most ${REPORT_MAX_DAYS} days, both ends counted, and no backwards range`, () => {
    expect(reportRange('2026-01-01', '2026-04-02').ok).toBe(true);
    expect(reportRange('2026-01-01', '2026-04-03')).toEqual({
      ok: false,
      message: ReportMessages.rangeTooLong,
    });
    expect(reportRange('2026-03-02', '2026-03-01')).toEqual({
      ok: false,
      message: ReportMessages.rangeBackwards,
    });
  });

  it("keeps a type inside the preset's", () => {
    expect(reportTypes('transactions', undefined)).toEqual({ ok: true, value: null });
    expect(reportTypes('payouts', undefined)).toEqual({ ok: true, value: ['payout'] });
    expect(reportTypes('transactions', 'payout')).toEqual({ ok: true, value: ['payout'] });
    expect(reportTypes('payouts', 'walletTransfer')).toEqual({
      ok: false,
      message: ReportMessages.typeOutsidePreset,
    });
  });

  it('sorts only by the whitelist and searches only for ids and numbers', () => {
    expect(checkReportSort(undefined)).toEqual({ ok: true, value: 'createdAt' });
    expect(checkReportSort('users.password_hash').ok).toBe(false);
    expect(checkReportSearch('  KH0000000123 ')).toEqual({ ok: true, value: 'KH0000000123' });
    expect(checkReportSearch("1' OR 1=1").ok).toBe(false);
    expect(checkReportSearch('   ')).toEqual({ ok: true, value: undefined });
  });
});
