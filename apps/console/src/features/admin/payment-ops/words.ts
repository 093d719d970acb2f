import type { Paise } from '@khata/domain';
import { formatCount } from '../../../i18n/format';

/** "₹100": a whole-rupee rate as the rules say it (₹100 a day), in the current language's digits. */
export function wholeRupees(paise: Paise): string {
  return `₹${formatCount(Math.floor(paise / 100))}`;
}
