import type { Paise } from '@khata/domain';
import { formatMoney } from '../../i18n/format';
import { currentLanguage } from '../../i18n/i18n';
import { INTL_LOCALES } from '../../i18n/languages';

/** A price-list amount without paise when there are none: ₹25,000 rather than ₹25,000.00. */
export function wholeRupees(amount: Paise): string {
  return formatMoney(amount).replace(/\.00$/, '');
}

/** An ISO date (2026-11-01) as Indian readers write it: 1 November 2026 (1 नवंबर 2026). */
export function formatDate(isoDate: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[currentLanguage()], {
    dateStyle: 'long',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}
