import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../database/unit-of-work.js';
import type { LockoutSchedule, PinCounters } from './pin-lockout.js';

export interface PinState extends PinCounters {
  pinHash: string;
}

/** Neither a timed lock at $2 nor the lock until a reset (more locks than the $3 timed ones). */
const NOT_LOCKED =
  '(pin_locked_until IS NULL OR pin_locked_until <= $2) AND pin_lockouts <= cardinality($3::int[])';
const COUNTERS = `pin_failures AS failures, pin_locked_until AS "lockedUntil",
  pin_lockouts AS lockouts`;

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
        `SELECT pin_hash AS "pinHash", ${COUNTERS} FROM users WHERE id = $1`,
        [userId],
      )
    ).rows;
    return row ?? null;
  }

  /**
   * Counts a wrong PIN unless the account is locked at `now`; the failure that reaches
   * `maxFailures` resets the count and sets the next lock of the schedule: until `now` plus its
   * length, or (past the last timed one) until a reset. Null when it was already locked.
   */
  async countFailure(
    userId: string,
    now: Date,
    maxFailures: number,
    schedule: LockoutSchedule,
  ): Promise<PinCounters | null> {
    const { rows } = await this.db.query<PinCounters>(
      `UPDATE users
          SET pin_failures = CASE WHEN pin_failures + 1 >= $4 THEN 0 ELSE pin_failures + 1 END,
              pin_lockouts = CASE WHEN pin_failures + 1 >= $4 THEN pin_lockouts + 1 ELSE pin_lockouts END,
              pin_locked_until = CASE
                WHEN pin_failures + 1 < $4 THEN pin_locked_until
                WHEN pin_lockouts < cardinality($3::int[])
                  THEN $2::timestamptz + make_interval(mins => ($3::int[])[pin_lockouts + 1])
                ELSE NULL END
        WHERE id = $1 AND ${NOT_LOCKED}
        RETURNING ${COUNTERS}`,
      [userId, now, schedule.minutes, maxFailures],
    );
    return rows[0] ?? null;
  }

  /**
   * Clears the counts after a right PIN, the locks before it included: whoever typed it knows
   * the PIN. False when the account is locked at `now`.
   */
  async countSuccess(userId: string, now: Date, schedule: LockoutSchedule): Promise<boolean> {
    const { rows } = await this.db.query(
      `UPDATE users SET pin_failures = 0, pin_locked_until = NULL, pin_lockouts = 0
        WHERE id = $1 AND ${NOT_LOCKED} RETURNING id`,
      [userId, now, schedule.minutes],
    );
    return rows.length > 0;
  }

  /** The user's own new PIN (the old one was proven): no count or lock carries over. */
  async replace(tx: Tx, userId: string, pinHash: string): Promise<void> {
    await tx.query(
      `UPDATE users SET pin_hash = $2, pin_failures = 0, pin_lockouts = 0, updated_at = now()
        WHERE id = $1`,
      [userId, pinHash],
    );
  }
}
