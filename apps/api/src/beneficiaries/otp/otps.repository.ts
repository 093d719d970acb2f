import { Injectable } from '@nestjs/common';
import type { Tx } from '../../database/unit-of-work.js';

export interface StoredOtp {
  referenceKey: string;
  beneficiaryId: string;
  mobile: string;
  otpHash: Buffer;
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
}

const COLUMNS = `reference_key AS "referenceKey", beneficiary_id AS "beneficiaryId", mobile,
  otp_hash AS "otpHash", attempts, expires_at AS "expiresAt", used_at AS "usedAt"`;

/** The DMT registration OTPs (hashed). `used_at` ends an OTP: used, or replaced by a newer one. */
@Injectable()
export class OtpsRepository {
  async insert(
    tx: Tx,
    otp: Omit<StoredOtp, 'attempts' | 'usedAt'> & { createdAt: Date },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO beneficiary_otps
         (reference_key, beneficiary_id, mobile, otp_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [otp.referenceKey, otp.beneficiaryId, otp.mobile, otp.otpHash, otp.createdAt, otp.expiresAt],
    );
  }

  /** Ends every open OTP of the beneficiary: only the newest one sent may register it. */
  async endOpen(tx: Tx, beneficiaryId: string, at: Date): Promise<void> {
    await tx.query(
      'UPDATE beneficiary_otps SET used_at = $2 WHERE beneficiary_id = $1 AND used_at IS NULL',
      [beneficiaryId, at],
    );
  }

  async lock(tx: Tx, referenceKey: string, beneficiaryId: string): Promise<StoredOtp | undefined> {
    const { rows } = await tx.query<StoredOtp>(
      `SELECT ${COLUMNS} FROM beneficiary_otps
        WHERE reference_key = $1 AND beneficiary_id = $2 FOR UPDATE`,
      [referenceKey, beneficiaryId],
    );
    return rows[0];
  }

  async countAttempt(tx: Tx, referenceKey: string): Promise<void> {
    await tx.query('UPDATE beneficiary_otps SET attempts = attempts + 1 WHERE reference_key = $1', [
      referenceKey,
    ]);
  }

  async markUsed(tx: Tx, referenceKey: string, at: Date): Promise<void> {
    await tx.query('UPDATE beneficiary_otps SET used_at = $2 WHERE reference_key = $1', [
      referenceKey,
      at,
    ]);
  }
}
