import type { TransactionAnswer } from './transactions.js';

/** `POST /api/user/sendMoneyToWallet` (PIN and Idempotency-Key in headers); amount in rupees. */
export interface SendMoneyRequest {
  mobile: string;
  amount: number | string;
  remark?: string;
  /** The holder's name as the console showed it; informational, the mobile decides. */
  name?: string;
}

/**
 * `POST /api/user/sendMoneyToDownline` (issue 23; PIN and Idempotency-Key in headers): a
 * distributor tier pays a user of its own downline from its wallet; amount in rupees.
 */
export interface SendToDownlineRequest {
  userId: string;
  amount: number | string;
  remark?: string;
}

/** `POST /api/admin/creditWallet` (PIN and Idempotency-Key in headers); amount in rupees. */
export interface CreditWalletRequest {
  mobile: string;
  amount: number | string;
  remark?: string;
}

/** Both answer the payer's receipt (an admin's credit: the recipient's). */
export type WalletMovementAnswer = TransactionAnswer;
