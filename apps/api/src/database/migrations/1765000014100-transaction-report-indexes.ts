import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transaction report engine (issue 14) reads `transaction_records` by India's days for
 * everyone (admins) or a set of users, and finds a row by its UTR or account number. A frozen
 * copy of the read-model indexes in libs/ledger/sql/05-read-model.sql;
 * the read model holds account numbers masked, so a full one is found through `payouts`.
 */
export class TransactionReportIndexes1765000014100 implements MigrationInterface {
  name = 'TransactionReportIndexes1765000014100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE INDEX transaction_records_time_idx ON transaction_records (created_at DESC, opened_seq DESC)',
    );
    await db.query(
      'CREATE INDEX transaction_records_user_time_idx ON transaction_records (user_id, created_at DESC)',
    );
    await db.query(
      'CREATE INDEX transaction_records_ref_idx ON transaction_records (external_ref) WHERE external_ref IS NOT NULL',
    );
    await db.query('CREATE INDEX payouts_account_number_idx ON payouts (account_number)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX payouts_account_number_idx');
    await db.query('DROP INDEX transaction_records_ref_idx');
    await db.query('DROP INDEX transaction_records_user_time_idx');
    await db.query('DROP INDEX transaction_records_time_idx');
  }
}
