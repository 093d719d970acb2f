import { useTranslation } from 'react-i18next';
import { railStatusLook, type StatusLook } from '../common/railStatus';

/** A DMT transfer's statuses: the rails' four, and reversed (paid, then returned by the bank). */
const DMT_STATUSES = ['queued', 'processing', 'processed', 'failed', 'reversed'] as const;

/**
 * A DMT transfer's status in words (the current language) and colour; an unknown one is shown
 * as the API sent it.
 */
export function useDmtStatus(): (status: string) => StatusLook {
  const { t } = useTranslation('dmt');
  return (status) => railStatusLook(t, status, DMT_STATUSES);
}
