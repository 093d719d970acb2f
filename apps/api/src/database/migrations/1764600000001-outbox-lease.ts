import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payout outbox is claimed by lease (docs/decisions.md, "The outbox relay by lease"): a
 * relay moves `lease_until` forward in one short statement, then enqueues with no transaction
 * open. A relay that dies after its claim just lets the lease lapse. Frozen literal SQL.
 */
export class OutboxLease1764600000001 implements MigrationInterface {
  name = 'OutboxLease1764600000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE payout_outbox ADD COLUMN lease_until timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE payout_outbox DROP COLUMN lease_until`);
  }
}
