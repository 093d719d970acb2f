import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23: the PAN on file, on the user row. TDS on commission is 2% with a PAN and 20%
 * without (section 206AA); until now a PAN counted only inside an approved KYC submission,
 * so users grandfathered as approved paid 20% with nowhere to give one. The column is filled
 * from each user's latest approved submission; an approval and the dashboard's PAN task write
 * it from now on.
 */
export class UsersPan1765300023160 implements MigrationInterface {
  name = 'UsersPan1765300023160';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE users ADD COLUMN pan text
         CONSTRAINT users_pan_format CHECK (pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$')`,
    );
    await db.query(
      `UPDATE users u SET pan = latest.pan
         FROM (SELECT DISTINCT ON (user_id) user_id, pan FROM kyc_submissions
                WHERE state = 'approved' ORDER BY user_id, decided_at DESC NULLS LAST) latest
        WHERE latest.user_id = u.id`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users DROP COLUMN pan');
  }
}
