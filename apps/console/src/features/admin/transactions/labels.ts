import type { TransactionRecord } from './api';

/** Words for the record fields the reports show; unknown values are shown as the API sent them. */

export const TRANSACTION_TYPES: Record<string, string> = {
  walletTransfer: 'Wallet transfer',
  walletCredit: 'Wallet credit',
  payout: 'Bank payout',
  aepsSettlement: 'AEPS settlement',
  // The ledger's event names, as the first wallet answers carried them.
  'wallet.transferred': 'Wallet transfer',
  'wallet.credited': 'Wallet credit',
};

export const TRANSACTION_STATUSES: Record<string, string> = {
  success: 'Success',
  queued: 'Queued',
  processing: 'Processing',
  processed: 'Processed',
  reversed: 'Reversed',
  failed: 'Failed',
};

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

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The other side of a record as this user sees it: the API's `counterparty`, or for an answer
 * without it, the beneficiary of a debit and the sender (or remitter) of a credit.
 */
export function counterpartyOf(record: TransactionRecord): {
  name: string | null;
  reference: string | null;
} {
  if (record.counterparty) return record.counterparty;
  const data = record.payload?.data ?? {};
  if (record.direction === 'credit') {
    return {
      name: text(data.senderName) ?? (record.type === 'walletCredit' ? 'Khata' : null),
      reference: text(data.senderMobile) ?? text(record.remitterMobile),
    };
  }
  return {
    name: text(data.beneficiaryName),
    reference: text(data.beneficiaryAccountNumber) ?? text(data.beneficiaryMobile),
  };
}
