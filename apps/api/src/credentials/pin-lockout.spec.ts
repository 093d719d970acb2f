import { describe, expect, it } from '@jest/globals';
import {
  addressPausedMessage,
  currentLock,
  lockedMessage,
  LockoutSchedule,
  lockLength,
  PinLockout,
  refusalAfterFailure,
} from './pin-lockout.js';

const now = new Date('2026-01-15T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const schedule = new LockoutSchedule([30, 120, 1440]);

describe('PIN lockout', () => {
  it('locks after 5 wrong PINs in a row', () => {
    expect(PinLockout.maxFailures).toBe(5);
  });

  it('says a lock in whole minutes under two hours and in whole hours from there, rounded up', () => {
    expect(lockLength(30 * 60_000)).toBe('30 minutes');
    expect(lockLength(29 * 60_000 + 1)).toBe('30 minutes');
    expect(lockLength(1)).toBe('1 minute');
    expect(lockLength(119 * 60_000)).toBe('119 minutes');
    expect(lockLength(120 * 60_000)).toBe('2 hours');
    expect(lockLength(1440 * 60_000)).toBe('24 hours');
    expect(lockLength(1381 * 60_000)).toBe('24 hours');
  });

  it('holds a timed lock until its end, and the lock after the last timed one until a reset', () => {
    expect(currentLock({ lockedUntil: null, lockouts: 0 }, schedule, now)).toBeNull();
    expect(currentLock({ lockedUntil: later(1), lockouts: 1 }, schedule, now)).toEqual({
      until: later(1),
    });
    expect(currentLock({ lockedUntil: now, lockouts: 1 }, schedule, now)).toBeNull();
    expect(currentLock({ lockedUntil: later(-1), lockouts: 3 }, schedule, now)).toBeNull();
    expect(currentLock({ lockedUntil: null, lockouts: 4 }, schedule, now)).toEqual({
      until: 'reset',
    });
    expect(lockedMessage({ until: 'reset' }, now)).toBe(
      'Too many wrong PINs. Money movement is locked until your PIN is reset: please ask your upline or an admin.',
    );
  });

  it('answers the tries left after each wrong PIN below the limit', () => {
    expect(
      refusalAfterFailure({ failures: 1, lockedUntil: null, lockouts: 0 }, schedule, now),
    ).toEqual({
      kind: 'wrong',
      triesLeft: 4,
      message: 'Incorrect PIN. 4 tries left.',
    });
    expect(
      refusalAfterFailure({ failures: 4, lockedUntil: null, lockouts: 2 }, schedule, now).message,
    ).toBe('Incorrect PIN. 1 try left.');
  });

  it('ignores a lock that has already passed when counting tries', () => {
    expect(
      refusalAfterFailure({ failures: 2, lockedUntil: later(-60_000), lockouts: 1 }, schedule, now),
    ).toMatchObject({ kind: 'wrong', triesLeft: 3 });
  });

  it('answers the lock when the failure set it', () => {
    expect(
      refusalAfterFailure(
        { failures: 0, lockedUntil: later(120 * 60_000), lockouts: 2 },
        schedule,
        now,
      ),
    ).toEqual({
      kind: 'locked',
      lock: { until: later(120 * 60_000) },
      message: 'Too many wrong PINs. Money movement is locked for 2 hours.',
    });
    expect(
      refusalAfterFailure({ failures: 0, lockedUntil: null, lockouts: 4 }, schedule, now),
    ).toMatchObject({ kind: 'locked', lock: { until: 'reset' } });
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
