import { BUSINESS_TIME_ZONE, formatPaise, parseRupees } from '@khata/domain';

/** en-IN rupees from the API's rupee number (`₹1,23,456.78`), a dash when it is not one. */
export function rupees(value: unknown): string {
  const parsed = parseRupees(typeof value === 'number' ? String(Math.abs(value)) : '');
  if (!parsed.ok) return '—';
  return `${typeof value === 'number' && value < 0 ? '-' : ''}${formatPaise(parsed.value)}`;
}

/**
 * A date and time as people in India read it, in India's time (IST) whatever the browser's zone
 * (issue 23: a partner's server room may be anywhere), or a dash.
 */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: BUSINESS_TIME_ZONE,
  });
}

/** A time to the second, in IST: a webhook's tries are seconds apart. */
export function whenExact(iso: string | null | undefined): string {
  if (!iso) return '—';
  return `${new Date(iso).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: BUSINESS_TIME_ZONE,
  })} IST`;
}
