import { Injectable } from '@nestjs/common';
import { type LimitRule, RateLimiter } from '../common/rate-limiter.js';
import { LoginLimitMessages } from './login-limit-messages.js';

export const LoginLimits = {
  /** Wrong passwords for one mobile number before sign-in pauses for it. */
  perAccount: 5,
  /** Wrong passwords from one address (many numbers tried) before it pauses there. */
  perAddress: 30,
  windowSeconds: 15 * 60,
} as const;

const paused = (seconds: number) =>
  LoginLimitMessages.tooManyFailures(Math.max(1, Math.ceil(seconds / 60)));

/**
 * Wrong passwords only: a check takes a point before it runs and a right password gives it
 * back (and clears the account's count). Redis down: counted in each process's memory.
 */
export const LoginLimit = {
  account: {
    name: 'login-mobile',
    points: LoginLimits.perAccount,
    windowSeconds: LoginLimits.windowSeconds,
    refusal: paused,
    whenRedisDown: 'memory',
  },
  address: {
    name: 'login-ip',
    points: LoginLimits.perAddress,
    windowSeconds: LoginLimits.windowSeconds,
    refusal: paused,
    whenRedisDown: 'memory',
  },
} as const satisfies Record<string, LimitRule>;

/** The two counts of password guesses: per mobile number and per address. */
@Injectable()
export class LoginThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  /**
   * Takes this attempt's point from the address, then from the number, before the password is
   * checked: of any burst, only as many passwords are checked as the limits allow. A refusal by
   * the number gives the address its point back (that attempt checked nothing).
   */
  async take(mobile: string, address: string): Promise<void> {
    await this.limiter.consume(LoginLimit.address, address);
    try {
      await this.limiter.consume(LoginLimit.account, mobile);
    } catch (error) {
      await this.limiter.giveBack(LoginLimit.address, address);
      throw error;
    }
  }

  /** The right password: not a guess, so it counts against neither limit. */
  async passed(mobile: string, address: string): Promise<void> {
    await this.limiter.giveBack(LoginLimit.address, address);
    await this.limiter.clear(LoginLimit.account, mobile);
  }
}
