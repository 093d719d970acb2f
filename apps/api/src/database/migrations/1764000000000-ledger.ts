import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LEDGER_SCHEMA_SQL, LEDGER_SCHEMA_DOWN_SQL } from '@khata/ledger';

/** The ledger: events, postings, holds, system accounts and the append function (libs/ledger). */
export class Ledger1764000000000 implements MigrationInterface {
  name = 'Ledger1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(LEDGER_SCHEMA_SQL);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(LEDGER_SCHEMA_DOWN_SQL);
  }
}
