import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, paying a late return's compensation (docs/decisions.md "Issue 14: compensation
 * paid, day book picker, CSV download tickets"): `system:compensation`, Khata's expense account
 * the ₹100-a-day compensation is paid from, sharded like the other system accounts. A frozen
 * copy of what libs/ledger/sql/01-accounts.sql now opens for it.
 */
export class CompensationAccount1765200001000 implements MigrationInterface {
  name = 'CompensationAccount1765200001000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      INSERT INTO ledger_accounts (kind, code, floor_exempt)
      SELECT 'system:compensation', 'system:compensation/' || shard, true
        FROM generate_series(0, 15) AS shard
       ORDER BY shard`);
  }

  async down(): Promise<void> {
    // Accounts are append-only facts of the ledger: once opened (and possibly posted to), kept.
  }
}
