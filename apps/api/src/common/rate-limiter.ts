import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS } from '../redis/redis.module.js';
import { AppError, ErrorKind } from './errors.js';
import { type Counted, LocalCounts } from './local-counts.js';
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

/**
 * Rate limits shared by every API process, in Redis (rate-limiter-flexible's RateLimiterRedis:
 * one Lua script increments and reads the counter, so a burst of parallel requests can never all
 * pass a check before any of them is counted). A request takes its point before the work it
 * limits; a limit that counts only failures gives the point back when the work succeeded.
 *
 * For a `memory` limit the process also keeps, per key, the highest count it knows
 * (`LocalCounts`): while Redis does not answer (down, or slower than the command timeout) it
 * counts on from there, not from zero, and once Redis answers again the points it counted alone
 * still count. So one process never lets a key through more than the limit in a window, however
 * often Redis comes and goes during a burst.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');
  private readonly limiters = new Map<string, RateLimiterRedis>();
  private readonly counts = new Map<string, LocalCounts>();
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
    let counted: Counted;
    try {
      counted = this.afterRedisChange(rule, key, 1, await this.limiterFor(rule).consume(key));
    } catch (error) {
      counted =
        error instanceof RateLimiterRes
          ? this.afterRedisChange(rule, key, 1, error)
          : this.countsWhenDown(rule, error).inMemory(key, 1);
    }
    if (counted.count > rule.points) throw tooMany(rule, asState(rule, counted));
  }

  /**
   * Refuses as `consume` would once the key's points are used, without taking one: for work that
   * counts only when it fails, checked after its outcome is known (a right PIN costs one read
   * instead of a point taken and given back, and a burst of right ones never looks like guesses).
   */
  async refuseWhenUsed(rule: LimitRule, key: string): Promise<void> {
    let counted: Counted;
    try {
      const state = await this.limiterFor(rule).get(key);
      const redis = state ? fromState(state) : { count: 0, msBeforeNext: 0 };
      counted = this.counts.get(rule.name)?.afterRedisRead(key, redis) ?? redis;
    } catch (error) {
      counted = this.countsWhenDown(rule, error).read(key);
    }
    if (counted.count >= rule.points) throw tooMany(rule, asState(rule, counted));
  }

  /** Redis's own error: a 503 with the rule's message if it refuses then, else as it came. */
  private redisDown(rule: LimitRule, error: unknown): unknown {
    if (typeof rule.whenRedisDown !== 'object') return error;
    this.logger.warn(`Limit ${rule.name} refuses while Redis is down: ${errorText(error)}`);
    return new AppError(ErrorKind.Unavailable, rule.whenRedisDown.refuse);
  }

  /** Gives back a point taken by `consume` for work that, in the end, does not count. */
  async giveBack(rule: LimitRule, key: string): Promise<void> {
    try {
      this.afterRedisChange(rule, key, -1, await this.limiterFor(rule).reward(key));
    } catch (error) {
      if (rule.whenRedisDown === 'memory') this.countsWhenDown(rule, error).inMemory(key, -1);
      else this.logger.warn(`Limit ${rule.name}: a point was not given back: ${errorText(error)}`);
    }
  }

  /** Starts the key's count again (a right password clears the wrong ones before it). */
  async clear(rule: LimitRule, key: string): Promise<void> {
    this.counts.get(rule.name)?.forget(key);
    await this.limiterFor(rule)
      .delete(key)
      .catch((error: unknown) =>
        this.logger.warn(`Limit ${rule.name}: the count was not cleared: ${errorText(error)}`),
      );
  }

  /** Redis's answer to a change, as the limit goes by it (see `LocalCounts`). */
  private afterRedisChange(
    rule: LimitRule,
    key: string,
    change: 1 | -1,
    state: RateLimiterRes,
  ): Counted {
    const redis = fromState(state);
    return this.counts.get(rule.name)?.afterRedisChange(key, change, redis) ?? redis;
  }

  /** The process's own counts of a `memory` limit while Redis does not answer; says so once. */
  private countsWhenDown(rule: LimitRule, error: unknown): LocalCounts {
    const counts = this.counts.get(rule.name);
    if (!counts) throw this.redisDown(rule, error);
    if (!this.countingInMemory) {
      this.countingInMemory = true;
      this.logger.warn(
        `Redis does not answer: rate limits count in this process only (first: ${rule.name}): ` +
          errorText(error),
      );
    }
    return counts;
  }

  private limiterFor(rule: LimitRule): RateLimiterRedis {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        keyPrefix: `rate:${rule.name}`,
        points: rule.points,
        duration: rule.windowSeconds,
        storeClient: this.redis,
        // Not ready (reconnecting): count in memory (or refuse) at once instead of waiting.
        rejectIfRedisNotReady: true,
      });
      this.limiters.set(rule.name, limiter);
      if (rule.whenRedisDown === 'memory') {
        this.counts.set(rule.name, new LocalCounts(rule.windowSeconds * 1000));
      }
    }
    return limiter;
  }
}

function fromState(state: RateLimiterRes): Counted {
  return { count: state.consumedPoints, msBeforeNext: state.msBeforeNext };
}

function asState(rule: LimitRule, { count, msBeforeNext }: Counted): RateLimiterRes {
  return new RateLimiterRes(Math.max(rule.points - count, 0), msBeforeNext, count);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
