import { Injectable } from '@nestjs/common';
import type { TemporaryCredential } from '@khata/domain';
import { Db, type Tx } from '../database/unit-of-work.js';

export interface CredentialsRow {
  id: string;
  mobile: string;
  passwordHash: string;
  pinHash: string;
  passwordTemporary: boolean;
  pinTemporary: boolean;
}

const SELECT_ROW = `SELECT id, mobile, password_hash AS "passwordHash", pin_hash AS "pinHash",
       password_temporary AS "passwordTemporary", pin_temporary AS "pinTemporary"
  FROM users`;

/** A user's password and PIN hashes and whether each is temporary, on the users row. */
@Injectable()
export class CredentialsRepository {
  constructor(private readonly db: Db) {}

  /** The row as it is now, outside any transaction. */
  current(userId: string): Promise<CredentialsRow | null> {
    return this.find(this.db, userId);
  }

  /** The row as it is now, unlocked (what a check before the transaction reads). */
  async find(db: Tx, userId: string): Promise<CredentialsRow | null> {
    const { rows } = await db.query<CredentialsRow>(`${SELECT_ROW} WHERE id = $1`, [userId]);
    return rows[0] ?? null;
  }

  /** The row, locked until `tx` ends: a reset and a change of the same user run one at a time. */
  async lock(tx: Tx, userId: string): Promise<CredentialsRow | null> {
    const { rows } = await tx.query<CredentialsRow>(`${SELECT_ROW} WHERE id = $1 FOR UPDATE`, [
      userId,
    ]);
    return rows[0] ?? null;
  }

  /**
   * A temporary value from an admin's reset: a password signs in until `expiresAt`; a reset
   * PIN also ends a PIN lockout, the one until a reset included.
   */
  async setTemporary(
    tx: Tx,
    userId: string,
    what: TemporaryCredential,
    hash: string,
    expiresAt: Date,
  ) {
    if (what === 'password') {
      await tx.query(
        `UPDATE users SET password_hash = $2, password_temporary = true,
                password_temporary_until = $3, updated_at = now()
          WHERE id = $1`,
        [userId, hash, expiresAt],
      );
      return;
    }
    await tx.query(
      `UPDATE users SET pin_hash = $2, pin_temporary = true, pin_failures = 0,
              pin_locked_until = NULL, pin_lockouts = 0, updated_at = now()
        WHERE id = $1`,
      [userId, hash],
    );
  }

  /** The user's own values replace the temporary ones (null: that one was not temporary). */
  async setOwn(
    tx: Tx,
    userId: string,
    hashes: { passwordHash: string | null; pinHash: string | null },
  ): Promise<void> {
    await tx.query(
      `UPDATE users
          SET password_hash = coalesce($2, password_hash),
              password_temporary = CASE WHEN $2::text IS NULL THEN password_temporary ELSE false END,
              password_temporary_until = CASE WHEN $2::text IS NULL THEN password_temporary_until ELSE NULL END,
              pin_hash = coalesce($3, pin_hash),
              pin_temporary = CASE WHEN $3::text IS NULL THEN pin_temporary ELSE false END,
              pin_failures = CASE WHEN $3::text IS NULL THEN pin_failures ELSE 0 END,
              pin_locked_until = CASE WHEN $3::text IS NULL THEN pin_locked_until ELSE NULL END,
              pin_lockouts = CASE WHEN $3::text IS NULL THEN pin_lockouts ELSE 0 END,
              updated_at = now()
        WHERE id = $1`,
      [userId, hashes.passwordHash, hashes.pinHash],
    );
  }

  /** The sign-in number; the unique index refuses one another user has (users_mobile_key). */
  async changeMobile(tx: Tx, userId: string, mobile: string): Promise<void> {
    await tx.query('UPDATE users SET mobile = $2, updated_at = now() WHERE id = $1', [
      userId,
      mobile,
    ]);
  }
}
