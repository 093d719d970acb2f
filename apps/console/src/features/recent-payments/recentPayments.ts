import {
  pruneRecentPayments,
  rememberedPayment,
  type PaymentToCheck,
  type RecentPayment,
} from '@khata/domain';

/**
 * Spec §3: recent payments live in browser storage, to catch a repeat within 20 minutes. Only
 * masked account numbers (issue 31), and gone at sign-out (`forgetRecentPayments`).
 */
const STORAGE_KEY = 'recentPayments';

export function readRecentPayments(now = new Date()): RecentPayment[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    const payments = pruneRecentPayments(
      stored.filter(
        (entry): entry is RecentPayment =>
          typeof entry === 'object' &&
          entry !== null &&
          typeof entry.maskedAccountNumber === 'string' &&
          typeof entry.ifscCode === 'string' &&
          Number.isSafeInteger(entry.amount) &&
          typeof entry.timestamp === 'number',
      ),
      now,
    );
    // What is dropped goes from storage too: an old entry may hold a whole account number.
    if (payments.length !== stored.length) write(payments);
    return payments;
  } catch {
    return [];
  }
}

/** Remembers a payment just made; older ones past the window are dropped. */
export function rememberPayment(payment: PaymentToCheck, now = new Date()) {
  write([...readRecentPayments(now), rememberedPayment(payment, now)]);
}

/** At sign-out: the next person at this browser finds none of them. */
export function forgetRecentPayments(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
}

function write(payments: RecentPayment[]): void {
  try {
    if (payments.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(payments));
  } catch {
    // Full or disabled storage: the server still asks before a repeat (code 4091).
  }
}
