import { Messages, paymentFailed } from '@khata/domain';
import { ApiError } from '../../../api/client';

/** The code the API answers for a repeat within the 20-minute window (ask, then resend). */
export const DUPLICATE_PAYMENT_CODE = 4091;

export function isDuplicateRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === DUPLICATE_PAYMENT_CODE;
}

/**
 * Spec §8 for a payment the API did not take: "Payment Failed: {message}" when it answered,
 * "An error occurred during the transaction" when no answer came, and "Error processing
 * transfer. Please try again later." when the server failed.
 */
export function paymentError(error: unknown): string {
  if (!(error instanceof ApiError)) return Messages.transactionError;
  if (error.status === 0) return Messages.transactionError;
  if (error.status >= 500) return Messages.transferError;
  return paymentFailed(error.message);
}
