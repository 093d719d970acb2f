import { normalizeAccountNumber, normalizeIfsc } from './bank-account.js';
import { DUPLICATE_PAYMENT_WINDOW_MS } from './limits.js';
import type { Paise } from './money.js';

/** A payout remembered in browser storage to catch accidental repeats (spec §3). */
export type RecentPayment = {
  accountNumber: string;
  ifscCode: string;
  amount: Paise;
  /** Milliseconds since the epoch. */
  timestamp: number;
};
export type PaymentToCheck = Omit<RecentPayment, 'timestamp'>;

/**
 * The earlier payment that makes this one a likely repeat: same amount to the same account
 * and IFSC within 20 minutes, both ends included. A timestamp in the future (clock skew)
 * counts as recent, because the cost of a wrong match is one extra confirmation.
 */
export function findDuplicatePayment(
  recent: readonly RecentPayment[],
  payment: PaymentToCheck,
  now: Date,
): RecentPayment | undefined {
  const account = normalizeAccountNumber(payment.accountNumber);
  const ifsc = normalizeIfsc(payment.ifscCode);
  return recent.find(
    (earlier) =>
      isWithinWindow(earlier, now) &&
      earlier.amount === payment.amount &&
      normalizeAccountNumber(earlier.accountNumber) === account &&
      normalizeIfsc(earlier.ifscCode) === ifsc,
  );
}

/** Drops the payments too old to matter, so storage does not grow without end. */
export function pruneRecentPayments(recent: readonly RecentPayment[], now: Date): RecentPayment[] {
  return recent.filter((payment) => isWithinWindow(payment, now));
}

function isWithinWindow(payment: RecentPayment, now: Date): boolean {
  return now.getTime() - payment.timestamp <= DUPLICATE_PAYMENT_WINDOW_MS;
}
