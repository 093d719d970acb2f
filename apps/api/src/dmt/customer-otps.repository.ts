import { Injectable } from '@nestjs/common';
import type { CustomerOtpPurpose } from '@khata/domain';
import type { Tx } from '../database/unit-of-work.js';

/** Which code: a remitter's OTP for one purpose and what it approves. */
export interface OtpAddress {
  remitterId: string;
  purpose: CustomerOtpPurpose;
  binding: string;
}

export interface NewCustomerOtp extends OtpAddress {
  id: string;
  otpHash: Buffer;
  requestedBy: string;
  createdAt: Date;
  expiresAt: Date;
}

/** The try a check took: the code's hash, and how many tries it has had with this one. */
export interface CustomerOtpTry {
  id: string;
  otpHash: Buffer;
  attempts: number;
}

/** `customer_otps` (issue 25): hashed codes, their tries, use and voiding. */
@Injectable()
export class CustomerOtpsRepository {
  /**
   * Holds the sends of one address until the caller's transaction ends, so a burst of sends
   * counts them one after another (the limit holds in the database, whatever Redis does).
   */
  async lockSends(tx: Tx, address: OtpAddress): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 25))`, [
      `customer-otp:${address.remitterId}:${address.purpose}:${address.binding}`,
    ]);
  }

  /**
   * The creation times of the address's codes sent since `since` and never used, oldest first:
   * the resends the limit counts. A used code finished its act, so the next equal act (a
   * second ₹5,000 to the same beneficiary in one visit) is a new send, not a resend.
   */
  async sentSince(tx: Tx, address: OtpAddress, since: Date): Promise<Date[]> {
    const { rows } = await tx.query<{ createdAt: Date }>(
      `SELECT created_at AS "createdAt" FROM customer_otps
        WHERE remitter_id = $1 AND purpose = $2 AND binding = $3 AND created_at > $4
          AND used_at IS NULL
        ORDER BY created_at`,
      [address.remitterId, address.purpose, address.binding, since],
    );
    return rows.map((row) => row.createdAt);
  }

  /** Only the newest code of an address works: the open ones before it are voided. */
  async voidOpen(tx: Tx, address: OtpAddress, at: Date): Promise<void> {
    await tx.query(
      `UPDATE customer_otps SET voided_at = $4
        WHERE remitter_id = $1 AND purpose = $2 AND binding = $3
          AND used_at IS NULL AND voided_at IS NULL`,
      [address.remitterId, address.purpose, address.binding, at],
    );
  }

  async insert(tx: Tx, otp: NewCustomerOtp): Promise<void> {
    await tx.query(
      `INSERT INTO customer_otps
         (id, remitter_id, purpose, binding, otp_hash, requested_by, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        otp.id,
        otp.remitterId,
        otp.purpose,
        otp.binding,
        otp.otpHash,
        otp.requestedBy,
        otp.createdAt,
        otp.expiresAt,
      ],
    );
  }

  /**
   * Takes one try of the address's open code in one statement, before the code is compared:
   * a burst of guesses gets at most `maxAttempts` comparisons (a row lock orders them, and each
   * re-reads `attempts` once it has the row). Null: no open code (none sent, expired, used,
   * voided, or its tries spent).
   */
  async takeTry(
    tx: Tx,
    address: OtpAddress,
    at: Date,
    maxAttempts: number,
    repeat: Buffer | null,
  ): Promise<CustomerOtpTry | null> {
    // `repeat` (a keyed hash of the Idempotency-Key and the code): a try already made with it
    // is made again for free, even once the tries are spent; a new one is recorded.
    const { rows } = await tx.query<CustomerOtpTry>(
      `UPDATE customer_otps
          SET attempts = attempts + CASE WHEN $6 = ANY (repeat_tries) THEN 0 ELSE 1 END,
              repeat_tries = CASE WHEN $6 IS NULL OR $6 = ANY (repeat_tries) THEN repeat_tries
                                  ELSE array_append(repeat_tries, $6) END
        WHERE id = (SELECT id FROM customer_otps
                     WHERE remitter_id = $1 AND purpose = $2 AND binding = $3
                       AND used_at IS NULL AND voided_at IS NULL AND expires_at > $4
                     ORDER BY created_at DESC LIMIT 1)
          AND (attempts < $5 OR $6 = ANY (repeat_tries))
          AND used_at IS NULL AND voided_at IS NULL
        RETURNING id, otp_hash AS "otpHash", attempts`,
      [address.remitterId, address.purpose, address.binding, at, maxAttempts, repeat],
    );
    return rows[0] ?? null;
  }

  /** A code whose last try was wrong stops working at once (it could not match again anyway). */
  async voidSpent(tx: Tx, id: string, at: Date): Promise<void> {
    await tx.query(
      `UPDATE customer_otps SET voided_at = $2 WHERE id = $1 AND used_at IS NULL AND voided_at IS NULL`,
      [id, at],
    );
  }

  /** Compare-and-set: false when the code was used, voided or expired before this use. */
  async use(tx: Tx, id: string, at: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE customer_otps SET used_at = $2
        WHERE id = $1 AND used_at IS NULL AND voided_at IS NULL AND expires_at > $2`,
      [id, at],
    );
    return (rowCount ?? 0) > 0;
  }
}
