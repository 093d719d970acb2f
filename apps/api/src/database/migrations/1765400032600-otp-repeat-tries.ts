import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A double click is one try of a customer's OTP (stop 37's CI caught five clicks of one transfer
 * spending a 3-try code). `repeat_tries` keeps, for each try made under an Idempotency-Key, a
 * keyed hash of the key and the code tried; the same key with the same code again is the same
 * try, not a new one. A repeat carries no new guess, so the 3-try rule is unchanged.
 */
export class OtpRepeatTries1765400032600 implements MigrationInterface {
  name = 'OtpRepeatTries1765400032600';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE customer_otps ADD COLUMN repeat_tries bytea[] NOT NULL DEFAULT '{}'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE customer_otps DROP COLUMN repeat_tries`);
  }
}
