import { Inject, Injectable } from '@nestjs/common';
import { checkPin, Messages } from '@khata/domain';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { RequestContext } from '../common/http/request-context.js';
import { type LimitRule, RateLimiter } from '../common/rate-limiter.js';
import { PinHasher } from './pin-hasher.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { PinLockNotice } from './pin-lock-notice.js';
import {
  addressPausedMessage,
  currentLock,
  LockoutSchedule,
  lockedMessage,
  PinLockout,
  type PinLock,
  refusalAfterFailure,
} from './pin-lockout.js';
import { PinsRepository } from './pins.repository.js';
import { addressKey } from '../common/http/address-key.js';

/**
 * Wrong PINs from one address: each takes a point; a right PIN is refused while none is left.
 * Redis down: counted in each process's memory; the account's own lock (Postgres) still holds.
 */
export const PinAddressLimit = {
  name: 'pin-ip',
  points: PinLockout.perAddress,
  windowSeconds: PinLockout.addressWindowSeconds,
  refusal: addressPausedMessage,
  whenRedisDown: 'memory',
} as const satisfies LimitRule;

/**
 * The one gate for every PIN-protected call (ending sessions, changing the PIN, moving money).
 * A PIN has at most 10^10 values, so guesses are what it must stop: 5 wrong in a row lock the
 * account's money movement, each lock longer than the one before and the last until a reset
 * (in Postgres, so every process sees it; `PinLockNotice` audits the lock and has the user told
 * by SMS), and wrong PINs from one address across accounts pause there (in Redis).
 */
@Injectable()
export class PinVerifier {
  private readonly schedule: LockoutSchedule;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly pins: PinsRepository,
    private readonly hasher: PinHasher,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly lockNotice: PinLockNotice,
  ) {
    this.schedule = new LockoutSchedule(config.credentials.pinLockoutMinutes);
  }

  /**
   * Resolves when `pin` is the user's PIN; otherwise throws: 400 for a value that is not a PIN
   * at all (not counted as a guess), 429 while locked or paused, 422 with the tries left.
   */
  async verify(user: { userId: string }, pin: unknown, context: RequestContext): Promise<void> {
    const checked = checkPin(pin);
    if (!checked.ok) throw new AppError(ErrorKind.Invalid, checked.message);

    const state = await this.pins.find(user.userId);
    if (!state) throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    // Read after the row: a lock in it was set at a time no later than this.
    const now = this.clock.now();
    const lock = currentLock(state, this.schedule, now);
    if (lock) throw locked(lock, now);
    const address = addressKey(context.ip);

    // The HMAC is checked here, so the address's count is taken only by a wrong PIN, in one
    // atomic Redis step either way: a burst still gets at most `points` answers that say
    // anything, and parallel right PINs from one office never use up its points.
    if (this.hasher.verify(user.userId, checked.value, state.pinHash)) {
      await this.limiter.refuseWhenUsed(PinAddressLimit, address);
      // Nothing to clear, so no write: this check counts as before any lock concurrent wrong
      // PINs set after our read (it needs 5 of them counted after it), which holds for later ones.
      if (state.failures === 0 && state.lockedUntil === null && state.lockouts === 0) return;
      // A lock set by a concurrent wrong PIN after our read still holds.
      if (await this.pins.countSuccess(user.userId, now, this.schedule)) return;
      throw await this.lockSetMeanwhile(user.userId);
    }
    await this.limiter.consume(PinAddressLimit, address);

    const counters = await this.pins.countFailure(
      user.userId,
      now,
      PinLockout.maxFailures,
      this.schedule,
    );
    if (!counters) throw await this.lockSetMeanwhile(user.userId);
    const refusal = refusalAfterFailure(counters, this.schedule, now);
    if (refusal.kind === 'wrong') throw new AppError(ErrorKind.Refused, refusal.message);
    await this.lockNotice.locked(user.userId, refusal.lock, counters.lockouts, now, context);
    throw locked(refusal.lock, now);
  }

  /** The lock another request set between our read and our write. */
  private async lockSetMeanwhile(userId: string): Promise<AppError> {
    const state = await this.pins.find(userId);
    const now = this.clock.now();
    const lock = state ? currentLock(state, this.schedule, now) : null;
    // It may have ended too in those milliseconds: say a minute, never "0 minutes".
    return locked(lock ?? { until: new Date(now.getTime() + 60_000) }, now);
  }
}

function locked(lock: PinLock, now: Date): AppError {
  return new AppError(ErrorKind.TooManyTries, lockedMessage(lock, now));
}
