/**
 * The business day is India's, wherever the server or the browser is and whatever its clock's
 * time zone: report days, the day book, "today" and "this month" are all read in Asia/Kolkata.
 * India keeps one offset all year (UTC+05:30, no daylight saving), so the arithmetic is exact
 * with a fixed offset and needs no time-zone database.
 */
import { fail, pass, type Check } from './check.js';

export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const shortDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
const shortDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * What a date cell holds, as a moment: a day (`YYYY-MM-DD`) is its start in India, a timestamp
 * or `Date` itself; null when it is neither (the console's formatters show "—").
 */
export function momentOf(value: unknown): Date | null {
  if (typeof value === 'string' && ISO_DAY.test(value)) return indiaDayStart(value);
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) {
    return null;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "27 Nov 2026": a day (`YYYY-MM-DD`) or a moment, read in India; "—" when it is neither. */
export function showIndiaDate(value: unknown): string {
  const date = momentOf(value);
  return date ? shortDate.format(date) : '—';
}

/** "27 Nov 2026, 10:54 am": a moment in India's time; "—" when it is none. */
export function showIndiaDateTime(value: unknown): string {
  const date = momentOf(value);
  return date ? shortDateTime.format(date) : '—';
}

/** The Indian calendar day of a moment, `YYYY-MM-DD`. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Indian calendar month of a moment, `YYYY-MM`. */
export function indiaMonth(at: Date): string {
  return indiaDay(at).slice(0, 7);
}

/** The moment an Indian calendar day (`YYYY-MM-DD`) starts: its midnight in IST. */
export function indiaDayStart(day: string): Date {
  return new Date(utcMidnight(day) - IST_OFFSET_MS);
}

/** The calendar day `days` after `day` (before, when negative), both `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  return new Date(utcMidnight(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last moment of the Indian day a moment falls in (a cookie that lasts "for today"). */
export function indiaDayEnd(at: Date): Date {
  return new Date(indiaDayStart(addDays(indiaDay(at), 1)).getTime() - 1);
}

/** How a screen's range of India days is filled in and bounded, with its own messages. */
export interface DayRangeRule {
  /** Days a range covers when one end or both are missing. */
  defaultDays: number;
  maxDays: number;
  backwards: string;
  tooLong: string;
}

/**
 * A range of India days as a screen asks for it (both ends `YYYY-MM-DD`, inclusive): a missing
 * end is today, or `defaultDays` after a given start; a missing start is `defaultDays` before
 * the end. Refused when it runs backwards or covers more than `maxDays` days.
 */
export function indiaDayRange(
  asked: { from?: string; to?: string },
  rule: DayRangeRule,
  now: Date = new Date(),
): Check<{ from: string; to: string }> {
  const to = asked.to ?? (asked.from ? addDays(asked.from, rule.defaultDays - 1) : indiaDay(now));
  const from = asked.from ?? addDays(to, -(rule.defaultDays - 1));
  if (from > to) return fail(rule.backwards);
  if (addDays(from, rule.maxDays - 1) < to) return fail(rule.tooLong);
  return pass({ from, to });
}

function utcMidnight(day: string): number {
  const match = ISO_DAY.exec(day);
  if (!match) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}
