import type { Ok } from './common.js';
import type { TransactionAnswer, TransactionRecord } from './transactions.js';

/**
 * `type` of spec §7's transfer body as a client sends it: `payout` (the default) or `bank` for
 * a bank payout, `aeps` for an AEPS settlement (see `PayoutKind`).
 */
export type PayoutRequestType = 'payout' | 'bank' | 'aeps';

/**
 * `POST /api/payment/bankTransfer` and `/api/admin/unlimitedPayout` (PIN and Idempotency-Key in
 * headers). The API judges the whole form itself, so values arrive as the browser sent them.
 */
export interface PayoutRequest {
  amount?: number | string;
  beneficiaryName?: string;
  beneficiaryAccountNumber?: string;
  beneficiaryIfscCode?: string;
  paymentMode?: string;
  type?: PayoutRequestType;
  /** Sent again after the user confirmed a repeat within the 20-minute window (code 4091). */
  confirmDuplicate?: boolean;
}

/** The payout's receipt, `queued` at first; a replay also sets `Idempotency-Hit: true`. */
export interface PayoutAnswer extends TransactionAnswer {
  message: string;
  result: { message: string };
}

/**
 * `POST /api/payment/quote` (issue 23): what a payment of `amount` would cost the caller now,
 * by the same rule the transfer charges (the scheme in force, the caller's own payout rates).
 * `amount` is judged as the transfer judges it (with `paymentMode`, IMPS by default).
 */
export interface PaymentQuoteRequest {
  amount?: number | string;
  /** `payout` (default) or `bank`: a bank payout; `aeps`: an AEPS settlement. */
  type?: PayoutRequestType;
  paymentMode?: string;
  /** Admins: quote under the unlimited payout's cap. */
  unlimited?: boolean;
}

/** Rupees: the amount, the fee it would be charged, and what leaves the wallet (amount + fee). */
export interface PaymentQuote {
  amount: number;
  fee: number;
  total: number;
}

export interface PaymentQuoteAnswer extends Ok {
  quote: PaymentQuote;
}

/** `POST /api/user/checkLastTransaction`: the caller's latest payouts to this account. */
export interface CheckLastTransactionRequest {
  accountNumber: string;
  ifsc: string;
  /** Default 5, at most 20. */
  limit?: number | string;
}

export interface CheckLastTransactionAnswer extends Ok {
  data: TransactionRecord[];
}

/** `POST /api/admin/payouts/stuck`: payouts still in flight after `olderThanMinutes` (10). */
export interface StuckPayoutsRequest {
  olderThanMinutes?: number;
  /** 1 to 100, default 50. */
  limit?: number;
}

export interface StuckPayout {
  record: TransactionRecord;
  userId: string;
  sends: number;
  statusChecks: number;
  lastCheckedAt: string | null;
  nextCheckAt: string | null;
}

export interface StuckPayoutsAnswer extends Ok {
  data: StuckPayout[];
}

/** `POST /api/admin/payouts/checkStatus`: asks the rail again about one payout. */
export interface PayoutIdRequest {
  id: string;
}

/** `POST /api/admin/payouts/resolve`: settles a payout by hand (PIN header); `processed` needs the UTR. */
export interface ResolvePayoutRequest {
  id: string;
  status: 'processed' | 'failed';
  utr?: string;
  /** 10 to 500 characters, internal: kept in the audit log only, never shown to the customer. */
  reason: string;
  /**
   * A failed payout's message to the customer (receipt, report, public check), at most 120
   * characters; blank gives `DEFAULT_FAILED_CUSTOMER_MESSAGE`. Unused when `processed`.
   */
  customerMessage?: string;
}
