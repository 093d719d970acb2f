import { addDays, BUSINESS_TIME_ZONE, indiaDay } from '@khata/domain';

// Times are shown in India's time zone, like the business day: a receipt reads the same in
// Pune and in Dubai.
const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "21 Nov 2026, 10:54 am": dates the way an Indian user reads them. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) {
    return '—';
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

/**
 * A report period of `days` days ending today, as `YYYY-MM-DD` (what the date inputs and the
 * report calls use): today is India's, whatever the browser's own time zone says.
 */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = indiaDay(now);
  return { from: addDays(to, -days), to };
}
