import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { SessionEndReason } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import type { Tx } from '../database/unit-of-work.js';
import { Clock } from '../common/clock.js';
import type { RequestContext } from '../common/http/request-context.js';
import { SessionCache } from './session-cache.js';
import { SessionRevokedEvent } from './session-revoked.event.js';
import { SessionTokens } from './session-tokens.js';
import { SessionsRepository, type SessionKind, type SessionRow } from './sessions.repository.js';

/** How long a sign-in lasts; the console keeps its cookie until the end of the day (spec §9). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type SessionState = 'live' | 'revoked' | 'expired' | 'unknown';

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

@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly cache: SessionCache,
    private readonly tokens: SessionTokens,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  /** Opens a session (in the caller's transaction) and answers its bearer token. */
  async open(
    tx: Tx,
    user: { id: string },
    kind: SessionKind,
    context: RequestContext,
    openedBy?: string,
  ): Promise<{ sessionId: string; token: string; expiresAt: Date }> {
    const sessionId = randomUUID();
    const expiresAt = new Date(this.clock.now().getTime() + SESSION_LIFETIME_MS);
    await this.sessions.insert(
      tx,
      { id: sessionId, userId: user.id, kind, expiresAt, openedBy },
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
    { fresh = false }: { fresh?: boolean } = {},
  ): Promise<SessionState> {
    const session = await this.cache.read(
      sessionId,
      async () => {
        const row = await this.sessions.find(sessionId);
        return (
          row && {
            userId: row.userId,
            expiresAt: row.expiresAt.getTime(),
            revoked: row.revokedAt !== null,
          }
        );
      },
      { fresh },
    );
    if (!session || session.userId !== userId) return 'unknown';
    if (session.revoked) return 'revoked';
    return session.expiresAt <= this.clock.now().getTime() ? 'expired' : 'live';
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
