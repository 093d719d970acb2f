import type { MigrationInterface, QueryRunner } from 'typeorm';
import { READ_MODEL_SCHEMA_DOWN_SQL, READ_MODEL_SCHEMA_SQL } from '@khata/ledger';

/** The read model projected from the ledger: transaction records, monthly totals (libs/ledger). */
export class ReadModel1764100000000 implements MigrationInterface {
  name = 'ReadModel1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(READ_MODEL_SCHEMA_SQL);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(READ_MODEL_SCHEMA_DOWN_SQL);
  }
}
