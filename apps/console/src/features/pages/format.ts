import { formatPaise, type Paise } from '@khata/domain';

/** A price-list amount without paise when there are none: ₹25,000 rather than ₹25,000.00. */
export function wholeRupees(amount: Paise): string {
  return formatPaise(amount).replace(/\.00$/, '');
}

/** An ISO date (2026-11-01) as Indian readers write it: 1 November 2026. */
export function formatDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
