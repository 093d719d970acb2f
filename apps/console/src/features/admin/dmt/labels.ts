import type { DmtRefundState } from '@khata/domain';

/** A DMT transfer's status in words and colour; an unknown one is shown as the API sent it. */
const STATUSES: Record<string, { label: string; color: string }> = {
  // Accepted, not yet at the provider.
  queued: { label: 'Initiated', color: 'processing' },
  // At the provider with no final answer (a timeout too): asked again, never sent again.
  processing: { label: 'Pending', color: 'warning' },
  processed: { label: 'Success', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  // Paid, then returned by the beneficiary's bank.
  reversed: { label: 'Returned', color: 'error' },
};

export function dmtStatus(status: string): { label: string; color: string } {
  return STATUSES[status] ?? { label: status, color: 'default' };
}

export const REFUND_STATES: Record<DmtRefundState, string> = {
  none: '',
  pending: 'Refund pending',
  refunded: 'Refunded',
};
