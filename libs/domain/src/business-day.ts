/**
 * The business day is India's, wherever the server or the browser is and whatever its clock's
 * time zone: report days, the day book, "today" and "this month" are all read in Asia/Kolkata.
 * India keeps one offset all year (UTC+05:30, no daylight saving), so the arithmetic is exact
 * with a fixed offset and needs no time-zone database.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

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

function utcMidnight(day: string): number {
  const match = ISO_DAY.exec(day);
  if (!match) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}
