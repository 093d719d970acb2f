import type { TFunction } from 'i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { INTL_LOCALES } from '../../../i18n/languages';
import { railStatusLook, type StatusLook } from '../common/railStatus';
import { formatBillDate } from './format';

/** A payment's statuses: the rails' four. */
const BBPS_STATUSES = ['queued', 'processing', 'processed', 'failed'] as const;

/** A payment's status in words and colour; an unknown one is shown as the API sent it. */
export function bbpsStatus(t: TFunction<'bbps'>, status: string): StatusLook {
  return railStatusLook(t, status, BBPS_STATUSES);
}

/** A bill's date (YYYY-MM-DD or ISO) in the current language. */
export function billDate(value: string | null | undefined): string {
  return formatBillDate(value, INTL_LOCALES[currentLanguage()]);
}
