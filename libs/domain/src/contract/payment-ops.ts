import type { Ok } from './common.js';
import type { TransactionStatus } from './transaction-kinds.js';
import type { TransactionRecord } from './transactions.js';

/**
 * Issue 14: payment operations (`/admin/paymentOperations`), the payment tracker
 * (`/admin/payment-tracker`) and the public receipt check (`/verify/<token>`).
 */

/** `POST /api/admin/payouts/operations`: payouts that need someone, by the regulator's deadline. */
export interface PaymentOperationsRequest {
  /** In-flight payouts asked for at least this long ago, 0 to 1440; default 10. */
  olderThanMinutes?: number | string;
  /** Payouts, AEPS settlements, or both (the default). */
  kind?: 'payout' | 'aepsSettlement' | '';
}

/**
 * Why the payout is on the list: the bank has not settled it (`open`: queued, or sent with no
 * final answer), or it failed and its money came back after T + 1 (`returnedLate`: the
 * compensation is due).
 */
export type PaymentOperationState = 'open' | 'returnedLate';

export interface PaymentOperation {
  state: PaymentOperationState;
  record: TransactionRecord;
  /** The payer: the owner of the wallet (or AEPS balance) the money left. */
  user: { id: string; name: string; mobile: string };
  paymentMode: string;
  sends: number;
  statusChecks: number;
  lastCheckedAt: string | null;
  /** When the money came back (the failure); null while open. */
  returnedAt: string | null;
  /** T, the India day it was asked for. */
  transactionDay: string;
  /** The end of T + 1 (India), ISO. */
  deadline: string;
  daysLate: number;
  /** Rupees: ₹100 per day late. */
  compensation: number;
  /** Null when an admin may settle it by hand now; else why not (and until when). */
  resolveBlocked: { reason: 'not-processing' | 'send-in-flight'; until: string | null } | null;
  /** A `returnedLate` row whose compensation Khata has paid into the customer's wallet; else null. */
  compensationPaid: CompensationPaid | null;
}

/** The compensation paid for a late return: one ledger event, `compensation:<payoutId>`. */
export interface CompensationPaid {
  /** Rupees credited to the customer's wallet. */
  amount: number;
  /** When, ISO. */
  at: string;
  /** The admin who paid it. */
  by: { id: string; name: string | null; mobile: string | null };
  /** The order id of the credit (the ledger event's), as the customer's statement shows it. */
  orderID: string;
}

/**
 * `POST /api/admin/payouts/payCompensation` (PIN header): pays a `returnedLate` payout's
 * compensation into its owner's wallet, once; the amount is the server's (₹100 a day late).
 */
export interface PayCompensationRequest {
  id: string;
}

export interface PayCompensationAnswer extends Ok {
  message: string;
  compensationPaid: CompensationPaid;
}

export interface PaymentOperationsAnswer extends Ok {
  /** Deadline first (the most overdue on top), then oldest first. */
  data: PaymentOperation[];
  /** The server's now, ISO: the ages on the screen are counted from it. */
  now: string;
  /** `overdue` and `compensation` count only rows whose compensation is still unpaid. */
  totals: { open: number; overdue: number; compensation: number };
  /**
   * Issue 26: AEPS withdrawals the customer's bank debited but failed, whatever `kind` and
   * `olderThanMinutes` say (those choose payouts). Its own section: Khata pays nothing here.
   */
  aepsReversals: AepsReversals;
}

/**
 * One AEPS cash withdrawal the customer's bank debited and then failed (sandbox code 04): the
 * bank owes the customer a reversal by the end of T + 5 (RBI's turnaround time for AEPS), and
 * ₹100 for each day after. Khata moved nothing (no ledger event) and pays nothing: the row is
 * the exposure the operations team chases with the AEPS provider.
 */
export interface AepsReversalOperation {
  /** The AEPS transaction's id (`/api/aeps/transactions/:id`). */
  id: string;
  /** The shop that served the customer. */
  shop: { id: string; name: string; mobile: string };
  /** `XXXX XXXX 1234`: Khata keeps no more of the Aadhaar number. */
  aadhaar: string;
  bankName: string;
  bankIin: string;
  /** Rupees the bank debited. */
  amount: number;
  /** The bank's reference (RRN), null when the bank gave none. */
  rrn: string | null;
  /** The bank's words for the failure. */
  message: string | null;
  /** When the customer asked, ISO. */
  createdAt: string;
  /** T, the India day of the withdrawal. */
  transactionDay: string;
  /** The end of T + 5 (India), ISO: the reversal is due by then. */
  deadline: string;
  /** Whole India days after T + 5, counted to now (Khata does not learn of the reversal). */
  daysLate: number;
  /** Rupees: ₹100 per day late (AEPS_LATE_REVERSAL_PER_DAY), the bank's to pay the customer. */
  exposure: number;
}

export interface AepsReversals {
  /** Deadline first (the most overdue on top); debits of the last 30 days. */
  data: AepsReversalOperation[];
  /** `overdue`: rows past T + 5; `exposure`: rupees, the sum of the rows' exposure. */
  totals: { count: number; overdue: number; exposure: number };
}

/** `POST /api/admin/paymentTracker`: one payment in the caller's network, by order id or UTR. */
export interface PaymentTrackerRequest {
  /** An order id (`KH0000000042`) or a bank reference (UTR). */
  query: string;
}

/** One event of the payment's ledger stream, in words. */
export interface TrackerEvent {
  at: string;
  /** The status the payment reached (or kept) with this event. */
  status: TransactionStatus | null;
  text: string;
}

export interface PaymentTrackerAnswer extends Ok {
  /** The payment as its owner's receipt shows it (the payer's side first). */
  record: TransactionRecord;
  /** The owner's shop as its receipts print it: shop name (or name) and mobile. */
  shop: { name: string; phone: string | null };
  timeline: TrackerEvent[];
  /** The receipt's public verification link (`/verify/<token>`). */
  verifyPath: string;
}

/** `POST /api/user/receiptLink`: the public verification link of one of the caller's receipts. */
export interface ReceiptLinkRequest {
  id: string;
}

export interface ReceiptLinkAnswer extends Ok {
  token: string;
  /** `/verify/<token>`, relative to the console's origin. */
  verifyPath: string;
}

/**
 * `GET /api/public/receipts/:token`: what anyone holding the printed receipt may check, and
 * nothing else (no names, mobiles or balances).
 */
export interface VerifiedReceipt {
  status: TransactionStatus;
  /** Rupees. */
  amount: number;
  /** `XXXX1234`, or null when the payment went to no bank account (a wallet transfer). */
  account: string | null;
  utr: string | null;
  /** When it was made, ISO. */
  at: string;
}

export interface VerifyReceiptAnswer extends Ok {
  receipt: VerifiedReceipt;
}
