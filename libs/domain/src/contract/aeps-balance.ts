import type { Ok } from './common.js';

/**
 * `POST /api/aeps/balance/move` (issue 26; headers `pin` and `Idempotency-Key`): the AEPS
 * balance to the main wallet. `amount` in rupees, as typed.
 */
export interface AepsBalanceMoveRequest {
  amount: number | string;
}

/**
 * What moved and both balances after it, rupees. A repeat of the Idempotency-Key answers the
 * first move's amount with the balances as they stand now, and `Idempotency-Hit: true`.
 */
export interface AepsBalanceMoveAnswer extends Ok {
  message: string;
  data: { moved: number; aepsBalance: number; walletBalance: number };
}
