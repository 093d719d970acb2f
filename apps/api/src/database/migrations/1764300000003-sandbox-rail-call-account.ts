import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sandbox rail notes the account of every send it receives, taken or not, so a rail that
 * is down for an account stays down for that reference's status checks too.
 */
export class SandboxRailCallAccount1764300000003 implements MigrationInterface {
  name = 'SandboxRailCallAccount1764300000003';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE sandbox_rail_calls ADD COLUMN account_number text');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE sandbox_rail_calls DROP COLUMN account_number');
  }
}
