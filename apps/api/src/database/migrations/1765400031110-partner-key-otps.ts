import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: a key is made only with the partner's PIN and an OTP sent to its registered mobile.
 * Each OTP is bound to the key it approves (name and scopes, as the SMS showed them) and to the
 * partner; only a keyed hash of the code is kept. `used_at` ends one: used, or replaced.
 */
export class PartnerKeyOtps1765400031110 implements MigrationInterface {
  name = 'PartnerKeyOtps1765400031110';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE partner_key_otps (
        reference_key uuid PRIMARY KEY,
        partner_id    uuid NOT NULL REFERENCES users (id),
        mobile        text NOT NULL,
        name          text NOT NULL,
        scopes        text[] NOT NULL CHECK (cardinality(scopes) > 0),
        otp_hash      bytea NOT NULL,
        attempts      integer NOT NULL DEFAULT 0,
        created_at    timestamptz NOT NULL,
        expires_at    timestamptz NOT NULL,
        used_at       timestamptz
      )`);
    await db.query(
      'CREATE INDEX partner_key_otps_open_idx ON partner_key_otps (partner_id) WHERE used_at IS NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE partner_key_otps');
  }
}
