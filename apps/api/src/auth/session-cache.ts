import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { REDIS } from '../redis/redis.module.js';
import { SessionMemory, type CachedSession } from './session-memory.js';
import {
  revocationChannel,
  SessionRevocations,
  type RevocationMessage,
} from './session-revocations.js';

export type { CachedSession } from './session-memory.js';

// Bounds how long a live entry in Redis can outlast a revocation whose cache write failed.
const LIVE_TTL_SECONDS = 60;
// A backstop under the channel: no memory entry outlives this, heard from or not.
const MEMORY_TTL_MS = 5_000;
// About 100 bytes an entry: a few MB at most, far more sessions than one process serves in 5 s.
const MEMORY_MAX_ENTRIES = 50_000;

/**
 * Session liveness in three tiers: this process's memory, Redis (shared by every process), then
 * Postgres (the caller's `load`). A revocation is written to Redis, then published on a channel
 * every API process subscribes to; each drops or marks its memory on hearing it. Memory is used
 * only while the subscription is known to hear (SessionRevocations); otherwise every check goes
 * to Redis, as before, and to Postgres when Redis cannot answer.
 */
@Injectable()
export class SessionCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SessionCache');
  private readonly memory = new SessionMemory({
    maxEntries: MEMORY_MAX_ENTRIES,
    ttlMs: MEMORY_TTL_MS,
  });
  private readonly revocations: SessionRevocations;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.revocations = new SessionRevocations(config, {
      onRevoked: (message) => this.memory.remember(message.sessionId, revokedSession(message)),
      onLost: () => this.memory.clear(),
    });
  }

  /** Only processes that check sessions subscribe; a worker's memory is never trusted. */
  onApplicationBootstrap(): void {
    if (this.config.processRole !== 'worker') this.revocations.open();
  }

  onApplicationShutdown(): Promise<void> {
    return this.revocations.close();
  }

  /**
   * The session as memory, Redis or else `load` (Postgres) knows it; null when none does.
   * `fresh` skips memory, for a check that must see a revocation made a moment ago elsewhere.
   */
  async read(
    sessionId: string,
    load: () => Promise<CachedSession | null>,
    { fresh = false }: { fresh?: boolean } = {},
  ): Promise<CachedSession | null> {
    const ticket = this.revocations.ticket();
    if (ticket.trusted && !fresh) {
      const remembered = this.memory.get(sessionId);
      if (remembered) return remembered;
    }
    let session = await this.get(sessionId);
    if (!session) {
      session = await load();
      if (session) void this.fill(sessionId, session);
    }
    // Not if a revocation was heard or the subscriber dropped while we read: it may be stale.
    if (session && this.revocations.stillValid(ticket)) this.memory.remember(sessionId, session);
    return session;
  }

  private async get(sessionId: string): Promise<CachedSession | null> {
    try {
      const value = await this.redis.get(this.key(sessionId));
      const session = value ? (JSON.parse(value) as CachedSession) : null;
      // A live entry an older build wrote says neither how the session was opened nor when it
      // was last used: Postgres says (issue 31). A revocation stands as it is.
      if (session && !session.revoked && (!session.kind || !session.lastSeenAt)) return null;
      return session;
    } catch (error) {
      this.logger.warn(`Session cache read failed, asking Postgres: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * Remembers what Postgres said, unless an entry is already there: a fill that read the row
   * just before a revocation must never overwrite the revocation (SET NX).
   */
  private async fill(sessionId: string, session: CachedSession): Promise<void> {
    const ttl = Math.min(secondsLeft(session), session.revoked ? Infinity : LIVE_TTL_SECONDS);
    if (ttl <= 0) return;
    await this.redis
      .set(this.key(sessionId), JSON.stringify(session), 'EX', ttl, 'NX')
      .catch((error: Error) => this.logger.warn(`Session cache fill failed: ${error.message}`));
  }

  /**
   * Marks a session revoked for every process until it would have expired anyway: in Redis
   * first (what a process without trusted memory reads), then on the channel (what empties the
   * others' memory), and here at once. Called after Postgres has revoked it; a failure is
   * raised so the caller does not report success.
   */
  async markRevoked(sessionId: string, session: CachedSession): Promise<void> {
    const message: RevocationMessage = {
      sessionId,
      userId: session.userId,
      expiresAt: session.expiresAt,
    };
    this.revocations.applied(message);
    const ttl = secondsLeft(session);
    if (ttl <= 0) return;
    await this.redis.set(
      this.key(sessionId),
      JSON.stringify({ ...session, revoked: true }),
      'EX',
      ttl,
    );
    await this.redis.publish(revocationChannel(this.config), this.revocations.encode(message));
  }

  /**
   * Drops what this process and Redis hold of a live session, so the next check reads it from
   * Postgres (a new last-seen time, issue 31). Always safe: Postgres is written before any
   * cache, a revocation included, and a fill never overwrites an entry (SET NX).
   */
  async forget(sessionId: string): Promise<void> {
    this.memory.forget(sessionId);
    await this.redis
      .del(this.key(sessionId))
      .catch((error: Error) => this.logger.warn(`Session cache drop failed: ${error.message}`));
  }

  private key(sessionId: string): string {
    return `session:${sessionId}`;
  }
}

function revokedSession(message: RevocationMessage): CachedSession {
  return { userId: message.userId, expiresAt: message.expiresAt, revoked: true };
}

function secondsLeft(session: CachedSession): number {
  return Math.ceil((session.expiresAt - Date.now()) / 1000);
}
