import { paiseToRupees, type Paise } from '@khata/domain';

/** The receipt of a money movement (API.md "transaction record"), amounts in rupees. */
export interface TransactionRecord {
  _id: string;
  type: string;
  status: 'success';
  amount: { amount: number };
  fee: number;
  createdAt: string;
  updatedAt: string;
  payload: { orderID: string; data: Record<string, unknown> };
  externalRef: null;
  txnReferenceId: string;
  remitterMobile: string | null;
  balanceAfter: number | null;
}

export function walletRecord(input: {
  eventId: string;
  seq: string;
  type: 'wallet.transferred' | 'wallet.credited';
  amount: Paise;
  at: Date;
  remitterMobile: string | null;
  data: Record<string, unknown>;
  balanceAfter: Paise | undefined;
}): TransactionRecord {
  const at = input.at.toISOString();
  return {
    _id: input.eventId,
    type: input.type,
    status: 'success',
    amount: { amount: paiseToRupees(input.amount) },
    fee: 0,
    createdAt: at,
    updatedAt: at,
    payload: { orderID: `KH${input.seq.padStart(10, '0')}`, data: input.data },
    externalRef: null,
    txnReferenceId: input.eventId,
    remitterMobile: input.remitterMobile,
    balanceAfter: input.balanceAfter === undefined ? null : paiseToRupees(input.balanceAfter),
  };
}
