import type { TFunction } from 'i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { INTL_LOCALES } from '../../../i18n/languages';
import { formatBillDate } from './format';

/** A payment's status in words and colour; an unknown one is shown as the API sent it. */
export function bbpsStatus(t: TFunction<'bbps'>, status: string): { label: string; color: string } {
  switch (status) {
    case 'queued':
      return { label: t('status.queued'), color: 'processing' };
    // Sent, no final answer: settled by a status check, never paid again.
    case 'processing':
      return { label: t('status.processing'), color: 'warning' };
    case 'processed':
      return { label: t('status.processed'), color: 'success' };
    case 'failed':
      return { label: t('status.failed'), color: 'error' };
    default:
      return { label: status, color: 'default' };
  }
}

/** A bill's date (YYYY-MM-DD or ISO) in the current language. */
export function billDate(value: string | null | undefined): string {
  return formatBillDate(value, INTL_LOCALES[currentLanguage()]);
}
