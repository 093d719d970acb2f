import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Onboarding (issue 12, docs/decisions.md "Issue 12: onboarding"): a user's password or PIN
 * can be temporary (sent by SMS, to be replaced at the next sign-in); public signups prove
 * their mobile with an OTP; the sandbox SMS gateway keeps what it "sent" where tests and a
 * person running the portal can read it. Frozen literal SQL.
 */
export class Onboarding1764700000500 implements MigrationInterface {
  name = 'Onboarding1764700000500';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE users
        ADD COLUMN password_temporary boolean NOT NULL DEFAULT false,
        ADD COLUMN pin_temporary boolean NOT NULL DEFAULT false`);
    await db.query(`
      CREATE TABLE signup_otps (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        mobile text NOT NULL,
        otp_hash bytea NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await db.query(`CREATE INDEX signup_otps_mobile_idx ON signup_otps (mobile, created_at DESC)`);
    await db.query(`
      CREATE TABLE sandbox_sms_outbox (
        id bigserial PRIMARY KEY,
        to_mobile text NOT NULL,
        body text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX sandbox_sms_outbox_to_idx ON sandbox_sms_outbox (to_mobile, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sandbox_sms_outbox`);
    await db.query(`DROP TABLE signup_otps`);
    await db.query(`ALTER TABLE users DROP COLUMN pin_temporary, DROP COLUMN password_temporary`);
  }
}
