import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis/redis.module.js';

/**
 * Counts events per key in fixed windows, in Redis so every API process shares the count.
 * When Redis cannot answer it counts nothing (fails open) and says so in the log: a password
 * or PIN is still checked, and PIN lockout lives in Postgres.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Events counted in the key's current window, and seconds until it ends. */
  async peek(key: string): Promise<{ count: number; retryAfterSeconds: number }> {
    try {
      const [[, count], [, ttl]] = (await this.redis
        .multi()
        .get(this.key(key))
        .ttl(this.key(key))
        .exec()) as [[unknown, string | null], [unknown, number]];
      return { count: Number(count ?? 0), retryAfterSeconds: Math.max(0, ttl) };
    } catch (error) {
      this.logger.warn(`Rate limit read failed for ${key}: ${(error as Error).message}`);
      return { count: 0, retryAfterSeconds: 0 };
    }
  }

  /** Counts one event; the window starts with the key's first event. */
  async hit(key: string, windowSeconds: number): Promise<void> {
    await this.redis
      .multi()
      .incr(this.key(key))
      .expire(this.key(key), windowSeconds, 'NX')
      .exec()
      .catch((error: Error) =>
        this.logger.warn(`Rate limit write failed for ${key}: ${error.message}`),
      );
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.key(key)).catch(() => undefined);
  }

  private key(key: string): string {
    return `rate:${key}`;
  }
}
