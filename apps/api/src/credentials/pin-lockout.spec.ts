import { describe, expect, it } from '@jest/globals';
import {
  addressPausedMessage,
  lockEnd,
  minutesLocked,
  PinLockout,
  refusalAfterFailure,
} from './pin-lockout.js';

const now = new Date('2026-01-15T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('PIN lockout', () => {
  it('locks for 30 minutes from the failure that reaches the limit', () => {
    expect(lockEnd(now).toISOString()).toBe('2026-01-15T10:30:00.000Z');
    expect(PinLockout.maxFailures).toBe(5);
  });

  it('counts the minutes of lock left, rounded up, and none once the lock has passed', () => {
    expect(minutesLocked(null, now)).toBe(0);
    expect(minutesLocked(later(30 * 60_000), now)).toBe(30);
    expect(minutesLocked(later(29 * 60_000 + 1), now)).toBe(30);
    expect(minutesLocked(later(1), now)).toBe(1);
    // A request that read the clock just before a concurrent one set the lock.
    expect(minutesLocked(later(30 * 60_000 + 5), now)).toBe(30);
    expect(minutesLocked(now, now)).toBe(0);
    expect(minutesLocked(later(-1), now)).toBe(0);
  });

  it('answers the tries left after each wrong PIN below the limit', () => {
    expect(refusalAfterFailure({ failures: 1, lockedUntil: null }, now)).toEqual({
      kind: 'wrong',
      triesLeft: 4,
      message: 'Incorrect PIN. 4 tries left.',
    });
    expect(refusalAfterFailure({ failures: 4, lockedUntil: null }, now).message).toBe(
      'Incorrect PIN. 1 try left.',
    );
  });

  it('ignores a lock that has already passed when counting tries', () => {
    expect(refusalAfterFailure({ failures: 2, lockedUntil: later(-60_000) }, now)).toMatchObject({
      kind: 'wrong',
      triesLeft: 3,
    });
  });

  it('answers the lock when the failure set it', () => {
    expect(refusalAfterFailure({ failures: 0, lockedUntil: lockEnd(now) }, now)).toEqual({
      kind: 'locked',
      minutes: 30,
      message: 'Too many wrong PINs. Money movement is locked for 30 minutes.',
    });
    expect(refusalAfterFailure({ failures: 0, lockedUntil: later(30_000) }, now).message).toBe(
      'Too many wrong PINs. Money movement is locked for 1 minute.',
    );
  });

  it('tells an address when it may try again, never less than a minute', () => {
    expect(addressPausedMessage(15 * 60)).toBe(
      'Too many wrong PINs from this network. Please try again in 15 minutes.',
    );
    expect(addressPausedMessage(0)).toBe(
      'Too many wrong PINs from this network. Please try again in 1 minute.',
    );
  });
});
