import { ErrorCode, Messages, paymentFailed, verificationFailed } from '@khata/domain';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/client';
import { formatRupees } from '../common/money';
import type { TransactionRecord } from '@khata/domain';

/** A repeat within the 20-minute window: ask, then resend with confirmDuplicate. */
export function isDuplicateRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.DuplicatePayment;
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

/**
 * A failed account check (spec §8 "Verification failed: {text}"). The API's refusal already
 * reads "Verification failed: …": it is shown as it came, never prefixed twice. Other
 * refusals (a bad IFSC, too many checks) get the prefix; no answer at all asks to try again.
 */
export function verificationError(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return Messages.verificationRetry;
  return error.message.startsWith(verificationFailed(''))
    ? error.message
    : verificationFailed(error.message);
}

/** What the payout toast says at each status of the record (ours around spec §8's words). */
export interface PayoutToast {
  type: 'loading' | 'success' | 'error';
  content: string;
  /** Seconds; 0 keeps it until the next status replaces it. */
  duration: number;
}

/**
 * The toast of a payout that the API accepted: "Payout queued" while the bank has not
 * answered, then the live status decides: processed (or an AEPS settlement's success) is
 * "Payment successful: …", failed and reversed are "Payment Failed: {reason}", the money back.
 */
export function payoutToast(record: TransactionRecord, t: TFunction<'payouts'>): PayoutToast {
  const amount = formatRupees(record.amount?.amount);
  const name = record.payload?.data?.beneficiaryName;
  const payee = typeof name === 'string' && name ? name : undefined;
  const utr = record.externalRef;
  switch (record.status) {
    case 'queued':
      return {
        type: 'loading',
        content: payee ? t('toast.queuedTo', { amount, payee }) : t('toast.queued', { amount }),
        duration: 0,
      };
    case 'processing':
      return {
        type: 'loading',
        content: payee
          ? t('toast.processingTo', { amount, payee })
          : t('toast.processing', { amount }),
        duration: 0,
      };
    case 'processed':
    case 'success': {
      // Spec §8 "Payment successful: {message}", said whole in each language.
      const content = payee
        ? utr
          ? t('toast.paidToUtr', { amount, payee, utr })
          : t('toast.paidTo', { amount, payee })
        : utr
          ? t('toast.paidUtr', { amount, utr })
          : t('toast.paid', { amount });
      return { type: 'success', content, duration: 6 };
    }
    case 'failed':
    case 'reversed': {
      const reason = record.message?.trim() || Messages.transactionFailed;
      // Spec §8 "Payment Failed: {message}", the money back said after the reason.
      return {
        type: 'error',
        content: t('toast.failed', { reason: reason.replace(/\.?$/, '.') }),
        duration: 10,
      };
    }
    default:
      return { type: 'loading', content: Messages.transactionProcessed, duration: 6 };
  }
}
