import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 12, Merchant list: a retailer's city (nullable; onboarding may fill it), and an index
 * for the admin dashboard's payouts of the day. Frozen literal SQL.
 */
export class MerchantCity1764700000400 implements MigrationInterface {
  name = 'MerchantCity1764700000400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE users ADD COLUMN city text CHECK (city IS NULL OR char_length(city) BETWEEN 1 AND 80)`,
    );
    await db.query(`CREATE INDEX payouts_created_idx ON payouts (created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX payouts_created_idx`);
    await db.query(`ALTER TABLE users DROP COLUMN city`);
  }
}
