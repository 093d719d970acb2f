import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS } from '../redis/redis.module.js';
import { AppError, ErrorKind } from './errors.js';
import { rateLimitRefusals } from './process-metrics.js';

/**
 * One limit: at most `points` events per key in a fixed window that starts with the key's first
 * event. Every limit, its key, what it counts and what it does while Redis is down are listed in
 * docs/decisions.md ("Rate limits").
 */
export interface LimitRule {
  /** Names the counter: its Redis keys are `rate:<name>:<key>`. */
  readonly name: string;
  readonly points: number;
  readonly windowSeconds: number;
  /** The 429 message once the key's points are used, from the seconds until the window ends. */
  readonly refusal: (retryAfterSeconds: number) => string;
  /**
   * With Redis unreachable: `memory` counts in this process alone (fails open across processes,
   * never wholly); `{ refuse }` answers 503 with that message, for limits that guard money.
   */
  readonly whenRedisDown: 'memory' | { readonly refuse: string };
}

/** The 429 once a key's points are used, saying when its window ends. */
function tooMany(rule: LimitRule, state: RateLimiterRes): AppError {
  rateLimitRefusals.inc({ rule: rule.name });
  const retryAfterSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  return new AppError(ErrorKind.TooManyTries, rule.refusal(retryAfterSeconds));
}

/** Whole minutes until a window ends, at least 1, with the right plural: "15 minutes". */
export function minutesUntil(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Rate limits shared by every API process, in Redis (rate-limiter-flexible's RateLimiterRedis:
 * one Lua script increments and reads the counter, so a burst of parallel requests can never all
 * pass a check before any of them is counted). A request takes its point before the work it
 * limits; a limit that counts only failures gives the point back when the work succeeded.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');
  private readonly limiters = new Map<string, RateLimiterRedis>();
  private countingInMemory = false;

  constructor(@Inject(REDIS) private readonly redis: Redis) {
    redis.on('ready', () => {
      if (!this.countingInMemory) return;
      this.logger.log('Redis answers again: rate limits are shared by every process again.');
      this.countingInMemory = false;
    });
  }

  /**
   * Takes one of the key's points, or throws 429 with the rule's message when none is left (and
   * 503 when Redis is down and the rule refuses then).
   */
  async consume(rule: LimitRule, key: string): Promise<void> {
    try {
      await this.limiterFor(rule).consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooMany(rule, error);
      // Only a limit without an in-memory fallback sees Redis's own error here.
      throw this.redisDown(rule, error);
    }
  }

  /**
   * Refuses as `consume` would once the key's points are used, without taking one: for work that
   * counts only when it fails, checked after its outcome is known (a right PIN costs one read
   * instead of a point taken and given back, and a burst of right ones never looks like guesses).
   */
  async refuseWhenUsed(rule: LimitRule, key: string): Promise<void> {
    let state: RateLimiterRes | null;
    try {
      state = await this.limiterFor(rule).get(key);
    } catch (error) {
      throw this.redisDown(rule, error);
    }
    if (state && state.consumedPoints >= rule.points) throw tooMany(rule, state);
  }

  /** Redis's own error: a 503 with the rule's message if it refuses then, else as it came. */
  private redisDown(rule: LimitRule, error: unknown): unknown {
    if (typeof rule.whenRedisDown !== 'object') return error;
    this.logger.warn(`Limit ${rule.name} refuses while Redis is down: ${errorText(error)}`);
    return new AppError(ErrorKind.Unavailable, rule.whenRedisDown.refuse);
  }

  /** Gives back a point taken by `consume` for work that, in the end, does not count. */
  async giveBack(rule: LimitRule, key: string): Promise<void> {
    await this.limiterFor(rule)
      .reward(key)
      .catch((error: unknown) =>
        this.logger.warn(`Limit ${rule.name}: a point was not given back: ${errorText(error)}`),
      );
  }

  /** Starts the key's count again (a right password clears the wrong ones before it). */
  async clear(rule: LimitRule, key: string): Promise<void> {
    await this.limiterFor(rule)
      .delete(key)
      .catch((error: unknown) =>
        this.logger.warn(`Limit ${rule.name}: the count was not cleared: ${errorText(error)}`),
      );
  }

  private limiterFor(rule: LimitRule): RateLimiterRedis {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      const options = {
        keyPrefix: `rate:${rule.name}`,
        points: rule.points,
        duration: rule.windowSeconds,
      };
      limiter = new RateLimiterRedis({
        ...options,
        storeClient: this.redis,
        // Not ready (reconnecting): go to the fallback at once instead of waiting for Redis.
        rejectIfRedisNotReady: true,
        insuranceLimiter:
          rule.whenRedisDown === 'memory' ? this.insurance(rule, options) : undefined,
      });
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  /** This process's own count, used only while Redis cannot answer; says so once per outage. */
  private insurance(rule: LimitRule, options: ConstructorParameters<typeof RateLimiterMemory>[0]) {
    const memory = new RateLimiterMemory(options);
    const consume = memory.consume.bind(memory);
    memory.consume = (...args) => {
      if (!this.countingInMemory) {
        this.countingInMemory = true;
        this.logger.warn(
          `Redis does not answer: rate limits count in this process only (first: ${rule.name}).`,
        );
      }
      return consume(...args);
    };
    return memory;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
