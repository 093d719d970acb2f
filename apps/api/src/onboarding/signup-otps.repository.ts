import { Injectable } from '@nestjs/common';
import type { Tx } from '../database/unit-of-work.js';

export interface SignupOtpTry {
  id: string;
  otpHash: Buffer;
}

/** Signup OTPs: only a keyed hash of each code is kept (OtpCodes). */
@Injectable()
export class SignupOtpsRepository {
  /** A new OTP for the number; any older open one stops working. */
  async insert(
    tx: Tx,
    otp: { id: string; mobile: string; otpHash: Buffer; now: Date; expiresAt: Date },
  ): Promise<void> {
    await tx.query(`UPDATE signup_otps SET used_at = $2 WHERE mobile = $1 AND used_at IS NULL`, [
      otp.mobile,
      otp.now,
    ]);
    await tx.query(
      `INSERT INTO signup_otps (id, mobile, otp_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [otp.id, otp.mobile, otp.otpHash, otp.now, otp.expiresAt],
    );
  }

  /**
   * Takes one try of the number's open OTP before the code is compared, in one statement, so a
   * burst of guesses compares at most `maxAttempts` of them. Null: no open OTP (none sent,
   * expired, used, or its tries are spent).
   */
  async takeTry(
    tx: Tx,
    mobile: string,
    now: Date,
    maxAttempts: number,
  ): Promise<SignupOtpTry | null> {
    const { rows } = await tx.query<SignupOtpTry>(
      `UPDATE signup_otps SET attempts = attempts + 1
        WHERE id = (SELECT id FROM signup_otps
                     WHERE mobile = $1 AND used_at IS NULL AND expires_at > $2
                     ORDER BY created_at DESC LIMIT 1)
          AND attempts < $3 AND used_at IS NULL
        RETURNING id, otp_hash AS "otpHash"`,
      [mobile, now, maxAttempts],
    );
    return rows[0] ?? null;
  }

  /** Marks the OTP used in the signup's transaction; false when another request used it first. */
  async use(tx: Tx, id: string, now: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE signup_otps SET used_at = $2 WHERE id = $1 AND used_at IS NULL`,
      [id, now],
    );
    return (rowCount ?? 0) > 0;
  }
}
