import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../database/unit-of-work.js';
import type { PinCounters } from './pin-lockout.js';

export interface PinState extends PinCounters {
  pinHash: string;
}

const NOT_LOCKED = '(pin_locked_until IS NULL OR pin_locked_until <= $2)';

/**
 * The transaction PIN and its lockout counters on the users row. Every change is one UPDATE
 * whose condition is evaluated on the row as it is when the row lock is taken, so concurrent
 * attempts each count and none of them slips past a lock set a moment earlier.
 */
@Injectable()
export class PinsRepository {
  constructor(private readonly db: Db) {}

  async find(userId: string): Promise<PinState | null> {
    const [row] = (
      await this.db.query<PinState>(
        `SELECT pin_hash AS "pinHash", pin_failures AS failures, pin_locked_until AS "lockedUntil"
         FROM users WHERE id = $1`,
        [userId],
      )
    ).rows;
    return row ?? null;
  }

  /**
   * Counts a wrong PIN unless the account is locked at `now`; the failure that reaches
   * `maxFailures` sets the lock and resets the count. Null when it was already locked.
   */
  async countFailure(
    userId: string,
    now: Date,
    maxFailures: number,
    lockUntil: Date,
  ): Promise<PinCounters | null> {
    const { rows } = await this.db.query<PinCounters>(
      `UPDATE users
          SET pin_failures = CASE WHEN pin_failures + 1 >= $3 THEN 0 ELSE pin_failures + 1 END,
              pin_locked_until = CASE WHEN pin_failures + 1 >= $3 THEN $4::timestamptz ELSE pin_locked_until END
        WHERE id = $1 AND ${NOT_LOCKED}
        RETURNING pin_failures AS failures, pin_locked_until AS "lockedUntil"`,
      [userId, now, maxFailures, lockUntil],
    );
    return rows[0] ?? null;
  }

  /** Clears the count after a right PIN; false when the account is locked at `now`. */
  async countSuccess(userId: string, now: Date): Promise<boolean> {
    const { rows } = await this.db.query(
      `UPDATE users SET pin_failures = 0, pin_locked_until = NULL
        WHERE id = $1 AND ${NOT_LOCKED} RETURNING id`,
      [userId, now],
    );
    return rows.length > 0;
  }

  async replace(tx: Tx, userId: string, pinHash: string): Promise<void> {
    await tx.query(
      'UPDATE users SET pin_hash = $2, pin_failures = 0, updated_at = now() WHERE id = $1',
      [userId, pinHash],
    );
  }
}
