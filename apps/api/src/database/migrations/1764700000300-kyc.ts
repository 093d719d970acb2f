import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * KYC (issue 12). Each user's current state sits on the user row (`kyc_state`, read by the
 * payout and AEPS gates), every submission with its decision in `kyc_submissions` (history
 * kept; the latest one explains the state). The shop photo is kept in the row itself: never
 * on a disk a web server serves, tied to its submission in one transaction, and readable by
 * every API process.
 *
 * Users that exist before this migration are grandfathered as approved: they were paying out
 * before KYC existed, and switching them off would stop working shops. New users start at
 * `none`.
 */
export class Kyc1764700000300 implements MigrationInterface {
  name = 'Kyc1764700000300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE users
        ADD COLUMN kyc_state text NOT NULL DEFAULT 'approved'
          CHECK (kyc_state IN ('none', 'submitted', 'approved', 'rejected'))`);
    await db.query(`ALTER TABLE users ALTER COLUMN kyc_state SET DEFAULT 'none'`);
    await db.query(`
      CREATE TABLE kyc_submissions (
        id             uuid PRIMARY KEY,
        user_id        uuid NOT NULL REFERENCES users (id),
        pan            text NOT NULL CHECK (pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
        aadhaar_last4  text NOT NULL CHECK (aadhaar_last4 ~ '^[0-9]{4}$'),
        photo          bytea NOT NULL CHECK (octet_length(photo) BETWEEN 1 AND 2097152),
        photo_type     text NOT NULL CHECK (photo_type IN ('image/png', 'image/jpeg', 'image/webp')),
        state          text NOT NULL CHECK (state IN ('submitted', 'approved', 'rejected')),
        reason         text CHECK (length(reason) <= 300),
        submitted_at   timestamptz NOT NULL,
        decided_at     timestamptz,
        decided_by     uuid REFERENCES users (id),
        CHECK ((state = 'submitted') = (decided_at IS NULL)),
        CHECK (state <> 'rejected' OR reason IS NOT NULL)
      )`);
    // At most one submission waits per user, whatever races.
    await db.query(
      `CREATE UNIQUE INDEX kyc_submissions_one_waiting ON kyc_submissions (user_id) WHERE state = 'submitted'`,
    );
    await db.query('CREATE INDEX kyc_submissions_queue ON kyc_submissions (state, submitted_at)');
    await db.query(
      'CREATE INDEX kyc_submissions_user ON kyc_submissions (user_id, submitted_at DESC)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE kyc_submissions');
    await db.query('ALTER TABLE users DROP COLUMN kyc_state');
  }
}
