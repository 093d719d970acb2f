import { Inject, Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import {
  actsOnEveryone,
  grantedServices,
  SessionEndReason,
  type RoleKind,
  type ServiceOverride,
} from '@khata/domain';
import { randomUUID } from 'node:crypto';
import type { Tx } from '../database/unit-of-work.js';
import { Clock } from '../common/clock.js';
import type { RequestContext } from '../common/http/request-context.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { SessionCache, type CachedSession } from './session-cache.js';
import { SessionRevokedEvent } from './session-revoked.event.js';
import { SessionTokens } from './session-tokens.js';
import { SessionsRepository, type SessionKind, type SessionRow } from './sessions.repository.js';

/**
 * A session's last use is written to Postgres at most this often (issue 31): a busy session
 * costs one write a minute, not one a call, and the idle expiry is late by a minute at most.
 */
export const LAST_SEEN_EVERY_MS = 60_000;

/** `idle`: unused for longer than SESSION_IDLE_MINUTES (issue 31). */
export type SessionState = 'live' | 'revoked' | 'expired' | 'idle' | 'unknown';

/** A session as the guard needs it: whether it counts, and how it was opened. */
export interface SessionCheck {
  state: SessionState;
  kind?: SessionKind;
  lastSeenAt?: number;
}

/** The stored reason of a session another session of the same user logged out. */
export const LOGGED_OUT_ELSEWHERE = 'logged-out-elsewhere';

/** The stored reason of every session of a user an admin or its distributor deactivated. */
export const DEACTIVATED = 'deactivated';

/** What a stored revocation reason tells the user whose session it was. */
export function endReasonOf(revokedReason: string | null | undefined): SessionEndReason {
  if (revokedReason === LOGGED_OUT_ELSEWHERE) return SessionEndReason.SignedOutElsewhere;
  if (revokedReason === DEACTIVATED) return SessionEndReason.Deactivated;
  return SessionEndReason.Logout;
}

/** Issue 31: whether a user's sessions are the shorter ones (an admin, a staff employee). */
export function isElevated(kind: RoleKind, overrides: readonly ServiceOverride[]): boolean {
  return actsOnEveryone(kind, grantedServices({ kind, overrides }));
}

@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly cache: SessionCache,
    private readonly tokens: SessionTokens,
    private readonly clock: Clock,
    private readonly events: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Opens a session (in the caller's transaction) and answers its bearer token. An `elevated`
   * user (an admin, a staff employee: `isElevated`) gets ADMIN_SESSION_HOURS, others
   * SESSION_HOURS.
   */
  async open(
    tx: Tx,
    user: { id: string; elevated: boolean },
    kind: SessionKind,
    context: RequestContext,
    openedBy?: string,
  ): Promise<{ sessionId: string; token: string; expiresAt: Date }> {
    const sessionId = randomUUID();
    const openedAt = this.clock.now();
    const { lifetimeMs, elevatedLifetimeMs } = this.config.sessions;
    const expiresAt = new Date(
      openedAt.getTime() + (user.elevated ? elevatedLifetimeMs : lifetimeMs),
    );
    await this.sessions.insert(
      tx,
      { id: sessionId, userId: user.id, kind, expiresAt, openedAt, openedBy },
      context,
    );
    return {
      sessionId,
      token: this.tokens.sign({ sub: user.id, sid: sessionId }, expiresAt),
      expiresAt,
    };
  }

  /**
   * Whether the session named by a token still counts: this process's memory, Redis, then
   * Postgres (SessionCache). `fresh` skips memory (see SessionCache.read).
   */
  async stateOf(
    sessionId: string,
    userId: string,
    options: { fresh?: boolean } = {},
  ): Promise<SessionState> {
    return (await this.check(sessionId, userId, options)).state;
  }

  /**
   * `stateOf`, with how the session was opened and when it was last used. A session the caches
   * call idle is asked of Postgres before it is refused: another process may have used it
   * within the last minute.
   */
  async check(
    sessionId: string,
    userId: string,
    { fresh = false }: { fresh?: boolean } = {},
  ): Promise<SessionCheck> {
    const load = async (): Promise<CachedSession | null> => {
      const row = await this.sessions.find(sessionId);
      return (
        row && {
          userId: row.userId,
          expiresAt: row.expiresAt.getTime(),
          revoked: row.revokedAt !== null,
          kind: row.kind,
          lastSeenAt: row.lastSeenAt.getTime(),
        }
      );
    };
    let session = await this.cache.read(sessionId, load, { fresh });
    let state = this.judge(session, userId);
    if (state === 'idle') {
      await this.cache.forget(sessionId);
      session = await load();
      state = this.judge(session, userId);
    }
    return { state, kind: session?.kind, lastSeenAt: session?.lastSeenAt };
  }

  private judge(session: CachedSession | null, userId: string): SessionState {
    if (!session || session.userId !== userId) return 'unknown';
    if (session.revoked) return 'revoked';
    const now = this.clock.now().getTime();
    if (session.expiresAt <= now) return 'expired';
    return (session.lastSeenAt ?? now) + this.config.sessions.idleMs <= now ? 'idle' : 'live';
  }

  /**
   * Notes that a live session answered a call (issue 31), in Postgres at most once a minute
   * (LAST_SEEN_EVERY_MS): then the caches forget the session, so every process reads the new
   * time. `lastSeenAt` is what the check found.
   */
  async seen(sessionId: string, lastSeenAt: number | undefined): Promise<void> {
    const now = this.clock.now();
    if (lastSeenAt !== undefined && now.getTime() - lastSeenAt < LAST_SEEN_EVERY_MS) return;
    await this.sessions.markSeen(sessionId, now, LAST_SEEN_EVERY_MS);
    await this.cache.forget(sessionId);
  }

  /**
   * Why a session that is no longer live ended, for the 2211 answer; undefined when unknown.
   * Read from Postgres: only refused calls ask.
   */
  async endReason(
    sessionId: string,
    state: Exclude<SessionState, 'live'>,
  ): Promise<SessionEndReason | undefined> {
    if (state === 'expired') return SessionEndReason.Expired;
    if (state === 'idle') return SessionEndReason.Idle;
    if (state !== 'revoked') return undefined;
    const row = await this.sessions.find(sessionId).catch(() => null);
    return row ? endReasonOf(row.revokedReason) : undefined;
  }

  /**
   * Ends one of the user's sessions everywhere; false when it was not live. `by` is the
   * session that asked: when it is another one, the ended session learns it was logged out
   * from elsewhere.
   */
  async revoke(sessionId: string, userId: string, reason: string, by?: string): Promise<boolean> {
    const stored = by !== undefined && by !== sessionId ? LOGGED_OUT_ELSEWHERE : reason;
    const row = await this.sessions.revoke(sessionId, userId, stored);
    if (!row) return false;
    await this.announce([row]);
    return true;
  }

  /**
   * Ends every live session of the user everywhere; answers how many. When one of them (`by`)
   * asked, it gets `reason` and the others learn they were logged out from elsewhere; when
   * someone else asked (no `by`: an admin deactivating the user), every one gets `reason`.
   */
  async revokeAll(userId: string, reason: string, by?: string): Promise<number> {
    const others = by === undefined ? reason : LOGGED_OUT_ELSEWHERE;
    const rows = await this.sessions.revokeAll(userId, reason, by, others);
    await this.announce(rows);
    return rows.length;
  }

  /** Ends every other live session of the user (signed out elsewhere); answers how many. */
  async revokeOthers(userId: string, keep: string): Promise<number> {
    const rows = await this.sessions.revokeOthers(userId, keep, LOGGED_OUT_ELSEWHERE);
    await this.announce(rows);
    return rows.length;
  }

  private async announce(rows: SessionRow[]): Promise<void> {
    await Promise.all(
      rows.map((row) =>
        this.cache.markRevoked(row.id, {
          userId: row.userId,
          expiresAt: row.expiresAt.getTime(),
          revoked: true,
        }),
      ),
    );
    for (const row of rows) {
      this.events.publish(
        new SessionRevokedEvent(row.userId, row.id, endReasonOf(row.revokedReason)),
      );
    }
  }
}
