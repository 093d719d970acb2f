import { maskAccountNumber, normalizeIfsc } from './bank-account.js';
import { DUPLICATE_PAYMENT_WINDOW_MS } from './limits.js';
import type { Paise } from './money.js';

/**
 * A payout remembered in browser storage to catch accidental repeats (spec §3). The account
 * number is kept masked (`XXXXXXXX9012`), never whole (issue 31): storage outlives the
 * session and any script or person at the browser can read it.
 */
export type RecentPayment = {
  maskedAccountNumber: string;
  ifscCode: string;
  amount: Paise;
  /** Milliseconds since the epoch. */
  timestamp: number;
};
export type PaymentToCheck = { accountNumber: string; ifscCode: string; amount: Paise };

/** What is remembered of a payment just made. */
export function rememberedPayment(payment: PaymentToCheck, now: Date): RecentPayment {
  return {
    maskedAccountNumber: maskAccountNumber(payment.accountNumber),
    ifscCode: normalizeIfsc(payment.ifscCode),
    amount: payment.amount,
    timestamp: now.getTime(),
  };
}

/**
 * The earlier payment that makes this one a likely repeat: same amount to the same account
 * (as far as its masked form tells: same length, same last 4 digits) and IFSC within 20
 * minutes, both ends included. A timestamp in the future (clock skew) counts as recent, and
 * two accounts alike when masked at one branch count as one, because the cost of a wrong
 * match is one extra confirmation.
 */
export function findDuplicatePayment(
  recent: readonly RecentPayment[],
  payment: PaymentToCheck,
  now: Date,
): RecentPayment | undefined {
  const { maskedAccountNumber, ifscCode } = rememberedPayment(payment, now);
  return recent.find(
    (earlier) =>
      isWithinWindow(earlier, now) &&
      earlier.amount === payment.amount &&
      earlier.maskedAccountNumber === maskedAccountNumber &&
      normalizeIfsc(earlier.ifscCode) === ifscCode,
  );
}

/** Drops the payments too old to matter, so storage does not grow without end. */
export function pruneRecentPayments(recent: readonly RecentPayment[], now: Date): RecentPayment[] {
  return recent.filter((payment) => isWithinWindow(payment, now));
}

function isWithinWindow(payment: RecentPayment, now: Date): boolean {
  return now.getTime() - payment.timestamp <= DUPLICATE_PAYMENT_WINDOW_MS;
}
