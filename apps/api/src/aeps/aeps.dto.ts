import {
  AEPS_REVERSAL_TAT_DAYS,
  aepsBankOf,
  maskAadhaar,
  paiseToRupees,
  returnClock,
} from '@khata/domain';
import { Allow } from 'class-validator';
import type { AepsTransaction, AepsTransactionListRow } from './aeps-transaction.js';

/**
 * The AEPS calls' bodies (issue 26). Fields are only let through here: the counter judges each
 * form whole with libs/domain's checks (checkAepsTransaction, checkAadhaar), so every refusal
 * says the same words as the console's form.
 */
export class AepsTransactionDto {
  @Allow() kind?: unknown;
  @Allow() aadhaar?: unknown;
  @Allow() bankIin?: unknown;
  @Allow() mobile?: unknown;
  @Allow() amount?: unknown;
  @Allow() pid?: unknown;
}

export class AgentRegisterDto {
  @Allow() aadhaar?: unknown;
  @Allow() pid?: unknown;
}

export class AgentDailyAuthDto {
  @Allow() pid?: unknown;
}

/**
 * A transaction as the API answers it (docs/api.md "AEPS at the counter"): rupees, the Aadhaar
 * number masked, the shop's commission net of TDS, and RBI's T+5 clock on a failed debit.
 */
export function toAepsRecord(txn: AepsTransaction | AepsTransactionListRow, now: Date) {
  const shopLine = txn.commissionSplit?.earner;
  const credited = txn.status === 'processed' && txn.amount > 0 ? txn.amount - txn.merchantFee : 0;
  return {
    id: txn.id,
    kind: txn.kind,
    status: txn.status,
    amount: paiseToRupees(txn.amount),
    commission: paiseToRupees(shopLine?.net ?? 0),
    tds: paiseToRupees(shopLine?.tds ?? 0),
    merchantFee: paiseToRupees(txn.merchantFee),
    credited: paiseToRupees(credited),
    aadhaar: maskAadhaar(txn.aadhaarLast4),
    bankIin: txn.bankIin,
    bankName: aepsBankOf(txn.bankIin)?.name ?? txn.bankIin,
    mobile: txn.mobile,
    rrn: txn.rrn,
    balance: txn.customerBalance === null ? null : paiseToRupees(txn.customerBalance),
    statement: txn.statement,
    message: txn.message,
    bankDebited: txn.bankDebited,
    reversalDueBy: txn.bankDebited
      ? returnClock(txn.createdAt, null, now, AEPS_REVERSAL_TAT_DAYS).deadline.toISOString()
      : null,
    createdAt: txn.createdAt.toISOString(),
    finishedAt: txn.finishedAt?.toISOString() ?? null,
    shop: { id: txn.userId, name: 'shopName' in txn ? txn.shopName : null },
  };
}

export type AepsRecord = ReturnType<typeof toAepsRecord>;
