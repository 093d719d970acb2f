import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

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
    manager: EntityManager,
    otp: Omit<StoredOtp, 'attempts' | 'usedAt'> & { createdAt: Date },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO beneficiary_otps
         (reference_key, beneficiary_id, mobile, otp_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [otp.referenceKey, otp.beneficiaryId, otp.mobile, otp.otpHash, otp.createdAt, otp.expiresAt],
    );
  }

  /** Ends every open OTP of the beneficiary: only the newest one sent may register it. */
  async endOpen(manager: EntityManager, beneficiaryId: string, at: Date): Promise<void> {
    await manager.query(
      'UPDATE beneficiary_otps SET used_at = $2 WHERE beneficiary_id = $1 AND used_at IS NULL',
      [beneficiaryId, at],
    );
  }

  async lock(
    manager: EntityManager,
    referenceKey: string,
    beneficiaryId: string,
  ): Promise<StoredOtp | undefined> {
    const rows: StoredOtp[] = await manager.query(
      `SELECT ${COLUMNS} FROM beneficiary_otps
        WHERE reference_key = $1 AND beneficiary_id = $2 FOR UPDATE`,
      [referenceKey, beneficiaryId],
    );
    return rows[0];
  }

  async countAttempt(manager: EntityManager, referenceKey: string): Promise<void> {
    await manager.query(
      'UPDATE beneficiary_otps SET attempts = attempts + 1 WHERE reference_key = $1',
      [referenceKey],
    );
  }

  async markUsed(manager: EntityManager, referenceKey: string, at: Date): Promise<void> {
    await manager.query('UPDATE beneficiary_otps SET used_at = $2 WHERE reference_key = $1', [
      referenceKey,
      at,
    ]);
  }
}
