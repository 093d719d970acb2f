import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31 item 14. `pin_lockouts`: how many times wrong PINs locked the account since its PIN
 * was last reset or proven right, so each lock lasts longer than the one before and the last
 * holds until a reset. `password_temporary_until`: when a temporary password (onboarding, a
 * reset, a new partner) stops signing in; a temporary password issued before this migration
 * gets 72 hours from now.
 */
export class CredentialExpiry1765400031500 implements MigrationInterface {
  name = 'CredentialExpiry1765400031500';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE users
         ADD COLUMN pin_lockouts integer NOT NULL DEFAULT 0
           CONSTRAINT users_pin_lockouts_range CHECK (pin_lockouts >= 0),
         ADD COLUMN password_temporary_until timestamptz`,
    );
    await db.query(
      `UPDATE users SET password_temporary_until = now() + interval '72 hours'
        WHERE password_temporary`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      'ALTER TABLE users DROP COLUMN password_temporary_until, DROP COLUMN pin_lockouts',
    );
  }
}
