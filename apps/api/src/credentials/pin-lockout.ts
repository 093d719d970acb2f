import { PinMessages } from './pin-messages.js';

/**
 * The rules of transaction-PIN lockout, as pure functions of the stored state and the time,
 * so they can be read and tested apart from Postgres and Redis.
 */
export const PinLockout = {
  /** Consecutive wrong PINs on one account that lock its money movement. */
  maxFailures: 5,
  /** Wrong PINs from one address (an IPv6 /64), across accounts, before PIN checks pause there. */
  perAddress: 20,
  addressWindowSeconds: 15 * 60,
} as const;

/**
 * How long each lock lasts, in order (configuration: PIN_LOCKOUT_MINUTES, 30 min, 2 h, 24 h by
 * default). The lock after the last step holds until the PIN is reset by an upline or an admin:
 * a 4-digit PIN then faces 5 guesses per step, 20 in all, instead of 240 a day.
 */
export class LockoutSchedule {
  /** The length of each timed lock in minutes, in order. */
  constructor(readonly minutes: readonly number[]) {}

  /** Locks an account may have had and still unlock with time; one more holds until a reset. */
  get timedLocks(): number {
    return this.minutes.length;
  }
}

/** The account's PIN counters as they stand after a wrong PIN was counted. */
export interface PinCounters {
  failures: number;
  lockedUntil: Date | null;
  /** Locks since the PIN was last reset or proven right. */
  lockouts: number;
}

export type PinLock = { until: 'reset' } | { until: Date };

export type PinRefusal =
  | { kind: 'wrong'; triesLeft: number; message: string }
  | { kind: 'locked'; lock: PinLock; message: string };

/** The lock that holds at `now`, if any. */
export function currentLock(
  counters: Pick<PinCounters, 'lockedUntil' | 'lockouts'>,
  schedule: LockoutSchedule,
  now: Date,
): PinLock | null {
  if (counters.lockouts > schedule.timedLocks) return { until: 'reset' };
  if (counters.lockedUntil && counters.lockedUntil.getTime() > now.getTime()) {
    return { until: counters.lockedUntil };
  }
  return null;
}

/** A lock's length: whole minutes under two hours, whole hours from there, rounded up. */
function lockSpan(ms: number): { minutes: number } | { hours: number } {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes < 120 ? { minutes } : { hours: Math.ceil(minutes / 60) };
}

/** "30 minutes", "59 minutes", "2 hours", "24 hours" (the SMS's words). */
export function lockLength(ms: number): string {
  const span = lockSpan(ms);
  if ('hours' in span) return `${span.hours} hours`;
  return `${span.minutes} minute${span.minutes === 1 ? '' : 's'}`;
}

export function lockedMessage(lock: PinLock, now: Date): string {
  if (lock.until === 'reset') return PinMessages.lockedUntilReset;
  const span = lockSpan(lock.until.getTime() - now.getTime());
  return 'hours' in span
    ? PinMessages.lockedHours(span.hours)
    : PinMessages.lockedMinutes(span.minutes);
}

/**
 * What a wrong PIN answers once it is counted: the lock when that failure set it (the count
 * is reset with the lock, so the next lock needs 5 fresh failures), else the tries left.
 */
export function refusalAfterFailure(
  counters: PinCounters,
  schedule: LockoutSchedule,
  now: Date,
): PinRefusal {
  const lock = currentLock(counters, schedule, now);
  if (lock) return { kind: 'locked', lock, message: lockedMessage(lock, now) };
  const triesLeft = Math.max(0, PinLockout.maxFailures - counters.failures);
  return {
    kind: 'wrong',
    triesLeft,
    message: PinMessages.wrong(triesLeft),
  };
}

/** Spec-silent: the per-address pause answers like the login pause, in whole minutes. */
export function addressPausedMessage(retryAfterSeconds: number): string {
  return PinMessages.addressPaused(Math.max(1, Math.ceil(retryAfterSeconds / 60)));
}
