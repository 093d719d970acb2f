import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../database/unit-of-work.js';

export interface SpentLinkToken {
  id: string;
  userId: string;
  createdBy: string;
}

export interface RefusedLinkToken {
  id: string;
  userId: string;
  createdBy: string;
  reason: 'used' | 'expired';
}

/** One-time sign-in tokens, kept by their SHA-256 only. */
@Injectable()
export class LinkTokensRepository {
  constructor(private readonly db: Db) {}

  async insert(
    tx: Tx,
    link: { tokenHash: Buffer; userId: string; createdBy: string; expiresAt: Date },
  ): Promise<string> {
    const [row] = (
      await tx.query<{ id: string }>(
        `INSERT INTO link_tokens (token_hash, user_id, created_by, expires_at)
       VALUES ($1, $2, $3, $4) RETURNING id`,
        [link.tokenHash, link.userId, link.createdBy, link.expiresAt],
      )
    ).rows;
    return row!.id;
  }

  /**
   * Spends the token if it is still good, in one statement: of two uses racing each other the
   * second waits for the first's row lock, then finds `used_at` set and gets nothing back.
   * Expiry is judged by the application clock that set it.
   */
  async spend(tx: Tx, tokenHash: Buffer, now: Date): Promise<SpentLinkToken | null> {
    const { rows } = await tx.query<SpentLinkToken>(
      `UPDATE link_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
        RETURNING id, user_id AS "userId", created_by AS "createdBy"`,
      [tokenHash, now],
    );
    return rows[0] ?? null;
  }

  async recordSession(tx: Tx, id: string, sessionId: string): Promise<void> {
    await tx.query('UPDATE link_tokens SET session_id = $2 WHERE id = $1', [id, sessionId]);
  }

  /** Why a token that could not be spent was refused, for the audit log; null when unknown. */
  async whyRefused(tokenHash: Buffer, now: Date): Promise<RefusedLinkToken | null> {
    const [row] = (
      await this.db.query<RefusedLinkToken>(
        `SELECT id, user_id AS "userId", created_by AS "createdBy",
              CASE WHEN used_at IS NOT NULL THEN 'used' ELSE 'expired' END AS reason
         FROM link_tokens WHERE token_hash = $1 AND (used_at IS NOT NULL OR expires_at <= $2)`,
        [tokenHash, now],
      )
    ).rows;
    return row ?? null;
  }
}
