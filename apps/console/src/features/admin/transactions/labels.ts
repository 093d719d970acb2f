import { TRANSACTION_KINDS, TRANSACTION_STATUS_LABELS } from '@khata/domain';

/** Words for the record fields the reports show; unknown values are shown as the API sent them. */

export const TRANSACTION_TYPES: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(TRANSACTION_KINDS).map(([type, kind]) => [type, kind.label]),
  ),
  // The ledger's event names, as the first wallet answers carried them.
  'wallet.transferred': TRANSACTION_KINDS.walletTransfer.label,
  'wallet.credited': TRANSACTION_KINDS.walletCredit.label,
};

export const TRANSACTION_STATUSES: Record<string, string> = TRANSACTION_STATUS_LABELS;

export function typeLabel(type: string): string {
  return TRANSACTION_TYPES[type] ?? type;
}

export function statusLabel(status: string): string {
  return TRANSACTION_STATUSES[status] ?? status;
}

export type StatusTone = 'success' | 'processing' | 'error' | 'default';

/** The colour a status reads in: done, on its way, or money back / refused. */
export function statusTone(status: string): StatusTone {
  if (status === 'success' || status === 'processed') return 'success';
  if (status === 'queued' || status === 'processing') return 'processing';
  if (status === 'failed' || status === 'reversed') return 'error';
  return 'default';
}

/** A receipt reads as failed when the money did not reach its destination. */
export function isFailedStatus(status: string): boolean {
  return statusTone(status) === 'error';
}
