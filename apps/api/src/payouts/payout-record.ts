import type { Paise } from '@khata/domain';
import {
  toTransactionRecord,
  type RecordSource,
  type TransactionRecord,
} from '../transactions/transaction-record.js';
import { payoutKindOf, type Payout } from './payout.js';
import { payoutDetails } from './payout-ledger.js';

/**
 * A payout as the one record mapper takes it, from its owner's side: the same facts the read
 * model projects from the payout's events (`_id` the payout id, the order id from the seq of
 * `payout.requested`), so both paths answer the same record.
 */
export function payoutRecordSource(payout: Payout, balanceAfter: Paise | null): RecordSource {
  return {
    id: payout.id,
    type: payoutKindOf(payout),
    status: payout.status,
    direction: 'debit',
    amount: payout.amount,
    fee: payout.fee,
    details: payoutDetails(payout),
    remitterMobile: payout.remitterMobile,
    externalRef: payout.utr,
    message: payout.message,
    openedSeq: payout.orderSeq,
    balanceAfter,
    createdAt: payout.createdAt,
    updatedAt: payout.updatedAt,
  };
}

/** The receipt of a payout from its owner's side. */
export function payoutRecord(payout: Payout, balanceAfter: Paise | null): TransactionRecord {
  return toTransactionRecord(payoutRecordSource(payout, balanceAfter));
}
