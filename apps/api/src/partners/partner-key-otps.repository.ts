import { Injectable } from '@nestjs/common';
import type { PartnerScope } from '@khata/domain';
import type { Tx } from '../database/unit-of-work.js';

/** The key an OTP approves, as its SMS named it. */
export interface RequestedKey {
  name: string;
  scopes: PartnerScope[];
}

export interface KeyOtpTry extends RequestedKey {
  otpHash: Buffer;
}

/** Key-creation OTPs (issue 31): only a keyed hash of each code is kept (OtpCodes). */
@Injectable()
export class PartnerKeyOtpsRepository {
  /** A new OTP for the partner's key; any older open one stops working. */
  async insert(
    tx: Tx,
    otp: RequestedKey & {
      referenceKey: string;
      partnerId: string;
      mobile: string;
      otpHash: Buffer;
      now: Date;
      expiresAt: Date;
    },
  ): Promise<void> {
    await tx.query(
      'UPDATE partner_key_otps SET used_at = $2 WHERE partner_id = $1 AND used_at IS NULL',
      [otp.partnerId, otp.now],
    );
    await tx.query(
      `INSERT INTO partner_key_otps
         (reference_key, partner_id, mobile, name, scopes, otp_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        otp.referenceKey,
        otp.partnerId,
        otp.mobile,
        otp.name,
        otp.scopes,
        otp.otpHash,
        otp.now,
        otp.expiresAt,
      ],
    );
  }

  /**
   * Takes one try of the partner's open OTP before the code is compared, in one statement, so a
   * burst of guesses compares at most `maxAttempts` of them. Null: no such open OTP of this
   * partner (none, another partner's, expired, used, replaced, or its tries are spent).
   */
  async takeTry(
    tx: Tx,
    otp: { referenceKey: string; partnerId: string; now: Date; maxAttempts: number },
  ): Promise<KeyOtpTry | null> {
    const { rows } = await tx.query<KeyOtpTry>(
      `UPDATE partner_key_otps SET attempts = attempts + 1
        WHERE reference_key = $1 AND partner_id = $2 AND used_at IS NULL AND expires_at > $3
          AND attempts < $4
        RETURNING name, scopes, otp_hash AS "otpHash"`,
      [otp.referenceKey, otp.partnerId, otp.now, otp.maxAttempts],
    );
    return rows[0] ?? null;
  }

  /** Ends the OTP in the key's transaction; false when another request used it first. */
  async use(tx: Tx, referenceKey: string, now: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      'UPDATE partner_key_otps SET used_at = $2 WHERE reference_key = $1 AND used_at IS NULL',
      [referenceKey, now],
    );
    return (rowCount ?? 0) > 0;
  }
}
