import type { RecordStatus } from '@khata/ledger';

/**
 * The receipt of a money movement as one user sees it (API.md "transaction record"), amounts
 * in rupees. Read from the transaction read model, which is projected from the ledger log.
 */
export interface TransactionRecord {
  /** The business transaction's id (a transfer, credit or payout id): the same for every party. */
  _id: string;
  type: string;
  status: RecordStatus;
  /** From this user's side: `debit` paid out of their account, `credit` paid into it. */
  direction: 'debit' | 'credit';
  amount: { amount: number };
  fee: number;
  createdAt: string;
  updatedAt: string;
  payload: { orderID: string; data: Record<string, unknown> };
  externalRef: string | null;
  txnReferenceId: string;
  remitterMobile: string | null;
  /** The account's posted balance right after this transaction last moved it. */
  balanceAfter: number | null;
  /** Why, for failed and reversed transactions. */
  message: string | null;
}
