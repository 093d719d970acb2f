import { addDays, indiaDay } from '@khata/domain';

/** "21 Nov 2026, 10:54 am": dates the way an Indian user reads them, in the current language. */
export { formatDateTime } from '../../../i18n/format';

/**
 * A report period of `days` days ending today, as `YYYY-MM-DD` (what the date inputs and the
 * report calls use): today is India's, whatever the browser's own time zone says.
 */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = indiaDay(now);
  return { from: addDays(to, -days), to };
}
