import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: a partner's call carries its key id and a signature, never the secret, so the
 * server must hold the secret itself to check the HMAC: it is kept sealed (SecretBox) in
 * `secret_sealed`. Keys made before kept only a SHA-256 of their secret and cannot sign the new
 * way: they are revoked here (the partner makes a new key, with its PIN and an OTP), and the
 * hash column goes. A live key always has a sealed secret.
 */
export class PartnerKeySigning1765400031100 implements MigrationInterface {
  name = 'PartnerKeySigning1765400031100';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE partner_api_keys ADD COLUMN secret_sealed text');
    await db.query('UPDATE partner_api_keys SET revoked_at = now() WHERE revoked_at IS NULL');
    await db.query('ALTER TABLE partner_api_keys DROP COLUMN secret_hash');
    await db.query(
      `ALTER TABLE partner_api_keys ADD CONSTRAINT partner_api_keys_live_sealed
         CHECK (revoked_at IS NOT NULL OR secret_sealed IS NOT NULL)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE partner_api_keys DROP CONSTRAINT partner_api_keys_live_sealed');
    await db.query('ALTER TABLE partner_api_keys ADD COLUMN secret_hash bytea');
    await db.query('ALTER TABLE partner_api_keys DROP COLUMN secret_sealed');
  }
}
