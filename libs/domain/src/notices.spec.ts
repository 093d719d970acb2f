import { describe, expect, it } from '@jest/globals';
import {
  checkNoticeAudience,
  checkNoticeBody,
  checkNoticeTitle,
  checkNoticeWindow,
  formatIndiaDateTime,
  NoticeMessages,
  noticeReaches,
  noticeState,
  parseIndiaDateTime,
} from './notices.js';

// 2026-11-26 10:00 in India.
const NOW = new Date('2026-11-26T04:30:00Z');

describe('notice times are India’s wall clock', () => {
  it('reads YYYY-MM-DDTHH:mm as UTC+05:30 and writes it back', () => {
    expect(parseIndiaDateTime('2026-11-26T10:00')).toEqual(NOW);
    expect(formatIndiaDateTime(NOW)).toBe('2026-11-26T10:00');
    // Just after midnight in India is the previous day in UTC.
    expect(parseIndiaDateTime('2026-11-27T00:15')?.toISOString()).toBe('2026-11-26T18:45:00.000Z');
  });

  it.each(['2026-02-30T10:00', '2026-11-26T24:00', '2026-11-26 10:00', '2026-11-26T10:00Z', 5])(
    'refuses %s',
    (value) => {
      expect(parseIndiaDateTime(value)).toBeNull();
    },
  );
});

describe('the notice window', () => {
  it('passes a window that ends after its start and in the future', () => {
    expect(checkNoticeWindow('2026-11-26T09:59', '2026-11-27T10:00', NOW)).toEqual({
      ok: true,
      value: {
        startsAt: new Date('2026-11-26T04:29:00Z'),
        endsAt: new Date('2026-11-27T04:30:00Z'),
      },
    });
  });

  it.each([
    ['2026-11-27T10:00', '2026-11-27T10:00', NoticeMessages.endBeforeStart],
    ['2026-11-27T10:00', '2026-11-27T09:00', NoticeMessages.endBeforeStart],
    ['2026-11-20T10:00', '2026-11-26T10:00', NoticeMessages.endPassed],
    ['2026-11-26T10:00', '2027-03-01T10:00', NoticeMessages.tooLong],
    ['2028-01-01T10:00', '2028-01-02T10:00', NoticeMessages.tooFarAhead],
    ['tomorrow', '2026-11-27T10:00', NoticeMessages.startInvalid],
  ])('refuses %s to %s', (start, end, message) => {
    expect(checkNoticeWindow(start, end, NOW)).toEqual({ ok: false, message });
  });

  it('shows a notice only inside its window and until withdrawn', () => {
    const notice = {
      startsAt: new Date('2026-11-26T04:00:00Z'),
      endsAt: new Date('2026-11-26T05:00:00Z'),
      withdrawnAt: null,
    };
    expect(noticeState(notice, new Date('2026-11-26T03:59:59Z'))).toBe('scheduled');
    expect(noticeState(notice, NOW)).toBe('live');
    expect(noticeState(notice, new Date('2026-11-26T05:00:00Z'))).toBe('ended');
    expect(noticeState({ ...notice, withdrawnAt: NOW }, NOW)).toBe('withdrawn');
  });
});

describe('notice fields', () => {
  it('bounds title and body', () => {
    expect(checkNoticeTitle('  Holiday  ')).toEqual({ ok: true, value: 'Holiday' });
    expect(checkNoticeTitle('x'.repeat(101)).ok).toBe(false);
    expect(checkNoticeBody('')).toEqual({ ok: false, message: NoticeMessages.bodyRequired });
    expect(checkNoticeBody('x'.repeat(1001)).ok).toBe(false);
  });

  it('takes "all" or roles of the admin area, never partners', () => {
    expect(checkNoticeAudience('all')).toEqual({ ok: true, value: 'all' });
    expect(checkNoticeAudience(['distributor', 'employee2', 'distributor'])).toEqual({
      ok: true,
      value: ['distributor', 'employee2'],
    });
    expect(checkNoticeAudience([]).ok).toBe(false);
    expect(checkNoticeAudience(['partner']).ok).toBe(false);
    expect(checkNoticeAudience('admin').ok).toBe(false);
    expect(noticeReaches(['employee2'], 'employee2')).toBe(true);
    expect(noticeReaches(['employee2'], 'distributor')).toBe(false);
    expect(noticeReaches('all', 'partner')).toBe(false);
  });
});
