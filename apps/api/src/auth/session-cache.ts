import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis/redis.module.js';

export interface CachedSession {
  userId: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  revoked: boolean;
}

// Bounds how long a live entry can outlast a revocation whose cache write failed.
const LIVE_TTL_SECONDS = 60;

/**
 * Session liveness in Redis, shared by every API process: a revocation written here is seen
 * by the next request on any process. When Redis cannot answer, callers ask Postgres.
 */
@Injectable()
export class SessionCache {
  private readonly logger = new Logger('SessionCache');

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async get(sessionId: string): Promise<CachedSession | null> {
    try {
      const value = await this.redis.get(this.key(sessionId));
      return value ? (JSON.parse(value) as CachedSession) : null;
    } catch (error) {
      this.logger.warn(`Session cache read failed, asking Postgres: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * Remembers what Postgres said, unless an entry is already there: a fill that read the row
   * just before a revocation must never overwrite the revocation (SET NX).
   */
  async fill(sessionId: string, session: CachedSession): Promise<void> {
    const ttl = Math.min(secondsLeft(session), session.revoked ? Infinity : LIVE_TTL_SECONDS);
    if (ttl <= 0) return;
    await this.redis
      .set(this.key(sessionId), JSON.stringify(session), 'EX', ttl, 'NX')
      .catch((error: Error) => this.logger.warn(`Session cache fill failed: ${error.message}`));
  }

  /**
   * Marks a session revoked for every process until it would have expired anyway. Called after
   * Postgres has revoked it; a failure is raised so the caller does not report success.
   */
  async markRevoked(sessionId: string, session: CachedSession): Promise<void> {
    const ttl = secondsLeft(session);
    if (ttl > 0) {
      await this.redis.set(
        this.key(sessionId),
        JSON.stringify({ ...session, revoked: true }),
        'EX',
        ttl,
      );
    }
  }

  private key(sessionId: string): string {
    return `session:${sessionId}`;
  }
}

function secondsLeft(session: CachedSession): number {
  return Math.ceil((session.expiresAt - Date.now()) / 1000);
}
