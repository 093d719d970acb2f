import { useTranslation } from 'react-i18next';

/** A DMT transfer's status, by its key in `dmt`. */
const STATUS_KEYS = {
  // Accepted, not yet at the provider.
  queued: 'status.queued',
  // At the provider with no final answer (a timeout too): asked again, never sent again.
  processing: 'status.processing',
  processed: 'status.processed',
  failed: 'status.failed',
  // Paid, then returned by the beneficiary's bank.
  reversed: 'status.reversed',
} as const;

const STATUS_COLORS: Record<keyof typeof STATUS_KEYS, string> = {
  queued: 'processing',
  processing: 'warning',
  processed: 'success',
  failed: 'error',
  reversed: 'error',
};

function isKnown(status: string): status is keyof typeof STATUS_KEYS {
  return Object.hasOwn(STATUS_KEYS, status);
}

/**
 * A DMT transfer's status in words (the current language) and colour; an unknown one is shown
 * as the API sent it.
 */
export function useDmtStatus(): (status: string) => { label: string; color: string } {
  const { t } = useTranslation('dmt');
  return (status) =>
    isKnown(status)
      ? { label: t(STATUS_KEYS[status]), color: STATUS_COLORS[status] }
      : { label: status, color: 'default' };
}
