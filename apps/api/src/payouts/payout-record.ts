import { paiseToRupees, type Paise } from '@khata/domain';
import {
  counterpartyOf,
  settlementOf,
  type TransactionRecord,
} from '../transactions/transaction-record.js';
import { orderId } from '../transactions/read-model.repository.js';
import type { Payout } from './payout.js';
import { payoutDetails } from './payout-ledger.js';

/**
 * The receipt of a payout from its owner's side, in the shape the transaction read model
 * gives (`toTransactionRecord`): `_id` and `txnReferenceId` the payout id, `payload.orderID`
 * from the seq of the `payout.requested` event that opened it.
 */
export function payoutRecord(payout: Payout, balanceAfter: Paise | null): TransactionRecord {
  const type = payout.kind === 'payout' ? 'payout' : 'aepsSettlement';
  const details = payoutDetails(payout);
  return {
    _id: payout.id,
    type,
    status: payout.status,
    direction: 'debit',
    amount: { amount: paiseToRupees(payout.amount) },
    fee: paiseToRupees(payout.fee),
    createdAt: payout.createdAt.toISOString(),
    updatedAt: payout.updatedAt.toISOString(),
    payload: { orderID: orderId(payout.orderSeq), data: details },
    externalRef: payout.utr,
    txnReferenceId: payout.id,
    remitterMobile: payout.remitterMobile,
    balanceAfter: balanceAfter === null ? null : paiseToRupees(balanceAfter),
    message: payout.message,
    counterparty: counterpartyOf(type, 'debit', details, payout.remitterMobile),
    ...settlementOf('debit', payout.status, payout.amount, payout.fee),
  };
}
