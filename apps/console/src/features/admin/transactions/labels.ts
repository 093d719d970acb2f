import {
  isTransactionKind,
  isTransactionStatus,
  TRANSACTION_KINDS,
  type TransactionKind,
  type TransactionStatus,
} from '@khata/domain';
import { i18n } from '../../../i18n/i18n';

/**
 * Words for the record fields the reports show, in the current language (issue 30): each
 * domain value has its key in the `transactions` namespace, its English the domain's label
 * (TRANSACTION_KINDS, TRANSACTION_STATUS_LABELS). Unknown values are shown as the API sent them.
 */
const TYPE_KEYS = {
  walletTransfer: 'transactions:type.walletTransfer',
  walletCredit: 'transactions:type.walletCredit',
  walletDebit: 'transactions:type.walletDebit',
  payout: 'transactions:type.payout',
  aepsSettlement: 'transactions:type.aepsSettlement',
  fundRequest: 'transactions:type.fundRequest',
  dmt: 'transactions:type.dmt',
  aepsWithdrawal: 'transactions:type.aepsWithdrawal',
  aadhaarPay: 'transactions:type.aadhaarPay',
  aepsToWallet: 'transactions:type.aepsToWallet',
  bbps: 'transactions:type.bbps',
  rent: 'transactions:type.rent',
  pgLoad: 'transactions:type.pgLoad',
} as const satisfies Record<TransactionKind, string>;

/** The ledger's event names, as the first wallet answers carried them. */
const EVENT_KEYS = {
  'wallet.transferred': TYPE_KEYS.walletTransfer,
  'wallet.credited': TYPE_KEYS.walletCredit,
} as const;

const STATUS_KEYS = {
  success: 'transactions:status.success',
  queued: 'transactions:status.queued',
  processing: 'transactions:status.processing',
  processed: 'transactions:status.processed',
  reversed: 'transactions:status.reversed',
  failed: 'transactions:status.failed',
} as const satisfies Record<TransactionStatus, string>;

/** The record types a report can filter by, in the domain's order. */
export const TRANSACTION_TYPE_VALUES = Object.keys(TRANSACTION_KINDS) as TransactionKind[];

export function typeLabel(type: string): string {
  if (isTransactionKind(type)) return i18n.t(TYPE_KEYS[type as TransactionKind]);
  return Object.hasOwn(EVENT_KEYS, type)
    ? i18n.t(EVENT_KEYS[type as keyof typeof EVENT_KEYS])
    : type;
}

export function statusLabel(status: string): string {
  return isTransactionStatus(status) ? i18n.t(STATUS_KEYS[status]) : status;
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
