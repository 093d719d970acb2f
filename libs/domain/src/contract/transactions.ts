import type { DayRange, Ok, PageRequest } from './common.js';
import type { TransactionStatus } from './transaction-kinds.js';

/** The other side of a transaction as one party sees it (an extension of API.md's record). */
export interface Counterparty {
  /** Whom a debit paid (the beneficiary, the recipient's wallet), or who sent a credit. */
  name: string | null;
  /** Their masked account number or mobile number, when known. */
  reference: string | null;
}

/**
 * Who a receipt names as the sender when the money comes from Khata itself (an admin's credit,
 * a fund request paid from the funding account, compensation for a late return).
 */
export const KHATA_AS_SENDER = { senderName: 'Khata', senderMobile: null } as const;

/**
 * The receipt of a money movement as one user sees it (API.md "transaction record"), amounts
 * in rupees. Every call that answers a transaction (the payout that made it, the report, the
 * receipt, the live `transaction.updated`) gives this one shape, with the same fields.
 */
export interface TransactionRecord {
  /** The business transaction's id (a transfer, credit or payout id): the same for every party. */
  _id: string;
  /** A `TransactionKind`; typed open so a newer server's kind still reads. */
  type: string;
  status: TransactionStatus;
  /** From this user's side: `debit` paid out of their account, `credit` paid into it. */
  direction: 'debit' | 'credit';
  amount: { amount: number };
  fee: number;
  createdAt: string;
  updatedAt: string;
  /** `orderID` is the readable order id, `KH` and the seq of the event that opened it. */
  payload: { orderID: string; data: Record<string, unknown> };
  /** Bank reference (UTR) once known. */
  externalRef: string | null;
  txnReferenceId: string;
  remitterMobile: string | null;
  /** The account's posted balance right after this transaction last moved it. */
  balanceAfter: number | null;
  /** Why, for failed and reversed transactions. */
  message: string | null;
  /** Who is on the other side: for the recipient of a transfer, the sender. */
  counterparty: Counterparty;
  /**
   * Rupees, signed: what this transaction has done to the account's posted balance so far,
   * fee included (−(amount + fee) once a payout is paid, 0 after a failure or a return).
   */
  balanceChange: number;
  /** Rupees still held for it (amount + fee while a payout waits for the bank), else 0. */
  onHold: number;
}

/** `POST /api/user/transactions`. */
export interface TransactionListRequest extends DayRange, PageRequest {
  type?: string;
  status?: string;
}

export interface TransactionListAnswer extends Ok {
  data: TransactionRecord[];
  total: number;
}

/** `POST /api/user/transaction`: one receipt. */
export interface TransactionRequest {
  id: string;
}

/** Any answer that carries one receipt (the receipt, a payout, a transfer, a status check). */
export interface TransactionAnswer extends Ok {
  transactionRecord: TransactionRecord;
}

/** `POST /api/user/ledger`: the statement; `userId` for an admin, `account` an extension. */
export interface LedgerRequest extends DayRange, PageRequest {
  userId?: string;
  account?: string;
}

/** What a statement line is: money posted (the amount, or the fee charged with it), or a hold. */
export type StatementLineKind = 'amount' | 'fee' | 'commission' | 'tds' | 'hold' | 'release';

/** One line of the statement: one movement of the account and the balance after it; rupees. */
export interface StatementLine {
  orderID: string;
  /** When the ledger event happened (ISO). */
  at: string;
  /** The ledger's event type (`wallet.transferred`…). */
  eventType: string;
  /** The business type of the transaction the line belongs to (`payout`…), null for none. */
  recordType: string | null;
  recordId: string | null;
  /** The beneficiary or other side, and the remark: `Asha Verma · rent`. */
  description: string | null;
  /** Extension: `amount` and `fee` move the balance; `hold` and `release` only set money aside. */
  kind: StatementLineKind;
  /** Extension: the line in plain words, e.g. "Fee for bank payout to Asha Verma (XXXX1234)". */
  narration: string;
  /** 0 on the side the line does not move. */
  credit: number;
  debit: number;
  /** Extension: rupees set aside by a hold (positive) or freed by its release (negative). */
  held: number;
  /** The posted balance after the line (a hold leaves it as it was). */
  balanceAfter: number;
}

/** The statement of a period: one page of lines, and the balance before and after the period. */
export interface LedgerAnswer extends Ok {
  data: StatementLine[];
  total: number;
  openingBalance: number;
  closingBalance: number;
  /** Extensions (issue 14): every credit and debit of the range, rupees. */
  totals?: { credit: number; debit: number };
  /** Extensions (issue 14): whose statement, which account, and the days it covers. */
  user?: { id: string; name: string; mobile: string };
  account?: string;
  from?: string;
  to?: string;
}

/** `POST /api/user/monthlyTotals` (extension): months `YYYY-MM`. */
export interface MonthlyTotalsRequest {
  from?: string;
  to?: string;
  userId?: string;
  system?: boolean;
}
