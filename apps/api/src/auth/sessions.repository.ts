import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../database/unit-of-work.js';
import type { RequestContext } from '../common/http/request-context.js';

export type SessionKind = 'password' | 'partner' | 'link';

export interface SessionRow {
  id: string;
  userId: string;
  kind: SessionKind;
  expiresAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
  /** Why it was revoked (`logout`, `logout-this-session`, …; see SessionsService). */
  revokedReason?: string | null;
}

const ROW = `id, user_id AS "userId", kind, expires_at AS "expiresAt",
  last_seen_at AS "lastSeenAt", revoked_at AS "revokedAt", revoked_reason AS "revokedReason"`;

export interface LoginEntry {
  loginId: string;
  date: Date;
  ip: string | null;
  latitude: string | null;
  longitude: string | null;
  current: boolean;
}

@Injectable()
export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(
    tx: Tx,
    session: {
      id: string;
      userId: string;
      kind: SessionKind;
      expiresAt: Date;
      openedAt: Date;
      openedBy?: string;
    },
    context: RequestContext,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO sessions (id, user_id, kind, expires_at, last_seen_at, ip, latitude, longitude,
                             user_agent, opened_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        session.id,
        session.userId,
        session.kind,
        session.expiresAt,
        session.openedAt,
        context.ip,
        context.latitude,
        context.longitude,
        context.userAgent,
        session.openedBy ?? null,
      ],
    );
  }

  /**
   * Notes that the session answered a call at `at`, unless that was written less than
   * `unlessWithinMs` before (another process may have just done it); answers the time now
   * stored, or null when this call wrote nothing.
   */
  async markSeen(id: string, at: Date, unlessWithinMs: number): Promise<Date | null> {
    const { rows } = await this.db.query<{ lastSeenAt: Date }>(
      `UPDATE sessions SET last_seen_at = $2
        WHERE id = $1 AND revoked_at IS NULL
          AND last_seen_at < $2::timestamptz - $3::bigint * interval '1 millisecond'
        RETURNING last_seen_at AS "lastSeenAt"`,
      [id, at, unlessWithinMs],
    );
    return rows[0]?.lastSeenAt ?? null;
  }

  async find(id: string): Promise<SessionRow | null> {
    const { rows } = await this.db.query<SessionRow>(`SELECT ${ROW} FROM sessions WHERE id = $1`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  /** Ends one live session of the user; answers the session if it was live. */
  async revoke(id: string, userId: string, reason: string): Promise<SessionRow | null> {
    const { rows } = await this.db.query<SessionRow>(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = $3
        WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL
        RETURNING ${ROW}`,
      [id, userId, reason],
    );
    return rows[0] ?? null;
  }

  /** Ends every live session of the user but `keep`; answers those it ended. */
  async revokeOthers(userId: string, keep: string, reason: string): Promise<SessionRow[]> {
    const { rows } = await this.db.query<SessionRow>(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = $3
        WHERE user_id = $1 AND id::text <> $2 AND revoked_at IS NULL AND expires_at > now()
        RETURNING ${ROW}`,
      [userId, keep, reason],
    );
    return rows;
  }

  /**
   * Ends every live session of the user; answers those it ended. The session that asked
   * (`by`) gets `reason`, the others `othersReason`.
   */
  async revokeAll(
    userId: string,
    reason: string,
    by: string | undefined,
    othersReason: string,
  ): Promise<SessionRow[]> {
    const { rows } = await this.db.query<SessionRow>(
      `UPDATE sessions
          SET revoked_at = now(),
              revoked_reason = CASE WHEN id::text = $3 THEN $2 ELSE $4 END
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
        RETURNING ${ROW}`,
      [userId, reason, by ?? '', othersReason],
    );
    return rows;
  }

  /** The user's latest sign-ins, newest first (spec §3 `logins`). */
  async latestLogins(
    userId: string,
    currentSessionId: string,
    limit: number,
  ): Promise<LoginEntry[]> {
    const { rows } = await this.db.query<LoginEntry>(
      `SELECT id AS "loginId", created_at AS date, ip, latitude::text AS latitude,
              longitude::text AS longitude, id = $2 AS current
         FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT $3`,
      [userId, currentSessionId, limit],
    );
    return rows;
  }
}
