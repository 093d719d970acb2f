import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../database/unit-of-work.js';

/** The sign-in password's hash on the users row, for a user changing their own. */
@Injectable()
export class PasswordsRepository {
  constructor(private readonly db: Db) {}

  async findHash(userId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ passwordHash: string }>(
      'SELECT password_hash AS "passwordHash" FROM users WHERE id = $1',
      [userId],
    );
    return rows[0]?.passwordHash ?? null;
  }

  /** The user's own password: never temporary. */
  async replace(tx: Tx, userId: string, passwordHash: string): Promise<void> {
    await tx.query(
      `UPDATE users SET password_hash = $2, password_temporary = false,
              password_temporary_until = NULL, updated_at = now()
        WHERE id = $1`,
      [userId, passwordHash],
    );
  }
}
