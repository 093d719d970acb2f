import { pruneRecentPayments, type RecentPayment } from '@khata/domain';

/** Spec §3: recent payments live in browser storage, to catch a repeat within 20 minutes. */
const STORAGE_KEY = 'recentPayments';

export function readRecentPayments(now = new Date()): RecentPayment[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    const payments = stored.filter(
      (entry): entry is RecentPayment =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof entry.accountNumber === 'string' &&
        typeof entry.ifscCode === 'string' &&
        Number.isSafeInteger(entry.amount) &&
        typeof entry.timestamp === 'number',
    );
    return pruneRecentPayments(payments, now);
  } catch {
    return [];
  }
}

/** Remembers a payment just made; older ones past the window are dropped. */
export function rememberPayment(payment: Omit<RecentPayment, 'timestamp'>, now = new Date()) {
  const payments = [...readRecentPayments(now), { ...payment, timestamp: now.getTime() }];
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(payments));
  } catch {
    // Full or disabled storage: the server still asks before a repeat (code 4091).
  }
}
