/**
 * The rules of transaction-PIN lockout, as pure functions of the stored state and the time,
 * so they can be read and tested apart from Postgres and Redis.
 */
export const PinLockout = {
  /** Consecutive wrong PINs on one account that lock its money movement. */
  maxFailures: 5,
  lockMs: 30 * 60 * 1000,
  /** Wrong PINs from one address, across accounts, before PIN checks pause there. */
  perAddress: 20,
  addressWindowSeconds: 15 * 60,
} as const;

/** The account's PIN counters as they stand after a wrong PIN was counted. */
export interface PinCounters {
  failures: number;
  lockedUntil: Date | null;
}

export type PinRefusal =
  | { kind: 'wrong'; triesLeft: number; message: string }
  | { kind: 'locked'; minutes: number; message: string };

/**
 * Whole minutes of lock left, rounded up; 0 when money movement is not locked. Never more
 * than a lock lasts: a request that read the time before a concurrent one set the lock would
 * otherwise see a few milliseconds over it.
 */
export function minutesLocked(lockedUntil: Date | null, now: Date): number {
  if (!lockedUntil) return 0;
  const left = Math.min(lockedUntil.getTime() - now.getTime(), PinLockout.lockMs);
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

export function lockedMessage(minutes: number): string {
  return `Too many wrong PINs. Money movement is locked for ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * What a wrong PIN answers once it is counted: the lock when that failure set it (the count
 * is reset with the lock, so the next lock needs 5 fresh failures), else the tries left.
 */
export function refusalAfterFailure(counters: PinCounters, now: Date): PinRefusal {
  const minutes = minutesLocked(counters.lockedUntil, now);
  if (minutes > 0) return { kind: 'locked', minutes, message: lockedMessage(minutes) };
  const triesLeft = Math.max(0, PinLockout.maxFailures - counters.failures);
  return {
    kind: 'wrong',
    triesLeft,
    message: `Incorrect PIN. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  };
}

/** Until when a failure that reaches the limit locks the account. */
export function lockEnd(now: Date): Date {
  return new Date(now.getTime() + PinLockout.lockMs);
}

/** Spec-silent: the per-address pause answers like the login pause, in whole minutes. */
export function addressPausedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many wrong PINs from this network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
